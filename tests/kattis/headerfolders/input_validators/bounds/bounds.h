// The input's bounds, shared by the validator's source.
#pragma once
const long LIMIT = 1000000;
inline bool in_range(long x) { return -LIMIT <= x && x <= LIMIT; }
