// Accepted: halves the range at each question, so 20 questions cover N up to 2^20 - 1.
// The flush matters (std::endl flushes; "\n" does not): without it the question stays in the
// program's buffer, the judge waits for it, and the run ends in TLE. `judge verify` expects
// every solution in accepted/ to pass every test, and those in wrong_answer/
// (time_limit_exceeded/, ...) to get that verdict on some test: keep the mistakes you expect
// from others here, to be sure the tests catch them.
#include <iostream>
#include <string>

int main() {
    long long n;
    std::cin >> n;
    long long low = 1, high = n;
    while (true) {
        long long middle = (low + high) / 2;
        std::cout << "? " << middle << std::endl;
        std::string reply;
        std::cin >> reply;
        if (reply == "=") break;
        if (reply == "<")
            high = middle - 1;
        else
            low = middle + 1;
    }
}
