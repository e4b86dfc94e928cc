/* FNV-1a, 64 bits: the fingerprint of units files and of suite --signature. */
#ifndef RPERFT_FNV_H
#define RPERFT_FNV_H

#include <stddef.h>
#include <stdint.h>

#define FNV1A_OFFSET UINT64_C(0xcbf29ce484222325)

static inline uint64_t fnv1a(uint64_t h, const char *bytes, size_t len)
{
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)bytes[i]) * UINT64_C(0x100000001b3);
    return h;
}

#endif
