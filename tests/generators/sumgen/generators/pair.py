import random
import sys

# A pair from the seed and a size: the same arguments give the same pair.
seed, size = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
print(rng.randint(1, 10**size), rng.randint(1, 10**size))
