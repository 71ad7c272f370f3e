/* A hostile reference: never ends. Its CPU limit ends it; a judge error naming it. */
int main(void) {
    volatile unsigned long spin = 0;
    for (;;) spin++;
}
