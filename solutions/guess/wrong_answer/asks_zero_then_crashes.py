# Wrong answer, though it crashes: it asks about 0, outside 1..N, which the judge rejects at
# once; the crash that follows does not change that (a wrong reply found first decides, as on
# Kattis and DOMjudge).
import sys

n = int(sys.stdin.readline())
print("? 0", flush=True)
sys.stdin.readline()
raise SystemExit(7)
