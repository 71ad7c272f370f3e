# Right only when a <= 4.
a, b = map(int, input().split())
print(a + b + (a > 4))
