# Input validator: one line of two integers from 0 to 10^9, one space between them.
import re
import sys
line = sys.stdin.read()
ok = re.fullmatch(r"(0|[1-9][0-9]{0,9}) (0|[1-9][0-9]{0,9})\n", line)
ok = ok and all(int(n) <= 10**9 for n in line.split())
sys.exit(42 if ok else 43)
