import sys
kind = input().split()
if kind[0] == "score":
    print(int(kind[1]) // 2)
elif kind[0] == "hard":
    print("wrong")
elif kind[0] == "crash":
    sys.exit(3)
else:
    print("ok")
