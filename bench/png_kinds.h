/* SPDX-License-Identifier: MIT */
/* The bench's section of PNG export on every grid kind (png_kinds.c). */
#ifndef MAZEGEN_BENCH_PNG_KINDS_H
#define MAZEGEN_BENCH_PNG_KINDS_H

/* Prints the section (row name "png-kinds" for --filter). */
void bench_png_kinds_section(void);

#endif
