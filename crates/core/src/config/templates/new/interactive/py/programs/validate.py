# Input validator of "Guess the Number" (Kattis convention: exit 42 when the input keeps the
# promises, 43 when it does not, the reason on standard error). It reads the input on
# standard input: exactly one line "N X", plain decimal numbers, 1 <= X <= N <= 10^6.
import re
import sys


def invalid(why):
    print(why, file=sys.stderr)
    sys.exit(43)


text = sys.stdin.buffer.read().decode("utf-8", errors="replace")
if not re.fullmatch(r"[1-9][0-9]* [1-9][0-9]*\n", text):
    invalid("the input must be one line 'N X' of two positive decimal numbers")
n, x = (int(word) for word in text.split())
if n > 10**6:
    invalid(f"N = {n} is more than 10^6")
if x > n:
    invalid(f"X = {x} is not in 1..N = {n}")
sys.exit(42)
