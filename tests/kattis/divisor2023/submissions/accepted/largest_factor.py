# Accepted: prints n / (smallest prime factor), the largest proper divisor -- usually a
# different answer from the answer file's (the custom validator accepts any divisor).
n = int(input())
d = 2
while d * d <= n:
    if n % d == 0:
        print(n // d)
        break
    d += 1
