# Output validator of "Average" (Kattis convention): validate_output.py input answer
# feedback_dir/ TOLERANCE < output. The output must be one number within TOLERANCE (absolute
# or relative) of the mean of the input's numbers. Exit 42 accepted, 43 wrong (why in
# feedback_dir/judgemessage.txt).
import sys

input_file, answer_file, feedback, tolerance = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])


def wrong(message):
    with open(feedback + "judgemessage.txt", "w") as out:
        out.write(message + "\n")
    sys.exit(43)


with open(input_file) as f:
    words = f.read().split()
numbers = [float(w) for w in words[1:1 + int(words[0])]]
mean = sum(numbers) / len(numbers)
tokens = sys.stdin.read().split()
if len(tokens) != 1:
    wrong(f"expected one number, got {len(tokens)} tokens")
try:
    got = float(tokens[0])
except ValueError:
    wrong(f"{tokens[0][:30]!r} is not a number")
if got != got or abs(got - mean) > tolerance * max(1.0, abs(mean)):
    wrong(f"expected {mean:.9g}, got {got:.9g}")
sys.exit(42)
