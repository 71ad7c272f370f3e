# Input validator: exactly one line; it takes no arguments (any is an error of the package).
import sys
if sys.argv[1:]:
    print("unexpected arguments", sys.argv[1:])
    sys.exit(43)
sys.exit(42 if len(sys.stdin.read().splitlines()) == 1 else 43)
