// Accepted: binary search over 1..N asks at most 30 questions for N <= 10^9 (the limit is 31),
// flushing after each one (std::endl).
#include <iostream>
#include <string>

int main() {
    long long n;
    std::cin >> n;
    long long low = 1, high = n;
    while (true) {
        long long middle = low + (high - low) / 2;
        std::cout << "? " << middle << std::endl;
        std::string reply;
        if (!(std::cin >> reply) || reply == "=") break;
        if (reply == "<") high = middle - 1; else low = middle + 1;
    }
}
