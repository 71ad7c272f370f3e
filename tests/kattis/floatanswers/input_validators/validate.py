#!/usr/bin/env python3
"""Input validator for floatanswers: exit 42 if stdin is valid, 43 if not.

Line 1: n (1..100). Then n lines "p q" with |p| <= 10^9, 1 <= q <= 10^9, single
spaces, canonical integers (no leading zeros, no "-0", no '+'), '\n' line ends.
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


data = sys.stdin.buffer.read()
if not data.endswith(b"\n"):
    fail("input does not end with a newline")
lines = data[:-1].split(b"\n")
n = parse_int(lines[0], 1, 100)
if len(lines) != n + 1:
    fail(f"expected {n + 1} lines, got {len(lines)}")
for line in lines[1:]:
    toks = line.split(b" ")
    if len(toks) != 2:
        fail("expected two integers separated by one space")
    parse_int(toks[0], -10**9, 10**9)
    parse_int(toks[1], 1, 10**9)
sys.exit(42)
