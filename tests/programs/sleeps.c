// Sleeps for 1000 s without using CPU.
#include <unistd.h>
int main(void) {
    sleep(1000);
    return 0;
}
