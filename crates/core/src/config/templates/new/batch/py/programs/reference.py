# Reference solution of "A plus B": reads one input, prints the expected answer. judge runs
# it on every generated input (and caches the answers); the samples have their own .ans files.
a, b = map(int, input().split())
print(a + b)
