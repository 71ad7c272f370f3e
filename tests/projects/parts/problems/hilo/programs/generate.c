/* Generator of "High or Low": SEED INDEX SIZE -> the secret, 1..100, the same for the same
   arguments (a hash of them, no clock). */
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    if (argc < 4) return 1;
    unsigned long long h = 1469598103934665603ULL;
    for (int a = 1; a < 4; a++)
        for (const char *c = argv[a]; *c; c++) h = (h ^ (unsigned char)*c) * 1099511628211ULL;
    printf("%llu\n", h % 100 + 1);
    return 0;
}
