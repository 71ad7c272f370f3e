# Generator of "Guess the Number": prints one test, "N X", from the arguments
# SEED INDEX SIZE (size in percent of the largest N). The same arguments give the same test.
import random
import sys

seed, index, size = (int(word) for word in sys.argv[1:4])
rng = random.Random(f"guess {seed} {index}")
largest = max(1, 10**9 * size // 100)
n = rng.randint(max(1, largest // 2), largest)
# Rotate through the edges a search gets wrong first: the smallest, the largest, next to
# them, and anywhere.
scenario = index % 5
if scenario == 0:
    x = 1
elif scenario == 1:
    x = n
elif scenario == 2:
    x = min(n, 2)
elif scenario == 3:
    x = max(1, n - 1)
else:
    x = rng.randint(1, n)
print(n, x)
