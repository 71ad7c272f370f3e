kind = input().split()
print(kind[1] if kind[0] == "score" else "ok")
