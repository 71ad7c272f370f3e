#!/usr/bin/env python3
"""Input validator for customchecker: exit 42 if stdin is valid, 43 if not.

Line 1: "n t" (2 <= n <= 1000, |t| <= 2*10^9); line 2: n integers |a_i| <= 10^9.
Single spaces, '\n' line ends, canonical integers.
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
if len(lines) != 2:
    fail(f"expected 2 lines, got {len(lines)}")
first = lines[0].split(b" ")
if len(first) != 2:
    fail("line 1 must be 'n t'")
n = parse_int(first[0], 2, 1000)
parse_int(first[1], -2 * 10**9, 2 * 10**9)
toks = lines[1].split(b" ")
if len(toks) != n:
    fail(f"expected {n} integers on line 2")
for tok in toks:
    parse_int(tok, -10**9, 10**9)
sys.exit(42)
