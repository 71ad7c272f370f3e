# Sleeps instead of computing: it uses almost no CPU, so only the wall-clock limit stops it (TLE).
import time

time.sleep(3600)
