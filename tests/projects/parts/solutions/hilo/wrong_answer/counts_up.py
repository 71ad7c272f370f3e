# Wrong answer: guesses 1, 2, 3, ... so any secret above 7 needs too many guesses.
guess = 1
while True:
    print(guess, flush=True)
    if input() == "CORRECT":
        break
    guess += 1
