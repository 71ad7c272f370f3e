# Sum and Maximum: Python's integers do not overflow.
n = int(input())
values = list(map(int, input().split()))
print(sum(values), max(values))
