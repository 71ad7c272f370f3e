/* Benchmark load for the grading-overhead figure: the smallest useful program (prints the
   sum of two numbers), so that the time measured is the grader's, not the solution's. */
#include <stdio.h>
int main(void) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    printf("%ld\n", a + b);
    return 0;
}
