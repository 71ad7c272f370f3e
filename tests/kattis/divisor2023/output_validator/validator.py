#!/usr/bin/env python3
"""Output validator for "Nontrivial Divisor".

    validator.py input_file answer_file feedback_dir/ [args] < team_output

Accepts (42) exactly one integer d with 1 < d < n and n % d == 0; otherwise 43.
Writes the reason to feedback_dir/judgemessage.txt. Never crashes on junk output.
"""
import os
import re
import sys


def finish(code, msg):
    with open(os.path.join(sys.argv[3], "judgemessage.txt"), "a") as f:
        f.write(msg + "\n")
    sys.exit(code)


with open(sys.argv[1]) as f:
    n = int(f.read())
tokens = sys.stdin.buffer.read().split()
if len(tokens) != 1:
    finish(43, f"expected exactly one token, got {len(tokens)}")
tok = tokens[0]
if not re.fullmatch(rb"-?[0-9]{1,15}", tok):
    finish(43, f"not an integer: {tok[:30]!r}")
d = int(tok)
if not 1 < d < n:
    finish(43, f"{d} is not strictly between 1 and {n}")
if n % d != 0:
    finish(43, f"{d} does not divide {n}")
finish(42, f"{d} divides {n}")
