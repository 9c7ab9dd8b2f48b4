#!/usr/bin/env bash
# Hostile-engine sweep: short matches of misbehaving engines (mock-engine
# modes and small shell scripts) against chess-engine, then kill -9 of the
# tester mid-run and a rerun that must resume the PGN. Reports, per match:
# games in the PGN, the tester's exit code, panics, hangs (killed by the
# outer timeout), the tester's peak RSS (VmHWM, sampled), processes the
# engines started that are still alive afterwards, and losses on time of
# chess-engine. Bounded: every run has a timeout; about 3 minutes of wall
# time and less CPU on two cores.
#
#   autotester/scripts/hostile-sweep.sh [BIN_DIR]   (default target/ci)
#
# Build first: cargo build --profile ci --bins

set -u
BIN_SRC=${1:-target/ci}
W=$(mktemp -d /tmp/hostile-sweep.XXXXXX)
mkdir -p "$W/bin"
# Copies, so that a rebuild during the sweep changes nothing.
for b in autotester mock-engine chess-engine; do
    cp "$BIN_SRC/$b" "$W/bin/$b" || { echo "missing $BIN_SRC/$b"; exit 2; }
done
AT=$W/bin/autotester MOCK=$W/bin/mock-engine CE=$W/bin/chess-engine
PIDS=$W/pids    # every engine process and helper appends its id here
TC=${TC:-1+0.02}
ROUNDS=${ROUNDS:-2}

# --- engines -----------------------------------------------------------
mk() { cat > "$W/$1"; chmod +x "$W/$1"; }

# Mock modes, each recording its id.
for mode in crash hang illegal timeout flood flood-line; do
    mk "mock-$mode.sh" <<EOF
#!/bin/sh
exec "$MOCK" --game chess --mode $mode --pid-file "$PIDS"
EOF
done
mk mock-slow-start.sh <<EOF
#!/bin/sh
exec "$MOCK" --game chess --mode slow-start --delay-ms 3000 --pid-file "$PIDS"
EOF

# A shell engine that answers the handshake but plays e2e4 to every go.
mk liar.sh <<EOF
#!/bin/sh
echo \$\$ >> "$PIDS"
while read -r cmd; do
  case "\$cmd" in
    uci) echo "id name liar"; echo uciok;;
    isready) echo readyok;;
    go*) echo "bestmove e2e4";;
    quit) exit 0;;
  esac
done
EOF

# Wrong bestmove lines: nothing after bestmove, then garbage.
mk wrong-bestmove.sh <<EOF
#!/bin/sh
echo \$\$ >> "$PIDS"
n=0
while read -r cmd; do
  case "\$cmd" in
    uci) echo uciok;;
    isready) echo readyok;;
    go*) n=\$((n+1)); if [ \$((n % 2)) = 1 ]; then echo bestmove; else echo "bestmove zz99 ponder"; fi;;
    quit) exit 0;;
  esac
done
EOF

# Never says uciok (the run must stop naming it, after -startuptimeout).
mk no-uciok.sh <<EOF
#!/bin/sh
echo \$\$ >> "$PIDS"
while read -r cmd; do
  case "\$cmd" in
    uci) echo "id name mute";;
    isready) echo readyok;;
  esac
done
EOF

# The issue's reproducer: a random mover whose helper floods stdout with
# info lines from 0.3 s after start (while its opponent thinks too): a
# shell loop (a few MB/s, which the tester reads and drops between moves)
# and `yes` (GB/s, a flood).
mk shell-flood.sh <<EOF
#!/bin/sh
echo \$\$ >> "$PIDS"
(sleep 0.3; while :; do echo "info string xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"; done) &
"$MOCK" --game chess --pid-file "$PIDS"
EOF
mk yes-flood.sh <<EOF
#!/bin/sh
echo \$\$ >> "$PIDS"
(sleep 0.3; exec yes "info string xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx") &
"$MOCK" --game chess --pid-file "$PIDS"
EOF

# Wrappers without exec, each with a helper that ignores SIGTERM.
mk wrapped-hang.sh <<EOF
#!/bin/sh
echo \$\$ >> "$PIDS"
sh -c 'trap "" TERM; echo \$\$ >> "$PIDS"; exec sleep 600' &
"$MOCK" --game chess --mode hang --pid-file "$PIDS"
EOF
mk wrapped-engine.sh <<EOF
#!/bin/sh
echo \$\$ >> "$PIDS"
sh -c 'trap "" TERM; echo \$\$ >> "$PIDS"; exec sleep 600' &
"$CE"
EOF
# Slow to start, then the real engine.
mk slow-engine.sh <<EOF
#!/bin/sh
echo \$\$ >> "$PIDS"
sleep 3
exec "$CE"
EOF

# --- measuring ---------------------------------------------------------
alive_left() { # ids from $PIDS still alive (zombies excluded)
    local n=0
    for p in $(sort -u "$PIDS" 2>/dev/null); do
        if [ -r "/proc/$p/stat" ] && ! awk '{ sub(/.*\) /, ""); exit !($1 ~ /[ZX]/) }' "/proc/$p/stat"; then
            n=$((n + 1)); echo "$p $(cat /proc/$p/comm)" >> "$W/orphans"
        fi
    done
    echo $n
}

# time losses of chess-engine ("ce") and game count in a PGN
pgn_stats() {
    python3 - "$1" <<'EOF'
import re, sys
try:
    text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
except FileNotFoundError:
    text = ""
games = [g for g in re.split(r"\n(?=\[Event )", text) if g.strip()]
losses = 0
reasons = {}
for g in games:
    white = re.search(r'\[White "([^"]*)"\]', g).group(1)
    result = re.search(r'\[Result "([^"]*)"\]', g).group(1)
    comments = re.findall(r"\{([^}]*)\}", g)
    reason = " ".join(comments[-1].split()) if comments else "?"
    reason = re.sub(r"^(White|Black) ", "", reason)
    reason = re.sub(r"\(.*\)", "(...)", reason)
    reasons[reason] = reasons.get(reason, 0) + 1
    ce_white = white == "ce"
    if "loses on time" in reason and ((ce_white and result == "0-1") or (not ce_white and result == "1-0")):
        losses += 1
print(len(games), losses, "; ".join(f"{n}x {r}" for r, n in sorted(reasons.items())))
EOF
}

# run NAME TIMEOUT ARGS...: one tester run with peak-RSS sampling
run() {
    local name=$1 limit=$2; shift 2
    : > "$PIDS"
    local start=$(date +%s.%N)
    timeout -s KILL "$limit" "$AT" "$@" > "$W/$name.out" 2> "$W/$name.err" &
    local tpid=$!
    local atpid= hwm=0
    while kill -0 $tpid 2>/dev/null; do
        [ -z "$atpid" ] && atpid=$(pgrep -P $tpid -x autotester | head -1)
        if [ -n "$atpid" ] && [ -r /proc/$atpid/status ]; then
            local h=$(awk '/^VmHWM/ { print $2 }' /proc/$atpid/status 2>/dev/null)
            [ -n "$h" ] && [ "$h" -gt "$hwm" ] && hwm=$h
        fi
        sleep 0.05
    done
    wait $tpid; local rc=$?
    local secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
    sleep 0.5
    local left=$(alive_left)
    local panics=$(grep -c panicked "$W/$name.err")
    local hang=no; [ $rc = 137 ] && hang=yes
    read -r games ce_time reasons < <(pgn_stats "${PGN:-$W/$name.pgn}")
    printf "%-16s rc=%-3s %5.1fs games=%-2s panics=%s hang=%-3s peakRSS=%6s KiB left=%s ce-time-losses=%s | %s\n" \
        "$name" "$rc" "$secs" "$games" "$panics" "$hang" "$hwm" "$left" "$ce_time" "$reasons"
    if [ "$rc" != 0 ]; then sed 's/^/    stderr: /' "$W/$name.err" | grep -v "^    stderr: *$" | tail -2; fi
}

match() { # match NAME ENGINE_SCRIPT [extra flags]
    local name=$1 script=$2; shift 2
    run "$name" 120 -engine cmd="$W/$script" name=bad -engine cmd="$CE" name=ce \
        -each tc="$TC" -game chess -rounds "$ROUNDS" -concurrency 2 -quiet \
        -pgnout file="$W/$name.pgn" "$@"
}

echo "sweep in $W (tc $TC, $ROUNDS rounds, concurrency 2)"
match baseline      wrapped-engine.sh
for mode in crash hang illegal timeout flood flood-line slow-start; do
    match "mock-$mode" "mock-$mode.sh"
done
match liar          liar.sh
match wrong-bestmove wrong-bestmove.sh
match no-uciok      no-uciok.sh -startuptimeout 2
match shell-flood   shell-flood.sh
match yes-flood     yes-flood.sh
match wrapped-hang  wrapped-hang.sh
match slow-start-sh slow-engine.sh

# kill -9 of the tester mid-run, then a rerun that resumes the PGN.
echo "kill -9 and resume (chess-engine against itself in a wrapper, 6 rounds)"
for after in 2 4 6; do
    name=kill9-$after
    : > "$PIDS"
    args=(-engine cmd="$W/wrapped-engine.sh" name=ce -engine cmd="$CE" name=ce2
          -each tc="$TC" -game chess -rounds 6 -concurrency 2 -quiet -pgnout file="$W/$name.pgn")
    "$AT" "${args[@]}" > /dev/null 2>&1 &
    atpid=$!
    sleep "$after"
    kill -9 $atpid; wait $atpid 2>/dev/null
    read -r before _ < <(pgn_stats "$W/$name.pgn")
    sleep 1
    : > "$W/orphans"
    left_after_kill="$(alive_left) ($(cut -d' ' -f2 "$W/orphans" | sort | uniq -c | xargs))"
    # The SIGKILLed tester cannot kill anything: clear what it left.
    for p in $(sort -u "$PIDS"); do kill -9 "$p" 2>/dev/null; done
    PGN=$W/$name.pgn run "$name-rerun" 120 "${args[@]}"
    read -r total _ < <(pgn_stats "$W/$name.pgn")
    dups=$(grep -h --no-group-separator -A2 '^\[Round' "$W/$name.pgn" | paste - - - | sort | uniq -d | wc -l)
    echo "    killed after ${after}s with $before games in the PGN; processes alive 1s after the kill: $left_after_kill; after the rerun $total games, duplicates $dups; resumed: $(grep -o '[0-9]* already in' "$W/$name-rerun.out")"
    "$AT" elo "$W/$name.pgn" > "$W/$name.elo" 2>&1 || echo "    elo failed: $(cat "$W/$name.elo")"
done
echo "outputs in $W"
