# Kattis output validator: `ok`, `hard`, `crash` tests want the output `ok`; a `score V`
# test takes a number P from 0 to V and writes it to score.txt.
import sys
answer = open(sys.argv[2]).read().split()
feedback = sys.argv[3]
output = sys.stdin.read().split()
if answer[0] == "score":
    full = int(answer[1])
    try:
        points = int(output[0]) if len(output) == 1 else -1
    except ValueError:
        points = -1
    if not 0 <= points <= full:
        open(feedback + "/judgemessage.txt", "w").write("not a score from 0 to %d" % full)
        sys.exit(43)
    open(feedback + "/score.txt", "w").write("%d\n" % points)
    sys.exit(42)
sys.exit(42 if output == ["ok"] else 43)
