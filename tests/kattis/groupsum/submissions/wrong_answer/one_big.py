# Wrong when a = 400 only: 30 + 35 = 65 points, a wrong answer.
a, b = map(int, input().split())
print(a + b + (a == 400))
