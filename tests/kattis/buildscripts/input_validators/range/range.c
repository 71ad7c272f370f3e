/* Valid: two integers of at most 1000 in absolute value on one line (exit 42; else 43). */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    long a, b;
    char rest;
    if (scanf("%ld %ld", &a, &b) != 2 || labs(a) > 1000 || labs(b) > 1000) return 43;
    if (getchar() != '\n' || scanf("%c", &rest) == 1) return 43;
    return 42;
}
