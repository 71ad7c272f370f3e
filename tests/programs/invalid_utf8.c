// Prints bytes that are not UTF-8 (0xFF 0xFE 0x80) and a newline.
#include <stdio.h>
int main(void) {
    fwrite("\xff\xfe\x80\n", 1, 4, stdout);
    return 0;
}
