/* Placeholder, filled in below. */
#ifndef MAZEGEN_ANIMATE_H
#define MAZEGEN_ANIMATE_H
#endif
