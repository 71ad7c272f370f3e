// Wrong answer: the binary search stops one short (high = middle instead of middle - 1, and
// the loop ends when low == high without asking), so it never asks about the last candidate
// and ends before finding X when X is at the top of the range. The interactor sees the program
// end without "=": wrong answer.
#include <iostream>
#include <string>

int main() {
    long long n;
    std::cin >> n;
    long long low = 1, high = n;
    while (low < high) {
        long long middle = low + (high - low) / 2;
        std::cout << "? " << middle << std::endl;
        std::string reply;
        if (!(std::cin >> reply) || reply == "=") return 0;
        if (reply == "<") high = middle; else low = middle + 1;
    }
}
