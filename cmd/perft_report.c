#include "perft_report.h"

#include "core/fen.h"

json_report_t *perft_report_open(const char *cmd, const perft_options_t *opt, const position_t *pos, bool *failed)
{
    *failed = false;
    if (!opt->json)
        return NULL;
    char err[512], fen[FEN_MAX];
    json_report_t *j = json_report_open(opt->json, cmd, err, sizeof err);
    if (!j) {
        fprintf(stderr, "rperft %s: --json %s\n", cmd, err);
        *failed = true;
        return NULL;
    }
    fen_write(pos, fen);
    json_t *root = json_report_root(j);
    json_put(root, "fen", json_string(fen));
    json_put(root, "depth", json_integer(opt->depth));
    json_put(root, "bulk", json_boolean(opt->bulk));
    json_put(root, "threads", json_integer(opt->threads));
    json_put(root, "hash_mb", json_integer(opt->hash_mb));
    return j;
}

bool perft_report_finish(const char *cmd, json_report_t *j, bool complete, int rc)
{
    char err[512];
    if (!j || json_report_finish(j, complete, rc, err, sizeof err))
        return true;
    fprintf(stderr, "rperft %s: --json %s\n", cmd, err);
    return false;
}
