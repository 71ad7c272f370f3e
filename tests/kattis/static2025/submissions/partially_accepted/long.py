# A correct sum, written at length: longer than the static validator's 6 lines.
import sys


def main():
    line = sys.stdin.readline()
    a, b = line.split()
    total = int(a) + int(b)
    print(total)


main()
