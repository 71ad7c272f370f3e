# Wrong answer only because of whitespace: prints "SUM \n" (a space before the newline).
# Accepted on sample and secret/group1 (default comparison ignores whitespace), rejected on
# secret/group2, whose testdata.yaml sets output_validator_flags: space_change_sensitive.
import sys

tokens = sys.stdin.read().split()
n = int(tokens[0])
sys.stdout.write(str(sum(int(t) for t in tokens[1:1 + n])) + " \n")
