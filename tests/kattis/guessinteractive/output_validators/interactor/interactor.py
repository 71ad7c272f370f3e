#!/usr/bin/env python3
"""Interactor (output validator of an interactive problem) for "Guess the Number".

    interactor.py input_file answer_file feedback_dir/ [flags] <from_submission >to_submission

Exit 42 = accepted, 43 = wrong answer; the reason goes to feedback_dir/judgemessage.txt.
Robust to any bytes from the submission: never crashes, never exits with another code
(problemtools also feeds it junk files on stdin to check that).
"""
import os
import sys


def main():
    infile, _ansfile, feedback_dir = sys.argv[1], sys.argv[2], sys.argv[3]
    with open(infile) as f:
        n, q, secret = (int(tok) for tok in f.read().split())

    def finish(code, msg):
        with open(os.path.join(feedback_dir, "judgemessage.txt"), "a") as f:
            f.write(msg + "\n")
        sys.exit(code)

    def send(line):
        try:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()
        except (BrokenPipeError, OSError):
            finish(43, "submission closed its input")

    send(f"{n} {q}")
    for guesses in range(1, q + 1):
        raw = sys.stdin.buffer.readline()
        if not raw:
            finish(43, f"end of output after {guesses - 1} guesses; secret not found")
        text = raw.decode("ascii", errors="replace").strip()
        if not (text.isascii() and text.isdigit()) or len(text) > 9 or (len(text) > 1 and text[0] == "0"):
            finish(43, f"guess {guesses}: expected one integer on a line, got {text[:30]!r}")
        g = int(text)
        if not 1 <= g <= n:
            finish(43, f"guess {guesses}: {g} is out of range 1..{n}")
        if g == secret:
            send("correct")
            finish(42, f"found {secret} in {guesses} guesses (limit {q})")
        send("lower" if secret < g else "higher")
    finish(43, f"used all {q} guesses without finding {secret}")


main()
