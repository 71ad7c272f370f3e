# Wrong answer: adds the two words as text ("1" + "2" is "12"), a mistake the first sample
# catches.
a, b = input().split()
print(a + b)
