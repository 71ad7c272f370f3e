# A custom grader: a line `VERDICT SCORE` per child on standard input, its flags as arguments.
import sys

flags = sys.argv[1:]
results = [line.split() for line in sys.stdin if line.strip()]
verdicts = [verdict for verdict, _ in results]
scores = [float(score) for _, score in results]
if "half" in flags:
    verdict = "AC" if 2 * verdicts.count("AC") >= len(results) else "WA"
    score = sum(scores)
elif "max" in flags:
    verdict = "AC"
    score = max(scores, default=0)
else:
    verdict, score = "JE", 0
print(f"{verdict} {score}")
