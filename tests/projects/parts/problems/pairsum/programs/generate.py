# Generator of "Pair Sum": SEED INDEX SIZE -> "n target" and n numbers. Some tests have no
# pair; sizes scale n up to 200000.
import random
import sys

seed, index, size = (int(word) for word in sys.argv[1:4])
rng = random.Random(f"pairsum {seed} {index}")
n = max(2, 200000 * size // 100)
numbers = [rng.randint(1, 10**9) for _ in range(n)]
if index % 3 == 2:
    target = 2 * 10**9 + 1  # larger than any pair can sum to: no pair
else:
    i, j = rng.sample(range(n), 2)
    target = numbers[i] + numbers[j]
print(n, target)
print(" ".join(map(str, numbers)))
