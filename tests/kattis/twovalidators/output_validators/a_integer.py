# Output validator 1 of 2: the output is one integer.
import re
import sys
feedback = sys.argv[3]
if re.fullmatch(r"\s*-?[0-9]+\s*", sys.stdin.read()):
    sys.exit(42)
open(feedback + "/judgemessage.txt", "w").write("a_integer: not an integer")
sys.exit(43)
