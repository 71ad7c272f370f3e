# Sum and Maximum, with the maximum forgotten: half of every test.
n = int(input())
values = list(map(int, input().split()))
print(sum(values), 0)
