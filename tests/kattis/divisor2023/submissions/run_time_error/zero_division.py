# Run-time error: starts trial division at 0 -> ZeroDivisionError (exit code 1).
n = int(input())
d = 0
while n % d != 0:
    d += 1
print(d)
