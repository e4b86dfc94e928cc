#include "sysinfo.h"

#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "build_info.h"

static void cpu_flags(const cpu_info_t *cpu, char *buf, size_t len)
{
    const struct {
        bool on;
        const char *name;
    } flags[] = {{cpu->popcnt, "popcnt"}, {cpu->bmi1, "bmi1"},   {cpu->bmi2, "bmi2"},
                 {cpu->avx2, "avx2"},     {cpu->avx512f, "avx512f"}};
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof flags / sizeof *flags; i++)
        if (flags[i].on) {
            if (buf[0])
                strncat(buf, " ", len - strlen(buf) - 1);
            strncat(buf, flags[i].name, len - strlen(buf) - 1);
        }
}

void sysinfo_read(sysinfo_t *info)
{
    struct utsname u;
    char host[sizeof info->host] = "";
    memset(info, 0, sizeof *info);
    /* Through a local buffer: gcc 12 with -fsanitize=address misreads the member as null. */
    if (gethostname(host, sizeof host - 1) != 0)
        strcpy(host, "unknown");
    memcpy(info->host, host, sizeof host);
    if (uname(&u) == 0)
        snprintf(info->os, sizeof info->os, "%.60s %.60s %.60s", u.sysname, u.release, u.machine);
    else
        strcpy(info->os, "unknown");
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    info->logical_cpus = n > 0 ? (int)n : 0;
    info->cpu = cpu_info();
    cpu_flags(info->cpu, info->cpu_flags, sizeof info->cpu_flags);
    info->compiler = RPERFT_COMPILER;
    info->build_type = RPERFT_BUILDTYPE;
    info->build_flags = RPERFT_CFLAGS;
    info->version = RPERFT_VERSION;
    info->commit = RPERFT_COMMIT;
}

const char *sysinfo_cpu_name(const sysinfo_t *info, char *buf, int len)
{
    const cpu_info_t *c = info->cpu;
    if (c->brand[0])
        snprintf(buf, (size_t)len, "%s", c->brand);
    else
        snprintf(buf, (size_t)len, "%s family %d model %d", c->vendor[0] ? c->vendor : "unknown CPU", c->family,
                 c->model);
    return buf;
}

char *utc_timestamp(char *buf, int len)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(buf, (size_t)len, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

const char *build_isa_features(void)
{
    /* What -march lets the compiler use anywhere in the binary, from its predefined macros. */
    return ""
#ifdef __SSE4_2__
           " sse4.2"
#endif
#ifdef __POPCNT__
           " popcnt"
#endif
#ifdef __LZCNT__
           " lzcnt"
#endif
#ifdef __BMI__
           " bmi1"
#endif
#ifdef __BMI2__
           " bmi2"
#endif
#ifdef __AVX2__
           " avx2"
#endif
#ifdef __AVX512F__
           " avx512f"
#endif
        ;
}
