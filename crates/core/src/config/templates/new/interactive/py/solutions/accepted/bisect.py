# Accepted: halves the range at each question, so 20 questions cover N up to 2^20 - 1.
# `flush=True` matters: without it the question stays in Python's buffer, the judge waits
# for it, and the run ends in TLE. `judge verify` expects every solution in accepted/ to pass
# every test, and those in wrong_answer/ (time_limit_exceeded/, ...) to get that verdict on
# some test: keep the mistakes you expect from others here, to be sure the tests catch them.
n = int(input())
low, high = 1, n
while True:
    middle = (low + high) // 2
    print("?", middle, flush=True)
    reply = input().strip()
    if reply == "=":
        break
    if reply == "<":
        high = middle - 1
    else:
        low = middle + 1
