// Fork bomb: every process forks forever (and spins), to be contained by the process limit.
#include <unistd.h>
int main(void) {
    for (;;) {
        fork();
    }
}
