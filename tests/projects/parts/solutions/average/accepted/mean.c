/* Accepted: the mean printed with 9 decimals in scientific notation (any notation parses). */
#include <stdio.h>
int main(void) {
    int n; double sum = 0, x;
    scanf("%d", &n);
    for (int i = 0; i < n; i++) { scanf("%lf", &x); sum += x; }
    printf("%.9e\n", sum / n);
    return 0;
}
