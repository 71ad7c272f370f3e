#!/usr/bin/env python3
"""Input validator for guessinteractive: exit 42 if stdin is valid, 43 if not.

One line "n q x": 1 <= n <= 10^6, ceil(log2(n+1)) <= q <= 100, 1 <= x <= n,
single spaces, canonical integers, '\n' at the end.
"""
import re
import sys

INT = re.compile(rb"(0|[1-9][0-9]*)\Z")


def fail(msg):
    sys.stderr.write(msg + "\n")
    sys.exit(43)


def parse_int(tok, lo, hi):
    if not INT.match(tok):
        fail(f"not a canonical non-negative integer: {tok[:20]!r}")
    v = int(tok)
    if not lo <= v <= hi:
        fail(f"{v} out of range [{lo}, {hi}]")
    return v


data = sys.stdin.buffer.read()
if not data.endswith(b"\n") or data.count(b"\n") != 1:
    fail("input must be exactly one line ending in a newline")
toks = data[:-1].split(b" ")
if len(toks) != 3:
    fail("expected 'n q x'")
n = parse_int(toks[0], 1, 10**6)
q = parse_int(toks[1], (n + 1 - 1).bit_length(), 100)
parse_int(toks[2], 1, n)
sys.exit(42)
