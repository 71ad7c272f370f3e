print(int(input()) + 1, flush=True)
