// Wrong answer: A and B fit in an int but their sum may not: past 2^31 - 1 it overflows (in
// practice it wraps around to a negative number), which the second sample and the
// generator's largest tests catch.
#include <cstdio>

int main() {
    int a, b;
    std::scanf("%d %d", &a, &b);
    std::printf("%d\n", a + b);
}
