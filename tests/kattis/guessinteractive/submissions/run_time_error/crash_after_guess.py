# Run-time error: makes one guess, then fails with an uncaught exception (exit code 1).
# The submission ends first, so the interactor's 43 (it then reads EOF) does not count:
# the verdict is RTE.
import sys

n, q = map(int, sys.stdin.readline().split())
print((n + 1) // 2, flush=True)
reply = sys.stdin.readline().strip()
raise RuntimeError("crash after reading " + repr(reply))
