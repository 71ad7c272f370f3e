# Right on the first two passes of a test starting at 1, wrong on the third.
x = int(input())
print(x + 1 if x < 3 else x + 2)
