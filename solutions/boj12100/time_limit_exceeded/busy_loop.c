/* Reads the board, then spins forever: the CPU-time limit stops it (TLE). */
#include <stdio.h>
int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    volatile unsigned long spin = 0;
    for (;;) spin++;
}
