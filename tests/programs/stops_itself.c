// Stops itself with SIGSTOP and never resumes: only the wall-clock limit can end it.
#include <signal.h>
#include <stdio.h>
int main(void) {
    raise(SIGSTOP);
    puts("fresh");
    return 0;
}
