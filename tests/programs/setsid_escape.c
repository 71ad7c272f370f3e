// Escape attempt: a grandchild leaves the session/process group (setsid + double fork), keeps stdout open and sleeps 1000 s; the parent prints and exits.
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>
int main(void) {
    pid_t child = fork();
    if (child == 0) {
        setsid();
        if (fork() == 0) {
            setsid();
            sleep(1000);  /* still holds stdout and stderr open */
            _exit(0);
        }
        _exit(0);
    }
    waitpid(child, NULL, 0);
    puts("fresh");
    fflush(stdout);
    return 0;
}
