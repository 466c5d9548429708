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

/*
 * The papers libpaper knows (its paperspecs), under its names in lower
 * case, as it has them: ledger is tabloid turned (1224 x 792 pt), the
 * others portrait; --orientation landscape turns any of them. C4 is
 * ISO 269's 229 x 324 mm (libpaper 1's list says 354, a slip).
 * half-letter is our own synonym. The common ones come first: the
 * order of --paper list, the completions and the web page's menu.
 */
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
    {"11x17", 792, 1224},
    {"ledger", 1224, 792},
    {"executive", 522, 756},
    {"half-letter", 396, 612},
    {"halfletter", 396, 612},
    {"statement", 396, 612},
    {"a0", 841 * MM, 1189 * MM},
    {"a1", 594 * MM, 841 * MM},
    {"a2", 420 * MM, 594 * MM},
    {"a6", 105 * MM, 148 * MM},
    {"a7", 74 * MM, 105 * MM},
    {"a8", 52 * MM, 74 * MM},
    {"a9", 37 * MM, 52 * MM},
    {"a10", 26 * MM, 37 * MM},
    {"b0", 1000 * MM, 1414 * MM},
    {"b1", 707 * MM, 1000 * MM},
    {"b2", 500 * MM, 707 * MM},
    {"b3", 353 * MM, 500 * MM},
    {"b4", 250 * MM, 353 * MM},
    {"b6", 125 * MM, 176 * MM},
    {"b7", 88 * MM, 125 * MM},
    {"b8", 62 * MM, 88 * MM},
    {"b9", 44 * MM, 62 * MM},
    {"b10", 31 * MM, 44 * MM},
    {"c2", 458 * MM, 648 * MM},
    {"c3", 324 * MM, 458 * MM},
    {"c4", 229 * MM, 324 * MM},
    {"c5", 162 * MM, 229 * MM},
    {"c6", 114 * MM, 162 * MM},
    {"c7", 81 * MM, 114 * MM},
    {"c8", 57 * MM, 81 * MM},
    {"dl", 110 * MM, 220 * MM},
    {"comm10", 297, 684},
    {"monarch", 279, 540},
    {"note", 612, 792},
    {"halfexecutive", 378, 522},
    {"folio", 612, 936},
    {"quarto", 610, 780},
    {"10x14", 720, 1008},
    {"flsa", 612, 936},
    {"flse", 612, 936},
    {"archa", 648, 864},
    {"archb", 864, 1296},
    {"archc", 1296, 1728},
    {"archd", 1728, 2592},
    {"arche", 2592, 3456},
    {"csheet", 1224, 1584},
    {"dsheet", 1584, 2448},
    {"esheet", 2448, 3168},
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
    /* In any case, as the names are: 8.5X11IN. */
    if (!read_decimal(&p, &w) || (*p != 'x' && *p != 'X')) {
        return MAZE_ERR_INVALID;
    }
    p++;
    if (!read_decimal(&p, &h)) {
        return MAZE_ERR_INVALID;
    }
    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
        if (strcasecmp(p, units[i].suffix) == 0) {
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
