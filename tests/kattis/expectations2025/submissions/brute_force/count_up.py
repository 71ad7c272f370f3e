# Counts to 2n one step at a time, slowly: too slow on the big tests, never wrong.
import time

n = int(input())
time.sleep(n / 200)
print(2 * n)
