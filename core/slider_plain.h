/* For the methods that need nothing beyond the normal occupancy (all but rotated):
 * the node carries no extra field and make updates nothing more, so they pay no
 * part of the rotated method's bookkeeping. */
#ifndef RPERFT_SLIDER_PLAIN_H
#define RPERFT_SLIDER_PLAIN_H

#define SLIDER_FIELDS
#define slider_sync(n) ((void)(n))
#define slider_update(n, parent, changed) ((void)(n), (void)(parent), (void)(changed))

#endif
