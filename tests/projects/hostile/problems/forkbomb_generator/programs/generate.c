/* A hostile generator: a fork bomb. The sandbox's process limit stops the forks and its CPU
   limit ends it; the test is a judge error naming the generator. */
#include <unistd.h>
int main(void) {
    for (;;) fork();
}
