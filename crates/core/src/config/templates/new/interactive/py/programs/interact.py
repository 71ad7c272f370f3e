# Interactor of "Guess the Number" (Kattis convention): called as
#   interact.py INPUT ANSWER FEEDBACK_DIR/
# INPUT is the test's input ("N X"), ANSWER its answer file (not needed here), and in
# FEEDBACK_DIR/judgemessage.txt goes the reason for a wrong answer. Its standard output goes
# to the solution and the solution's output comes in on its standard input: flush after every
# line, or both sides wait forever. Exit 42 when the solution found X within 20 questions,
# 43 on a wrong answer.
import sys

MAX_QUESTIONS = 20

with open(sys.argv[1]) as test:
    n, x = (int(word) for word in test.read().split())
feedback_dir = sys.argv[3]


def wrong(message):
    with open(feedback_dir + "judgemessage.txt", "w") as out:
        out.write(message + "\n")
    sys.exit(43)


print(n, flush=True)
for question in range(1, MAX_QUESTIONS + 2):
    # Bytes decoded leniently: a solution may print anything, even bytes that are not text.
    line = sys.stdin.buffer.readline().decode("utf-8", errors="replace")
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
