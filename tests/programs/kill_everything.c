// Sends SIGKILL to every process it may signal (kill(-1, SIGKILL)), then prints the right answer ("fresh").
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
    kill(-1, SIGKILL);
    usleep(100 * 1000);
    puts("fresh");
    return 0;
}
