/* Perft over any method, on one thread or several: the work split across threads
 * has nothing method-specific, so it is compiled once, over method_t. */
#ifndef RPERFT_SPLIT_H
#define RPERFT_SPLIT_H

#include "method.h"

/* m->search on one thread, or split over opt->threads when there are more and the
 * depth is 3 or more. m must be prepared (method_prepare). */
count_t perft_search(const method_t *m, const position_t *pos, int depth, const search_options_t *opt);

#endif
