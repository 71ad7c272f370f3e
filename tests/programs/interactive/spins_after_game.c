/* Plays until the game is over, as the bench responder does, but then spins instead of
   exiting: the game ended by the rules, yet the program runs out of CPU time (TLE). */
#include <stdio.h>
int main(void) {
    static const char *order[4] = {"DOWN", "LEFT", "RIGHT", "UP"};
    int position, round = 0;
    while (scanf("%d", &position) == 1 && position > 0) {
        /* Cycling the four words ends the game soon: some word eventually changes nothing. */
        printf("%s\n", order[round++ % 4]);
        fflush(stdout);
    }
    volatile unsigned long spin = 0;
    for (;;) spin++;
}
