/* Time limit exceeded: reads nothing and spins, so the interactor waits for a guess and the
   CPU limit ends the program (the interactor then sees no guess, after the program ended). */
int main(void) {
    volatile unsigned long x = 0;
    for (;;) x++;
}
