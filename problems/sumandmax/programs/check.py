# Checker of "Sum and Maximum" in the CMS convention: called as `check.py input answer
# output`, it prints the test's outcome on standard output (1 both numbers right, 0.5 one of
# them, 0 neither or no two numbers) and says why on standard error.
import sys

input_file, answer_file, output_file = sys.argv[1:4]
expected = open(answer_file).read().split()
with open(output_file, "rb") as f:
    got = f.read(1 << 20).decode("ascii", "replace").split()
if len(got) != 2:
    print(0)
    print(f"expected two numbers, found {len(got)} words", file=sys.stderr)
    sys.exit(0)
right = [g == e for g, e in zip(got, expected)]
if all(right):
    print(1)
    print("right sum and maximum", file=sys.stderr)
elif any(right):
    print(0.5)
    which = "sum" if right[0] else "maximum"
    print(f"only the {which} is right", file=sys.stderr)
else:
    print(0)
    print(f"expected {' '.join(expected)}, found {' '.join(got)}", file=sys.stderr)
