# Sends this pass's number x (the test's input, or the last pass's nextpass.in) and wants
# x + 1 back; passes 1 and 2 ask for another pass on that answer.
import os
import sys
x = int(open(sys.argv[1]).read())
feedback = sys.argv[3]
count_file = os.path.join(feedback, "passes.txt")
passes = int(open(count_file).read()) + 1 if os.path.exists(count_file) else 1
open(count_file, "w").write(str(passes))
print(x, flush=True)
line = sys.stdin.readline().strip()
if line != str(x + 1):
    open(os.path.join(feedback, "judgemessage.txt"), "a").write(
        "expected %d, got %r (the interactor's pass %d)" % (x + 1, line, passes))
    sys.exit(43)
if passes < 3:
    open(os.path.join(feedback, "nextpass.in"), "w").write("%d\n" % (x + 1))
sys.exit(42)
