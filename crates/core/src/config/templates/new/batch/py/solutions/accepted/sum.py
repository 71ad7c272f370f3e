# Accepted: Python's integers do not overflow. `judge verify` expects every solution in
# accepted/ to pass every test, and those in wrong_answer/ (time_limit_exceeded/, ...) to get
# that verdict on some test: keep the mistakes you expect from others here, to be sure the
# tests catch them.
a, b = map(int, input().split())
print(a + b)
