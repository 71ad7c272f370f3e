input()
print("seven")
