# Wrong when a > 100.
a, b = map(int, input().split())
print(a + b + (a > 100))
