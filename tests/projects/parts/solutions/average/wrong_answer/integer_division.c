/* Wrong answer: divides integers, so 7/3 prints 2 (the validator says expected 2.33333333). */
#include <stdio.h>
int main(void) {
    int n; long long sum = 0, x;
    scanf("%d", &n);
    for (int i = 0; i < n; i++) { scanf("%lld", &x); sum += x; }
    printf("%lld\n", sum / n);
    return 0;
}
