# Interactor of "Guess the Number" (Kattis convention): called as
#   interactor.py INPUT ANSWER FEEDBACK_DIR/
# with its standard output going to the solution and the solution's output coming in. It
# exits 42 when the solution finds X within 31 questions, 43 on a wrong answer (writing why to
# FEEDBACK_DIR/judgemessage.txt).
import sys

MAX_QUESTIONS = 31

with open(sys.argv[1]) as test:
    n, x = (int(word) for word in test.read().split())
feedback = sys.argv[3]


def wrong(message):
    with open(feedback + "judgemessage.txt", "w") as out:
        out.write(message + "\n")
    sys.exit(43)


print(n, flush=True)
for question in range(1, MAX_QUESTIONS + 2):
    line = sys.stdin.readline()
    if not line:
        wrong(f"the program ended after {question - 1} questions without finding the number")
    words = line.split()
    if len(words) != 2 or words[0] != "?" or not words[1].isdigit():
        wrong(f"question {question}: {line.strip()[:40]!r} is not '? y'")
    if question > MAX_QUESTIONS:
        wrong(f"more than {MAX_QUESTIONS} questions")
    y = int(words[1])
    if not 1 <= y <= n:
        wrong(f"question {question}: {y} is not in 1..{n}")
    if y == x:
        print("=", flush=True)
        sys.exit(42)
    print("<" if x < y else ">", flush=True)
