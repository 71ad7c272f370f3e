// Prints the right answer ("fresh") with CRLF line endings and a blank CRLF line around it.
#include <stdio.h>
int main(void) {
    fputs("\r\nfresh\r\n\r\n", stdout);
    return 0;
}
