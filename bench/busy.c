/* Load for the verdict-flip figure of `judge bench` and for tests/e2e/load.rs: spins forever
   (its starter ends it by pid). */
int main(void) {
    volatile unsigned long spins = 0;
    for (;;) spins++;
}
