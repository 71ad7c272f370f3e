# Answers the first position with a lowercase word: a protocol violation (WA, round 1).
import sys

sys.stdin.readline()
print("up", flush=True)
sys.stdin.readline()
