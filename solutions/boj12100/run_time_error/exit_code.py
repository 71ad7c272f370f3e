# Prints an answer but ends with exit code 3: a non-zero exit is RE whatever was printed.
import sys

print(16)
sys.exit(3)
