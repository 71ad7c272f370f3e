#define FACTOR {{FACTOR}}
