# What scripts/mit-2016-players and scripts/mit-2018-players share:
# reading their two arguments, resolving commits, the Cilk stub and the
# serial build of one commit's player/ directory. Sourced, not run, by a
# script that has `set -euo pipefail` and its usage as the comment block
# between its first line and that `set` line.
#
# Globals it sets: mit_src (the git directory), mit_out (the output
# directory), mit_tmp (a temporary directory removed on exit), CC, OPT.

# mit_args "$@": prints the calling script's header as its usage and exits
# 2 unless there are exactly two arguments, <git> <out-dir>; checks that
# <git> is a git checkout or git directory.
mit_args() {
  if [ $# -ne 2 ]; then
    sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
    exit 2
  fi
  mit_src=$1
  mit_out=$2
  CC=${CC:-gcc}
  OPT=${OPT:--O3}
  git -C "$mit_src" rev-parse --git-dir >/dev/null 2>&1 ||
    { echo "error: $mit_src is not a git checkout or git directory" >&2; exit 1; }
}

# mit_commit <rev>: the full hash of commit <rev> of $mit_src.
mit_commit() {
  git -C "$mit_src" rev-parse --verify "$1^{commit}"
}

# mit_root_commit: the hash of the only root commit of $mit_src's HEAD;
# fails if there are several.
mit_root_commit() {
  local roots
  roots=$(git -C "$mit_src" rev-list --max-parents=0 HEAD)
  [ "$(printf '%s\n' "$roots" | wc -l)" -eq 1 ] ||
    { echo "error: several root commits; set MIT_REF_COMMIT" >&2; exit 1; }
  printf '%s\n' "$roots"
}

# mit_prepare: creates $mit_tmp (removed on exit) with the Cilk stub in
# $mit_tmp/stub (cilk_spawn and cilk_sync defined away, cilk_for = for,
# cilk/reducer.h empty), and $mit_out.
mit_prepare() {
  mit_tmp=$(mktemp -d)
  trap 'rm -rf "$mit_tmp"' EXIT
  mkdir -p "$mit_tmp/stub/cilk" "$mit_out"
  printf '#define cilk_spawn\n#define cilk_sync\n#define cilk_for for\n' \
    >"$mit_tmp/stub/cilk/cilk.h"
  : >"$mit_tmp/stub/cilk/reducer.h"
}

# mit_build <commit> <name>: compiles <commit>:player/ into $mit_out/<name>:
# leiserchess.c plus the SRC list of that commit's player/Makefile, serial,
# with the stub of mit_prepare.
mit_build() {
  local commit=$1 name=$2 dir="$mit_tmp/$2" srcs
  mkdir -p "$dir"
  git -C "$mit_src" archive "$commit" player | tar -x -C "$dir"
  [ -f "$dir/player/Makefile" ] && [ -f "$dir/player/leiserchess.c" ] ||
    { echo "error: $commit has no player/Makefile or player/leiserchess.c" >&2; exit 1; }
  # the uncommented `SRC := ...` line; the program is leiserchess.c + $(SRC)
  srcs=$(sed -n 's/^SRC[[:space:]]*:=[[:space:]]*//p' "$dir/player/Makefile")
  [ -n "$srcs" ] || { echo "error: no SRC := line in $commit:player/Makefile" >&2; exit 1; }
  echo "building $name from $commit: leiserchess.c $srcs" >&2
  # shellcheck disable=SC2086  # $OPT and $srcs are word lists
  (cd "$dir/player" &&
    "$CC" -std=gnu99 $OPT -DNDEBUG -w -include assert.h -I"$mit_tmp/stub" \
      leiserchess.c $srcs -o "$mit_tmp/$name.bin" -lm -lrt -lpthread)
  mv -f "$mit_tmp/$name.bin" "$mit_out/$name"
}

# mit_flags: the compiler line for the record file.
mit_flags() {
  echo "compiler: $("$CC" --version | head -1)"
  echo "flags: -std=gnu99 $OPT -DNDEBUG -w -include assert.h -I<cilk stub> ... -lm -lrt -lpthread"
}
