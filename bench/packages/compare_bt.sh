#!/usr/bin/env bash
# judge verify and, unless BT_LOGS names a folder of earlier `bt run --no-bar` outputs
# (PACKAGE.bt), BAPCtools' bt run on each package folder given, one after the other; then
# compare_bt.py's row of each. Usage: compare_bt.sh JUDGE BT OUT PACKAGE_DIR...
set -u
judge=$1 bt=$2 out=$3; shift 3
mkdir -p "$out"
here=$(dirname "$0")
for dir in "$@"; do
  name=$(basename "$dir")
  start=$(date +%s.%N)
  (cd /tmp && timeout 1200 "$judge" verify "$dir" > "$out/$name.judge" 2>&1)
  end=$(date +%s.%N)
  echo "$name judge $(echo "$end - $start" | bc)" >> "$out/times"
  if [ -z "${BT_LOGS:-}" ]; then
    start=$(date +%s.%N)
    (cd "$dir" && timeout 1200 "$bt" run --no-bar > "$out/$name.bt" 2>&1)
    end=$(date +%s.%N)
    echo "$name bt $(echo "$end - $start" | bc)" >> "$out/times"
  else
    cp "$BT_LOGS/$name.bt" "$out/$name.bt"
  fi
done
for dir in "$@"; do
  name=$(basename "$dir")
  python3 "$here/compare_bt.py" "$out/$name.judge" "$out/$name.bt" "$name"
done
