/* A hostile interactor: never reads or writes, only spins. Its CPU limit ends it; a judge
   error naming it. */
int main(void) {
    volatile unsigned long spin = 0;
    for (;;) spin++;
}
