# Pass after pass: the output must be the input plus one; passes 1 and 2 ask for another
# with that number as its input. The pass count is kept in the feedback folder.
import os
import sys
given = int(open(sys.argv[1]).read())
feedback = sys.argv[3]
count_file = os.path.join(feedback, "passes.txt")
passes = int(open(count_file).read()) + 1 if os.path.exists(count_file) else 1
open(count_file, "w").write(str(passes))
try:
    got = int(sys.stdin.read())
except ValueError:
    got = None
if got != given + 1:
    open(os.path.join(feedback, "judgemessage.txt"), "a").write(
        "expected %d, got %s (the validator's pass %d)" % (given + 1, got, passes))
    sys.exit(43)
if passes < 3:
    open(os.path.join(feedback, "nextpass.in"), "w").write("%d\n" % got)
sys.exit(42)
