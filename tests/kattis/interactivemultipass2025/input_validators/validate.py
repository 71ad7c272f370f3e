# A test's input is one whole number from 0 to 100 on a line.
import re
import sys
text = sys.stdin.read()
sys.exit(42 if re.fullmatch(r"(0|[1-9][0-9]?|100)\n", text) else 43)
