#!/usr/bin/env python3
"""Input validator for interactivecpu: one line "rounds steps pause_ms" of non-negative
integers (rounds <= 10^6, steps <= 10^10, pause_ms <= 10^4); exit 42 if valid, 43 if not."""
import re
import sys

line = sys.stdin.buffer.read()
match = re.fullmatch(rb"(0|[1-9][0-9]*) (0|[1-9][0-9]*) (0|[1-9][0-9]*)\n", line)
if not match:
    sys.exit(43)
rounds, steps, pause_ms = (int(g) for g in match.groups())
sys.exit(42 if rounds <= 10**6 and steps <= 10**10 and pause_ms <= 10**4 else 43)
