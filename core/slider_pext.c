/* BMI2 PEXT: index = pext(occ, mask) into the magic method's table layout. This
 * file is compiled with -mbmi2, so the whole move-generator instance may use BMI2;
 * it only runs where cpuid reports BMI2 (the checks live in cpu.c, built without
 * it). Where PEXT is microcoded (AMD Zen 1/2, Excavator) it is flagged slow-pext. */
#include "cpu.h"
#include "method_common.h"
#include "slider_pext.h"
#include "slider_plain.h"

#define rook_attacks_of(n, sq) pext_rook_attacks((sq), (n)->occ)
#define bishop_attacks_of(n, sq) pext_bishop_attacks((sq), (n)->occ)
#include "perft_tmpl.h"

static bool init(const char **why)
{
    (void)why;
    tables_init();
    pext_tables_init();
    return true;
}

const method_t method_pext = {
    .name = "pext",
    .description = "BMI2 PEXT index into the magic table layout",
    .bitscan = "hardware",
    .table_bytes = pext_table_bytes,
    .available = cpu_pext_available,
    .note = cpu_pext_note,
    .init = init,
    METHOD_ENTRY_POINTS,
};
