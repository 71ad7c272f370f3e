import re
import sys

# Two integers on one line; with --positive, both positive.
line = sys.stdin.read()
if not re.fullmatch(r"-?\d+ -?\d+\n", line):
    sys.exit(43)
a, b = map(int, line.split())
if "--positive" in sys.argv and (a <= 0 or b <= 0):
    sys.exit(43)
sys.exit(42)
