/* Sum and Maximum, summed in an int: right in subtask small, the sum overflows in large
 * (the maximum stays right: half of each large test). */
#include <stdio.h>

int main(void) {
    int n, a, sum = 0, max = -1000000001;
    if (scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n; i++) {
        if (scanf("%d", &a) != 1) return 1;
        sum += a;
        if (a > max) max = a;
    }
    printf("%d %d\n", sum, max);
    return 0;
}
