#include <iostream>
#include "shared.h"
long long solve(long long n);
int main() { long long n; std::cin >> n; std::cout << solve(n) << "\n"; }
