// Throws an exception nobody catches: std::terminate calls abort(), so SIGABRT (RE).
#include <stdexcept>
int main() {
    throw std::runtime_error("no answer here");
}
