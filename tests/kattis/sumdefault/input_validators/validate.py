#!/usr/bin/env python3
"""Input validator for sum-default: exit 42 if stdin is a valid input, 43 if not.

Format: line 1 "n", line 2 n integers separated by single spaces, each line
ending in '\n', nothing else. 1 <= n <= 1000 (100000 with the flag "big"),
|a_i| <= 10^9, integers written canonically (no leading zeros, no "-0", no '+').
"""
import re
import sys

INT = re.compile(rb"-?(0|[1-9][0-9]*)\Z")


def fail(msg):
    sys.stderr.write(msg + "\n")
    sys.exit(43)


def parse_int(tok, lo, hi):
    if not INT.match(tok) or tok == b"-0":
        fail(f"not a canonical integer: {tok[:20]!r}")
    v = int(tok)
    if not lo <= v <= hi:
        fail(f"{v} out of range [{lo}, {hi}]")
    return v


def main():
    max_n = 100000 if "big" in sys.argv[1:] else 1000
    data = sys.stdin.buffer.read()
    if not data.endswith(b"\n"):
        fail("input does not end with a newline")
    lines = data[:-1].split(b"\n")
    if len(lines) != 2:
        fail(f"expected 2 lines, got {len(lines)}")
    n = parse_int(lines[0], 1, max_n)
    toks = lines[1].split(b" ")
    if len(toks) != n:
        fail(f"expected {n} integers separated by single spaces")
    for t in toks:
        parse_int(t, -10**9, 10**9)
    sys.exit(42)


main()
