# Generator of "A plus B": called as `generate.py SEED INDEX SIZE_PERCENT`, it prints the
# input of one test. judge runs it twice per test and wants the same bytes both times, so
# every random choice comes from a generator seeded with SEED and INDEX (Python seeds a
# string the same way on every machine).
import random
import sys

seed, index, size_percent = (int(word) for word in sys.argv[1:4])
rng = random.Random(f"a plus b {seed} {index}")

# The largest |A| and |B| of this test: the statement's bound scaled by SIZE_PERCENT.
bound = max(1, (2**31 - 1) * size_percent // 100)

# Good tests aim at what solutions get wrong. Rotate through scenarios by INDEX, so every
# few tests cover each one: both at the largest (a 32-bit int overflows), both at the most
# negative, opposite signs that cancel, zeros, and anything at all.
scenario = index % 5
# (index // 5 makes each round of scenarios differ.)
if scenario == 0:
    a, b = bound, bound - index // 5 % bound
elif scenario == 1:
    a, b = -bound, -bound + index // 5 % bound
elif scenario == 2:
    a = rng.randint(-bound, bound)
    b = -a
elif scenario == 3:
    a, b = 0, rng.randint(-bound, bound)
else:
    a, b = rng.randint(-bound, bound), rng.randint(-bound, bound)

print(a, b)
