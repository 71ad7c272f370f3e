# Presentation error: the right pair, written "i,j": the checker cannot read two numbers.
import sys

data = sys.stdin.buffer.read().split()
n, target = int(data[0]), int(data[1])
seen = {}
for j, word in enumerate(data[2:2 + n], start=1):
    value = int(word)
    if target - value in seen:
        print(f"{seen[target - value]},{j}")
        break
    seen.setdefault(value, j)
else:
    print(-1)
