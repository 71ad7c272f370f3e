# Input validator: one integer from -1000 to 1000 on a line.
import re
import sys
text = sys.stdin.read()
ok = re.fullmatch(r"-?[0-9]+\n", text) and -1000 <= int(text) <= 1000
sys.exit(42 if ok else 43)
