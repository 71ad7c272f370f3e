import re
import sys

text = sys.stdin.read()
sys.exit(42 if re.fullmatch(r"[1-9][0-9]{0,5}\n", text) else 43)
