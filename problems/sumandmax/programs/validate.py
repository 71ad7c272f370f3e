# Input validator of "Sum and Maximum" (testlib convention: exit 0 valid, 1 invalid).
# Called as `validate.py [--max-n=N] [--max-a=A] < input`: a group's arguments make its
# limits stricter (subtask small: --max-n=100 --max-a=1000).
import re
import sys

max_n, max_a = 100000, 10**9
for arg in sys.argv[1:]:
    name, _, value = arg.partition("=")
    if name == "--max-n":
        max_n = int(value)
    elif name == "--max-a":
        max_a = int(value)
    else:
        print(f"unknown argument {arg!r}", file=sys.stderr)
        sys.exit(3)


def invalid(message):
    print(message, file=sys.stderr)
    sys.exit(1)


text = sys.stdin.read()
lines = text.split("\n")
if len(lines) != 3 or lines[2] != "":
    invalid("the input must be two lines, each ending with a newline")
number = re.compile(r"-?(0|[1-9][0-9]*)")
if not number.fullmatch(lines[0]):
    invalid(f"N: {lines[0]!r} is not a plain decimal number")
n = int(lines[0])
if not 1 <= n <= max_n:
    invalid(f"N = {n} is not in 1..{max_n}")
words = lines[1].split(" ")
if len(words) != n:
    invalid(f"the second line holds {len(words)} numbers, not N = {n}")
for word in words:
    if not number.fullmatch(word) or word == "-0":
        invalid(f"{word!r} is not a plain decimal number")
    if abs(int(word)) > max_a:
        invalid(f"{word} is out of -{max_a}..{max_a}")
