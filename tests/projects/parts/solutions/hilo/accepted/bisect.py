# Accepted: bisection over 1..100 needs at most 7 guesses.
low, high = 1, 100
while True:
    guess = (low + high) // 2
    print(guess, flush=True)
    reply = input()
    if reply == "CORRECT":
        break
    if reply == "HIGHER":
        low = guess + 1
    else:
        high = guess - 1
