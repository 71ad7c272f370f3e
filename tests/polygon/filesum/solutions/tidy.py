# Right, and it checks that its folder holds nothing an earlier run left: it leaves a file
# of its own in it each run, and fails when it finds one there.
import os
import sys

if os.path.exists("left.txt"):
    sys.exit("left.txt was left by an earlier run")
with open("left.txt", "w") as left:
    left.write("left\n")
with open("input.txt") as given:
    a, b = map(int, given.read().split())
with open("output.txt", "w") as out:
    out.write(f"{a + b}\n")
