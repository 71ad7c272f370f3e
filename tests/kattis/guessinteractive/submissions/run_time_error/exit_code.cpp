// Run-time error: exits with code 3 before reading anything.
#include <cstdlib>

int main() {
    std::exit(3);
}
