# Wrong when a = 10: the small group fails whole, big gives 70.
a, b = map(int, input().split())
print(a + b + (a == 10))
