/* Answers without ever flushing: the replies stay in its buffer, the grader waits, and the
   wall-clock limit ends the game (TLE, not WA). */
#include <stdio.h>
int main(void) {
    int position;
    while (scanf("%d", &position) == 1 && position > 0) printf("LEFT\n");
    return 0;
}
