/* A hostile interactor: a fork bomb. The process limit stops the forks, the CPU limit ends it;
   a judge error naming it. */
#include <unistd.h>
int main(void) {
    for (;;) fork();
}
