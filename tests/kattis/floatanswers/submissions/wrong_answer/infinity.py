# Wrong answer: prints "inf" for the first pair. With a tolerance set, an answer token that
# parses as a finite float needs a finite float in the output: "Expected float, got: inf".
import sys

tokens = sys.stdin.read().split()
n = int(tokens[0])
print("inf")
for i in range(1, n):
    p, q = int(tokens[1 + 2 * i]), int(tokens[2 + 2 * i])
    print(p / q)
