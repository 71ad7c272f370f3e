n = int(input())
while n > 100:
    pass
print(2 * n)
