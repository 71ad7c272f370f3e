print(3 * int(input()))
