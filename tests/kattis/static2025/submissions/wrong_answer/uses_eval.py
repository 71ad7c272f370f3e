print(eval(input().replace(" ", "+")))
