n = int(input())
assert n < 2000
print(2 * n)
