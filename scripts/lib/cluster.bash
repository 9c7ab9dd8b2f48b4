# What scripts/cluster-parallel and scripts/cluster-slurm share: reading
# the autotester arguments of one run, and the arguments that make one
# shard of it. Sourced, not run.

# The run's kind, from its first argument: `flags` (fastchess-style
# flags), `run` (a config file) or `tune` (SPSA); anything else is refused.
cluster_kind() {
  case "${1-}" in
    run) echo run ;;
    tune) echo tune ;;
    --*) return 1 ;;
    -?*) echo flags ;;
    *) return 1 ;;
  esac
}

# Refuses arguments the scripts set themselves: the shard and, for a
# match, the PGN of each shard.
cluster_check_args() {
  local a
  for a in "$@"; do
    case "$a" in
      -shard | --shard | --shard=* | --collect | --collect=* | -pgnout | --pgn | --pgn=*)
        echo "leave out $a: the script gives each job its shard and PGN" >&2
        return 1
        ;;
    esac
  done
}

# The value of `--iterations N` (or `--iterations=N`) among the arguments:
# a sharded tuning run plays that many iterations, one after another.
cluster_iterations() {
  local previous="" a
  for a in "$@"; do
    case "$a" in
      --iterations=*) echo "${a#--iterations=}"; return 0 ;;
    esac
    if [ "$previous" = --iterations ]; then
      echo "$a"
      return 0
    fi
    previous=$a
  done
  return 1
}

# Where the shard's number goes in a job's command line: the scripts
# quote the command for the shell, then put the batch system's own
# placeholder here (GNU parallel's {}, a shell variable in a Slurm job).
CLUSTER_K=@K@

# The arguments that make a run of kind $1 play shard CLUSTER_K of $2,
# writing (for a match) to the PGN $3, which holds CLUSTER_K too.
cluster_shard_args() {
  local kind=$1 n=$2 pgn=${3-}
  case "$kind" in
    flags) printf '%s\n' -shard "$CLUSTER_K/$n" -pgnout "file=$pgn" ;;
    run) printf '%s\n' --shard "$CLUSTER_K/$n" --pgn "$pgn" ;;
    tune) printf '%s\n' --shard "$CLUSTER_K/$n" ;;
  esac
}

# The words given, each quoted for a POSIX shell, on one line.
cluster_quote() {
  local out="" w
  for w in "$@"; do
    out+="$(printf '%q' "$w") "
  done
  printf '%s' "${out% }"
}

# The autotester to run: $AUTOTESTER, else the release build beside the
# scripts; as an absolute path, since jobs may start elsewhere.
cluster_autotester() {
  local path=${1:-${AUTOTESTER:-$(dirname "$0")/../target/release/autotester}}
  if [ ! -x "$path" ]; then
    echo "no autotester at $path: build it (cargo build --release -p autotester) or give --autotester PATH" >&2
    return 1
  fi
  realpath "$path"
}
