#include "cpu.h"

#include <pthread.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define HAVE_CPUID 1
#endif

static cpu_info_t info;

#ifdef HAVE_CPUID
/* The register state the OS saves on a context switch (XGETBV 0), read only when
 * cpuid says OSXSAVE; written as the instruction so no -mxsave is needed. */
static unsigned long long xcr0(void)
{
    unsigned eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return (unsigned long long)edx << 32 | eax;
}
/* SSE, AVX, the opmask registers and both halves of the 32 zmm registers. */
#define XCR0_AVX512_STATE 0xE6ULL

static void read_cpuid(void)
{
    unsigned a, b, c, d, max_leaf = (unsigned)__get_cpuid_max(0, NULL);
    __cpuid(0, a, b, c, d);
    memcpy(info.vendor, &b, 4);
    memcpy(info.vendor + 4, &d, 4);
    memcpy(info.vendor + 8, &c, 4);
    __cpuid(1, a, b, c, d);
    int base_family = (int)((a >> 8) & 15), base_model = (int)((a >> 4) & 15);
    info.family = base_family == 15 ? base_family + (int)((a >> 20) & 255) : base_family;
    info.model = base_family == 6 || base_family == 15 ? base_model + (int)(((a >> 16) & 15) << 4) : base_model;
    info.stepping = (int)(a & 15);
    info.popcnt = c & bit_POPCNT;
    bool os_saves_avx512 = (c & bit_OSXSAVE) && (xcr0() & XCR0_AVX512_STATE) == XCR0_AVX512_STATE;
    if (max_leaf >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        info.bmi1 = b & bit_BMI;
        info.bmi2 = b & bit_BMI2;
        info.avx2 = b & bit_AVX2;
        info.avx512f = b & bit_AVX512F;
        info.avx512vl = b & bit_AVX512VL;
        info.avx512_os = os_saves_avx512;
    }
    if ((unsigned)__get_cpuid_max(0x80000000, NULL) >= 0x80000004u) {
        unsigned words[12];
        for (unsigned leaf = 0; leaf < 3; leaf++)
            __cpuid(0x80000002 + leaf, words[4 * leaf], words[4 * leaf + 1], words[4 * leaf + 2], words[4 * leaf + 3]);
        memcpy(info.brand, words, 48);
        info.brand[48] = '\0';
    }
    /* Trim the padding some vendors put around the brand string. */
    size_t start = strspn(info.brand, " "), len = strlen(info.brand + start);
    memmove(info.brand, info.brand + start, len + 1);
    while (len && info.brand[len - 1] == ' ')
        info.brand[--len] = '\0';
    info.slow_pext = strcmp(info.vendor, "AuthenticAMD") == 0 && (info.family == 0x15 || info.family == 0x17);
}
#else
static void read_cpuid(void) { strcpy(info.vendor, "unknown"); }
#endif

const cpu_info_t *cpu_info(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, read_cpuid);
    return &info;
}

bool cpu_pext_available(const char **why)
{
#ifdef HAVE_CPUID
    if (cpu_info()->bmi2)
        return true;
    *why = "the CPU has no BMI2 (cpuid leaf 7)";
#else
    *why = "PEXT is an x86-64 instruction";
#endif
    return false;
}

const char *cpu_pext_note(void) { return cpu_info()->slow_pext ? "slow-pext" : NULL; }

bool cpu_avx512_available(const char **why)
{
#ifdef HAVE_CPUID
    const cpu_info_t *c = cpu_info();
    if (c->avx512f && c->avx512vl && c->avx512_os)
        return true;
    *why = !c->avx512f || !c->avx512vl ? "the CPU has no AVX-512 F and VL (cpuid leaf 7)"
                                       : "the OS does not save the AVX-512 registers (XCR0)";
#else
    *why = "AVX-512 is an x86-64 extension";
#endif
    return false;
}
