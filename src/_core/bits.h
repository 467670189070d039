/* Bit helpers shared by every core module. */
#ifndef CARDAVIA_BITS_H
#define CARDAVIA_BITS_H
#include <stdint.h>
static inline int cv_popcount(uint64_t x) { return __builtin_popcountll(x); }
static inline int cv_ctz(uint64_t x) { return __builtin_ctzll(x); }
static inline int cv_clz(uint64_t x) { return __builtin_clzll(x); }
#endif
