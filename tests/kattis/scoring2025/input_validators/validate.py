# Input validator: one line, `ok`, `hard`, `crash` or `score V` (V at most the N of `--max N`
# when given).
import sys
args = sys.argv[1:]
limit = int(args[1]) if args[:1] == ["--max"] and len(args) == 2 else None
if args and limit is None:
    sys.exit(43)
line = sys.stdin.readline().split()
ok = line and (line[0] in ("ok", "hard", "crash") and len(line) == 1 or line[0] == "score" and len(line) == 2 and line[1].isdigit() and (limit is None or int(line[1]) <= limit))
sys.exit(42 if ok and not sys.stdin.read() else 43)
