# Static validator: called as `static.py language entry_point feedback_dir [--max-lines N]`
# in a folder holding the submission's files. A main file that calls eval is rejected; one
# longer than N lines is accepted for 5 points (score.txt); else accepted for the full score.
import os
import sys
language, entry_point, feedback = sys.argv[1:4]
rest = sys.argv[4:]
max_lines = int(rest[1]) if rest[:1] == ["--max-lines"] else 1000
def say(message):
    with open(os.path.join(feedback, "judgemessage.txt"), "w") as out:
        out.write(message)
if not os.path.isfile(entry_point):
    say("no entry point %s among the files %s" % (entry_point, sorted(os.listdir("."))))
    sys.exit(43)
source = open(entry_point).read()
if "eval(" in source:
    say("%s (%s) calls eval" % (entry_point, language))
    sys.exit(43)
lines = source.count("\n")
if lines > max_lines:
    say("%s has %d lines, more than %d" % (entry_point, lines, max_lines))
    with open(os.path.join(feedback, "score.txt"), "w") as out:
        out.write("5\n")
sys.exit(42)
