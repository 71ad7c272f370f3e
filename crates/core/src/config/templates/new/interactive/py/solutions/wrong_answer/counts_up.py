# Wrong answer: asks 1, 2, 3, ... which finds small numbers (the samples pass) but needs more
# than 20 questions for the generated tests' large ones.
n = int(input())
for y in range(1, n + 1):
    print("?", y, flush=True)
    if input().strip() == "=":
        break
