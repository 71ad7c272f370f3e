# Two numbers from 0 to 1000 on one line (Kattis convention: exit 42 valid, 43 invalid).
import sys

line = sys.stdin.readline().split()
ok = len(line) == 2 and all(w.isdigit() and int(w) <= 1000 for w in line)
sys.exit(42 if ok and not sys.stdin.read() else 43)
