// Input validator: one line "a b", |a|, |b| <= 10^6. Exit 42 valid, 43 invalid.
#include <cstdio>
#include "bounds.h"
int main() {
    long a, b;
    char end;
    if (std::scanf("%ld %ld%c", &a, &b, &end) != 3 || end != '\n') return 43;
    if (std::getchar() != EOF) return 43;
    return in_range(a) && in_range(b) ? 42 : 43;
}
