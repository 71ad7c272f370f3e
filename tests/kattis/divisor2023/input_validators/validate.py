#!/usr/bin/env python3
"""Input validator for divisor2023: exit 42 if stdin is valid, 43 if not.

One line with a composite n, 4 <= n <= 10^12, canonical, '\n' at the end.
"""
import re
import sys


def fail(msg):
    sys.stderr.write(msg + "\n")
    sys.exit(43)


data = sys.stdin.buffer.read()
if not re.fullmatch(rb"[1-9][0-9]*\n", data):
    fail("expected one canonical positive integer and a newline")
n = int(data)
if not 4 <= n <= 10**12:
    fail(f"{n} out of range")
d = 2
while d * d <= n:
    if n % d == 0:
        sys.exit(42)
    d += 1
fail(f"{n} is prime")
