#!/usr/bin/env bash
# judge verify and Kattis problemtools' verifyproblem side by side on the packages of
# tests/kattis/: the verdict each gives every submission, and the wall time each takes,
# in alternating rounds (judge first in odd rounds, verifyproblem first in even ones).
#
#   bench/kattis/run.sh [ROUNDS]          (default 3 rounds)
#
# problemtools is installed into target/problemtools-venv on the first run
# (python3 -m venv + pip install problemtools) unless PROBLEMTOOLS_VENV names one.
# verifyproblem runs with the parts config, data, submissions and validators (its
# statement check needs LaTeX) and the language overrides of bench/kattis/config/.
# With COLD=1 every judge run starts with an empty compile cache (problemtools compiles every
# submission on every run; judge keeps compiled programs between runs by default).
# Prints per package: both verdict lists, whether they agree, the median wall times and
# their ratio (verifyproblem / judge: above 1 means judge is faster).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
rounds="${1:-3}"
venv="${PROBLEMTOOLS_VENV:-$repo/target/problemtools-venv}"
if [ ! -x "$venv/bin/verifyproblem" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q problemtools
fi
cargo build --release --quiet --manifest-path "$repo/Cargo.toml"
judge="$repo/target/release/judge"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The packages are graded from a copy outside the repository, so that no project's
# runner.toml applies and the compile cache is the user's (an empty one with COLD=1).
cp -r "$repo/tests/kattis" "$work/packages"
cd "$work"

run_judge() { # package log
    local cache="$work/cache"
    if [ -n "${COLD:-}" ]; then rm -rf "$cache"; fi
    XDG_CACHE_HOME="$cache" "$judge" verify "$work/packages/$1" > "$2" 2>&1 || true
}
run_problemtools() { # package log
    XDG_CONFIG_HOME="$repo/bench/kattis/config" PATH="$venv/bin:$PATH" \
        "$venv/bin/verifyproblem" "$work/packages/$1" -p config data submissions validators \
        > "$2" 2>&1 || true
}
seconds() { # command...: wall seconds of the command
    local start end
    start=$(date +%s.%N)
    "$@"
    end=$(date +%s.%N)
    echo "$end - $start" | bc
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

printf '%-17s %-6s %10s %14s %7s\n' package agree judge_s verifyproblem_s ratio
for package in sumdefault floatanswers customchecker guessinteractive divisor2023; do
    : > "$work/judge.times"; : > "$work/pt.times"
    for round in $(seq 1 "$rounds"); do
        if [ $((round % 2)) = 1 ]; then
            seconds run_judge "$package" "$work/judge.log" >> "$work/judge.times"
            seconds run_problemtools "$package" "$work/pt.log" >> "$work/pt.times"
        else
            seconds run_problemtools "$package" "$work/pt.log" >> "$work/pt.times"
            seconds run_judge "$package" "$work/judge.log" >> "$work/judge.times"
        fi
    done
    # Verdicts: judge's rows "folder/name  EXPECTED  GOT ...", problemtools' lines
    # "   folder/name (Language) OK: VERDICT [...]".
    awk '$1 ~ /^(accepted|wrong_answer|time_limit_exceeded|run_time_error)\// {
            v = $3; sub(/^RE$/, "RTE", v); print $1, v }' "$work/judge.log" | sort > "$work/j.v"
    grep -E '^ +(accepted|wrong_answer|time_limit_exceeded|run_time_error)/' "$work/pt.log" |
        sed -E 's/^ +([^ ]+) \(.*\) (OK|Error|Warning)?:? *([A-Z]+).*/\1 \3/' | sort > "$work/p.v"
    agree=yes
    cmp -s "$work/j.v" "$work/p.v" || agree=NO
    j=$(median < "$work/judge.times"); p=$(median < "$work/pt.times")
    printf '%-17s %-6s %10.2f %14.2f %7.2f\n' "$package" "$agree" "$j" "$p" "$(echo "$p / $j" | bc -l)"
    if [ "$agree" = NO ] || [ -n "${SHOW_VERDICTS:-}" ]; then
        paste -d'|' "$work/j.v" "$work/p.v" | sed 's/^/    judge | problemtools: /'
    fi
done
