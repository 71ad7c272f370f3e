# Generator of "Guess the Number": called as `generate.py SEED INDEX SIZE_PERCENT`, it prints
# one test's input, "N X", which only the interactor reads. judge runs it twice per test and
# wants the same bytes both times, so every random choice comes from a generator seeded with
# SEED and INDEX (Python seeds a string the same way on every machine).
import random
import sys

seed, index, size_percent = (int(word) for word in sys.argv[1:4])
rng = random.Random(f"guess {seed} {index}")

# The largest N of this test: the statement's bound scaled by SIZE_PERCENT.
largest = max(1, 10**6 * size_percent // 100)
n = rng.randint(max(1, largest // 2), largest)

# Rotate through the places a search gets wrong first, by INDEX: the ends, next to them,
# and anywhere.
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
