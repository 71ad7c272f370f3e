/* Writes through a null pointer: killed by SIGSEGV (RE). */
#include <stdio.h>
int main(void) {
    int *nowhere = NULL;
    int n = 0;
    if (scanf("%d", &n) == 1) *nowhere = n;
    printf("%d\n", *nowhere);
    return 0;
}
