// Accepted: the sum in a 64-bit long long. `judge verify` expects every solution in
// accepted/ to pass every test, and those in wrong_answer/ (time_limit_exceeded/, ...) to get
// that verdict on some test: keep the mistakes you expect from others here, to be sure the
// tests catch them.
#include <cstdio>

int main() {
    long long a, b;
    std::scanf("%lld %lld", &a, &b);
    std::printf("%lld\n", a + b);
}
