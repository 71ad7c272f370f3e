# Accepted: sorts (value, index) and walks two pointers inward, O(n log n); the pair it finds
# may differ from the reference's, which the checker accepts.
import sys

data = sys.stdin.buffer.read().split()
n, target = int(data[0]), int(data[1])
items = sorted((int(v), i + 1) for i, v in enumerate(data[2:2 + n]))
low, high = 0, n - 1
while low < high:
    total = items[low][0] + items[high][0]
    if total == target:
        i, j = sorted((items[low][1], items[high][1]))
        print(i, j)
        break
    if total < target:
        low += 1
    else:
        high -= 1
else:
    print(-1)
