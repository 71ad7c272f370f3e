# Accepted, using 0.6 s of CPU time on every test: it would make the limit 2 s, but
# submissions.yaml keeps it out of the time limit (use_for_time_limit: false).
import time

n = int(input())
while time.process_time() < 0.6:
    pass
print(2 * n)
