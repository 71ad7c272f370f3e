# Checker of "A plus B" (testlib convention): called as `check.py INPUT OUTPUT ANSWER`, three
# file names: the test's input, what the solution printed, and the reference's answer.
# Exit 0 accepted, 1 wrong answer, 2 presentation error, 3 when the checker itself cannot
# judge (a broken answer file); the message on standard error is shown in the report.
#
# A plain token comparison would do for this problem; the checker is here as an example of
# one that accepts every right output: the sum written in any way a number can be written
# ("+3", "003"), with any spaces and line ends around it.
import re
import sys


def verdict(code, message):
    print(message, file=sys.stderr)
    sys.exit(code)


input_file, output_file, answer_file = sys.argv[1:4]
with open(answer_file) as answer:
    expected_words = answer.read().split()
if len(expected_words) != 1 or not re.fullmatch(r"-?[0-9]+", expected_words[0]):
    verdict(3, "the answer file does not hold one integer")
expected = int(expected_words[0])

# The input is there if a checker needs it (to check an answer that is one of many right
# ones, say); this one uses it for a better message.
with open(input_file) as test:
    a, b = test.read().split()

with open(output_file, errors="replace") as output:
    words = output.read().split()
if not words:
    verdict(1, "no output: expected the sum")
if not re.fullmatch(r"[-+]?[0-9]{1,30}", words[0]):
    verdict(1, f"{words[0][:30]!r} is not an integer")
if len(words) > 1:
    verdict(2, f"more output after the sum: {words[1][:30]!r}")
if int(words[0]) != expected:
    verdict(1, f"{a} + {b} is {expected}, not {words[0]}")
sys.exit(0)
