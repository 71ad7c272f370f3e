/* Plays two rounds, then dereferences a null pointer: RE (SIGSEGV), not WA. */
#include <stdio.h>
int main(void) {
    int position;
    for (int round = 0; round < 2; round++) {
        if (scanf("%d", &position) != 1) return 0;
        printf(round == 0 ? "LEFT\n" : "UP\n");
        fflush(stdout);
    }
    scanf("%d", &position);
    int *nowhere = NULL;
    return *nowhere;
}
