# Input validator of "Guess the Number" (Kattis convention: exit 42 valid, 43 invalid):
# exactly one line "N X" with 1 <= X <= N <= 10^9, plain decimal numbers.
import sys


def invalid(message):
    print(message, file=sys.stderr)
    sys.exit(43)


text = sys.stdin.read()
if not text.endswith("\n") or text.count("\n") != 1:
    invalid("the input must be exactly one line ending with a newline")
words = text.split(" ")
if len(words) != 2:
    invalid("the line must hold N and X separated by one space")
for word in words:
    word = word.strip("\n")
    if not word.isdigit() or (len(word) > 1 and word[0] == "0"):
        invalid(f"{word!r} is not a plain decimal number")
n, x = (int(word) for word in words)
if not 1 <= n <= 10**9:
    invalid(f"N = {n} is not in 1..10^9")
if not 1 <= x <= n:
    invalid(f"X = {x} is not in 1..N")
sys.exit(42)
