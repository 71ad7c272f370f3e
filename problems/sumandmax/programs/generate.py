# Generator of "Sum and Maximum": `generate.py SEED INDEX SIZE_PERCENT [--max-n=N]
# [--max-a=A]` prints one test (a group's arguments make it fit the group's limits).
import random
import sys

seed, index, size_percent = (int(a) for a in sys.argv[1:4])
max_n, max_a = 100000, 10**9
for arg in sys.argv[4:]:
    name, _, value = arg.partition("=")
    if name == "--max-n":
        max_n = int(value)
    elif name == "--max-a":
        max_a = int(value)
rng = random.Random(seed * 1000003 + index)
n = max(1, max_n * size_percent // 100)
n = rng.randint(max(1, n // 2), n)
print(n)
print(" ".join(str(rng.randint(-max_a, max_a)) for _ in range(n)))
