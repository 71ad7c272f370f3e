import sys
line = sys.stdin.readline().split()
ok = line and (line[0] in ("ok", "hard", "crash") and len(line) == 1 or line[0] == "score" and len(line) == 2 and line[1].isdigit())
sys.exit(42 if ok and not sys.stdin.read() else 43)
