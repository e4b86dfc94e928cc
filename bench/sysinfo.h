/* Who measured: the machine, the CPU (cpuid), the OS and the build, as written into
 * every CSV row so that reports from many machines can be merged. */
#ifndef RPERFT_SYSINFO_H
#define RPERFT_SYSINFO_H

#include "core/cpu.h"

typedef struct sysinfo {
    char host[256];
    char os[200];          /* uname: sysname release machine */
    int logical_cpus;      /* online */
    const cpu_info_t *cpu;
    char cpu_flags[64];    /* the flags present, e.g. "popcnt bmi1 bmi2 avx2" */
    const char *compiler, *build_type, *build_flags, *version, *commit;
} sysinfo_t;

void sysinfo_read(sysinfo_t *info);

/* The instruction-set extensions the build lets the compiler use everywhere
 * (from -march), each after a space ("" for none): " sse4.2 popcnt". */
const char *build_isa_features(void);

/* A CPU name for tables: the brand string, or vendor/family/model if it has none. */
const char *sysinfo_cpu_name(const sysinfo_t *info, char *buf, int len);

/* The present time as ISO 8601 UTC ("2024-05-01T12:34:56Z"); buf >= 21 bytes. */
char *utc_timestamp(char *buf, int len);

#endif
