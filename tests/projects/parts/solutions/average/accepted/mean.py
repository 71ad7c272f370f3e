# Accepted: the mean as a float, printed with repr (the validator allows 1e-6).
import sys

words = sys.stdin.read().split()
numbers = [int(w) for w in words[1:1 + int(words[0])]]
print(sum(numbers) / len(numbers))
