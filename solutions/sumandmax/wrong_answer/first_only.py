# Sum and Maximum, reading only the first number: neither is right (but for N = 1).
n = int(input())
first = int(input().split()[0])
print(first, first)
