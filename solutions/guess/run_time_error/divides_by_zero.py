# Run-time error: asks a correct first question, then divides by zero before the second; the
# judge has seen nothing wrong, so the crash decides (RE).
import sys

n = int(sys.stdin.readline())
print("?", (n + 1) // 2, flush=True)
reply = sys.stdin.readline().strip()
if reply != "=":
    print(n // (n - n))
