/* SPDX-License-Identifier: MIT */
/*
 * Paper sizes by name (maze_paper_parse(), maze_paper_name_at()): the
 * names libpaper knows, and sizes typed as WxH with a unit. Apart from
 * the sheets that print on them (sheet_frame.c) so that a build without
 * drawing still reads and lists them, as the job's options do.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/status_impl.h"
#include <mazegen/paper.h>
#include <mazegen/status.h>

/* A positive decimal without the locale; advances *s. */
static bool
read_decimal(const char **s, double *out)
{
    const char *p = *s;
    double v = 0, scale = 1;
    int digits = 0;
    while (*p >= '0' && *p <= '9' && digits < 9) {
        v = v * 10 + (*p++ - '0');
        digits++;
    }
    if (*p == '.') {
        p++;
        int frac = 0;
        while (*p >= '0' && *p <= '9' && frac < 6) {
            scale /= 10;
            v += (*p++ - '0') * scale;
            frac++;
        }
        if (frac == 0) {
            return false;
        }
        digits += frac;
    }
    if (digits == 0 || (*p >= '0' && *p <= '9')) {
        return false;
    }
    *s = p;
    *out = v;
    return true;
}

/* Portrait, as libpaper names them (ledger is tabloid's size: turned
 * with --orientation landscape). */
#define MM (72 / 25.4)
static const struct {
    const char *name;
    double w, h;
} named[] = {
    {"letter", MAZE_LETTER_WIDTH, MAZE_LETTER_HEIGHT},
    {"a4", MAZE_A4_WIDTH, MAZE_A4_HEIGHT},
    {"legal", MAZE_LEGAL_WIDTH, MAZE_LEGAL_HEIGHT},
    {"a3", 297 * MM, 420 * MM},
    {"a5", 148 * MM, 210 * MM},
    {"b5", 176 * MM, 250 * MM},
    {"tabloid", 792, 1224},
    {"ledger", 792, 1224},
    {"executive", 522, 756},
    {"half-letter", 396, 612},
    {"halfletter", 396, 612},
    {"statement", 396, 612},
};

const char *
maze_paper_name_at(size_t index)
{
    return index < sizeof(named) / sizeof(named[0]) ? named[index].name : NULL;
}

int
maze_paper_parse(const char *text, double *width, double *height)
{
    static const struct {
        const char *suffix;
        double pt;
    } units[] = {{"in", 72.0}, {"mm", MM}, {"cm", 10 * MM}, {"pt", 1.0}};
#undef MM
    if (text == NULL || width == NULL || height == NULL) {
        return MAZE_ERR_INVALID;
    }
    for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
        if (strcasecmp(text, named[i].name) == 0) {
            *width = named[i].w;
            *height = named[i].h;
            return MAZE_OK;
        }
    }
    const char *p = text;
    double w, h;
    if (!read_decimal(&p, &w) || *p++ != 'x' || !read_decimal(&p, &h)) {
        return MAZE_ERR_INVALID;
    }
    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
        if (strcmp(p, units[i].suffix) == 0) {
            w *= units[i].pt;
            h *= units[i].pt;
            /* PDF pages are 1 to 200 inches a side (ISO 32000-1, C.2). */
            if (w < 72 || h < 72 || w > 14400 || h > 14400) {
                return MAZE_ERR_RANGE;
            }
            *width = w;
            *height = h;
            return MAZE_OK;
        }
    }
    return MAZE_ERR_INVALID;
}
