/* What the CPU is and can do, from cpuid: picks the methods this machine runs and
 * identifies it in benchmark reports. */
#ifndef RPERFT_CPU_H
#define RPERFT_CPU_H

#include <stdbool.h>

typedef struct cpu_info {
    char vendor[13];
    char brand[49];
    int family, model, stepping;  /* display family/model, extended fields folded in */
    bool popcnt, bmi1, bmi2, avx2, avx512f, avx512vl;
    bool avx512_os;               /* the OS saves the opmask and zmm registers (XCR0) */
    bool slow_pext;               /* AMD families 15h and 17h (Excavator, Zen 1/2): microcoded PEXT */
} cpu_info_t;

/* Read once; the same record for the life of the process. */
const cpu_info_t *cpu_info(void);

/* The pext method's availability and note, compiled without BMI2 so that any CPU
 * may ask. */
bool cpu_pext_available(const char **why);
const char *cpu_pext_note(void);
/* The avx512-fill method's: AVX-512 F and VL, and an OS that saves their registers. */
bool cpu_avx512_available(const char **why);

#endif
