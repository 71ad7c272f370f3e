# Not valid Python (an unclosed bracket): CE, found by py_compile before any test runs.
print(max([1, 2, 3)
