import sys

# Writes its test's input and answer itself, so no solution runs for it.
n = int(sys.argv[1])
with open("testcase.in", "w") as f:
    f.write(f"{n} {n}\n")
with open("testcase.ans", "w") as f:
    f.write(f"{2 * n}\n")
