/* Perft over any method, on one thread or several: the work split across threads
 * has nothing method-specific, so it is compiled once, over method_t. */
#ifndef RPERFT_SPLIT_H
#define RPERFT_SPLIT_H

#include "method.h"

/* m->search on one thread, or split over opt->threads when there are more and the
 * depth is 3 or more. m must be prepared (method_prepare). */
/* Grows the part of opt->hash in use (hash_fit) to what a perft to depth of pos
 * can fill, times searches (a run of that many such positions sharing the table);
 * perft_search does it for itself. */
void perft_fit_table(const method_t *m, const position_t *pos, int depth, const search_options_t *opt,
                     uint64_t searches);

count_t perft_search(const method_t *m, const position_t *pos, int depth, const search_options_t *opt);

#endif
