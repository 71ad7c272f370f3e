// Wrong answer: asks 1, 2, 3, ... which finds small numbers (the first samples pass) but needs
// more than 20 questions for large ones.
#include <iostream>
#include <string>

int main() {
    long long n;
    std::cin >> n;
    for (long long y = 1; y <= n; y++) {
        std::cout << "? " << y << std::endl;
        std::string reply;
        std::cin >> reply;
        if (reply == "=") break;
    }
}
