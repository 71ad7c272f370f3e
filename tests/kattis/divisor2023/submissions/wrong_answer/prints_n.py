# Wrong answer: n divides n, but d must be strictly less than n.
print(int(input()))
