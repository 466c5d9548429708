/* SPDX-License-Identifier: MIT */
/* The bench's section of generators on every grid kind (kinds.c). */
#ifndef MAZEGEN_BENCH_KINDS_H
#define MAZEGEN_BENCH_KINDS_H

/* Prints the section (row name "kinds" for --filter). */
void bench_kinds_section(void);

#endif
