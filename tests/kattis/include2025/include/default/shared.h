#define FACTOR 2
