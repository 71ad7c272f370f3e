/* Two threads spin at once: CPU time grows twice as fast as wall time, and the CPU-time limit
   (user + system of all threads) stops it before the wall-clock limit would (TLE). */
#include <pthread.h>
#include <stdio.h>

static void *spin(void *arg) {
    volatile unsigned long *counter = arg;
    for (;;) (*counter)++;
    return NULL;
}

int main(void) {
    static volatile unsigned long a, b;
    pthread_t first, second;
    pthread_create(&first, NULL, spin, (void *)&a);
    pthread_create(&second, NULL, spin, (void *)&b);
    pthread_join(first, NULL);
    return 0;
}
