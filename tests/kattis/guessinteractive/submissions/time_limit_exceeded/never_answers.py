# Time limit exceeded: reads the first line, then sleeps without ever guessing.
# Uses no CPU: only problemtools' wall-clock cap for interactive runs (2 x time limit)
# stops it; the interactive runner then reports it as killed (TLE).
import sys
import time

sys.stdin.readline()
while True:
    time.sleep(1000)
