#pragma once
#include <vector>

long long total(const std::vector<long long> &values);
