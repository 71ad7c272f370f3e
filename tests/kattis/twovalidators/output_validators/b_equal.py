# Output validator 2 of 2: the output's integer is the answer's.
import sys
answer = int(open(sys.argv[2]).read())
feedback = sys.argv[3]
try:
    got = int(sys.stdin.read())
except ValueError:
    got = None
if got == answer:
    sys.exit(42)
open(feedback + "/judgemessage.txt", "w").write("b_equal: expected %d, got %s" % (answer, got))
sys.exit(43)
