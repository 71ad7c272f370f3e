# Validator of "Pair Sum" (testlib convention: exit 0 valid, anything else invalid with a
# message): "n target" with 2 <= n <= 200000, 1 <= target <= 2*10^9+1, then n numbers in
# 1..10^9 on one line.
import sys

lines = sys.stdin.read().split("\n")
if len(lines) != 3 or lines[2] != "":
    sys.exit("expected exactly two lines")
head = lines[0].split(" ")
if len(head) != 2:
    sys.exit("line 1 must be 'n target'")
n, target = int(head[0]), int(head[1])
if not 2 <= n <= 200000 or not 1 <= target <= 2 * 10**9 + 1:
    sys.exit("n or target out of range")
numbers = lines[1].split(" ")
if len(numbers) != n:
    sys.exit(f"line 2 must hold {n} numbers, not {len(numbers)}")
if not all(word.isdigit() and 1 <= int(word) <= 10**9 for word in numbers):
    sys.exit("a number is out of range")
