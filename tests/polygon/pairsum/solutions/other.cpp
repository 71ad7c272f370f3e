// The same pair, read and written with streams.
#include <iostream>
int main() { long long n; std::cin >> n; std::cout << n << ' ' << n << std::endl; }
