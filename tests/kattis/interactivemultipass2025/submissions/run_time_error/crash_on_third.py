# Right on the first two passes, then crashes on the third (its numbers are 3 and 7).
import sys
x = int(input())
if x in (3, 7):
    sys.exit(1)
print(x + 1, flush=True)
