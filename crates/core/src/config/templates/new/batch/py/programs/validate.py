# Input validator of "A plus B" (testlib convention: exit 0 when the input keeps the
# statement's promises, anything else when it does not, the reason on standard error).
# It reads the input on standard input and is strict about the format, so that solutions
# may rely on it: one line "A B", one space, a final newline, plain decimal integers
# (no "+", no leading zeros, no "-0") with -2147483647 <= A, B <= 2147483647.
import re
import sys

LIMIT = 2**31 - 1


def invalid(why):
    print(why, file=sys.stderr)
    sys.exit(1)


text = sys.stdin.buffer.read().decode("utf-8", errors="replace")
if not text.endswith("\n") or text.count("\n") != 1:
    invalid("the input must be exactly one line, ending with a newline")
words = text[:-1].split(" ")
if len(words) != 2:
    invalid(f"the line must hold two integers separated by one space, found {len(words)} words")
for name, word in zip("AB", words):
    if not re.fullmatch(r"0|-?[1-9][0-9]{0,9}", word):
        invalid(f"{name} = {word[:20]!r} is not a plain decimal integer")
    if not -LIMIT <= int(word) <= LIMIT:
        invalid(f"{name} = {word} is out of range [-2147483647, 2147483647]")
sys.exit(0)
