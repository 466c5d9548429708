/* SPDX-License-Identifier: MIT */
/*
 * The run's grid (see grid.h). Every kind comes from the library's
 * registry, and every message is built from what the kind declares (its
 * size limits, class names and cell names), so a new kind needs nothing
 * here.
 */
#include "job/grid.h"
#include "job/difficulty.h"
#include "job/input.h"
#include "gen/gen.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The largest side of a --mask picture, in cells. */
#define MASK_MAX_SIDE 4096u

/* The options that set each size parameter. */
static const enum maze_option_id size_options[MAZE_SIZE_COUNT] = {
    MAZE_OPT_WIDTH, MAZE_OPT_HEIGHT, MAZE_OPT_LEVELS, MAZE_OPT_CENTRE,
    MAZE_OPT_PANELS};

/* The limits of a kind's size as the command takes them: the kind's,
 * within the option table's bound on a side (as --grid list says). */
static uint32_t
size_max(const struct maze_grid_size_info *z)
{
    return z->max < MAZE_OPTION_MAX_SIDE ? z->max : MAZE_OPTION_MAX_SIDE;
}

static bool mask_fits(const struct maze_job *opt,
                      const struct maze_grid_kind *k);
static bool mask_pieces(struct maze_job *opt, const struct maze_grid_kind *k);
static bool scaled_sizes(const struct maze_job *opt,
                         const struct maze_grid_kind *k);
static bool scale_mask(struct maze_job *opt, const struct maze_grid_kind *k);

const struct maze_grid_kind *
maze__job_grid_kind(const struct maze_job *opt)
{
    return opt->kind ? opt->kind : maze_grid_kind_find("rect");
}

bool
maze__job_whole_rect(const struct maze_job *opt)
{
    return strcmp(maze__job_grid_kind(opt)->name, "rect") == 0 &&
           opt->mask_path == NULL;
}

struct maze_grid_params
maze__job_grid_params(const struct maze_job *opt)
{
    struct maze_grid_params p = {.struct_size = sizeof(struct maze_grid_params),
                                 .mask = opt->mask};
    if (opt->mask == NULL) {
        p.size[MAZE_SIZE_WIDTH] = opt->width;
        p.size[MAZE_SIZE_HEIGHT] = opt->height;
    }
    p.size[MAZE_SIZE_LEVELS] = opt->levels;
    p.size[MAZE_SIZE_ROOM] = opt->centre;
    p.size[MAZE_SIZE_PANELS] = opt->panels;
    return p;
}

int
maze__job_grid_create(const struct maze_job *opt, struct maze_grid **out)
{
    struct maze_grid_params p = maze__job_grid_params(opt);
    return maze_grid_create(maze__job_grid_kind(opt), &p, out);
}

/* Reads at most MASK_MAX_BYTES of path into *data; errno-style. */
static int
read_file(const char *path, char **data, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return errno ? errno : ENOENT;
    }
    size_t unused;
    int rc = maze__job_read_bounded(f, JOB_MASK_MAX_BYTES, NULL, NULL, data,
                                    len, &unused);
    fclose(f);
    return rc;
}

/* --mask: the picture, one piece, on a kind that takes masks. */
static bool
read_mask(struct maze_job *opt)
{
    const struct maze_grid_kind *k = maze__job_grid_kind(opt);
    if (!k->maskable) {
        maze__job_usage_error(
            "--mask: a %s grid takes no mask; expected --grid "
            "rect, hex or another kind --grid list says takes "
            "--mask",
            k->name);
        return false;
    }
    if (!scaled_sizes(opt, k)) {
        return false;
    }
    /* Contents given (maze_job_set_data()) are read as a file's are; they
     * were held to JOB_MASK_MAX_BYTES when given. */
    char *data = opt->mask_data.bytes;
    size_t len = opt->mask_data.len;
    int e = data != NULL ? 0 : read_file(opt->mask_path, &data, &len);
    if (e != 0) {
        maze__job_usage_error("--mask: cannot read '%s': %s", opt->mask_path,
                              e == EFBIG ? "larger than 64 MiB" : strerror(e));
        return false;
    }
    static const unsigned char png_sig[8] = {0x89, 'P',  'N',  'G',
                                             '\r', '\n', 0x1a, '\n'};
    bool png = len >= 8 && memcmp(data, png_sig, 8) == 0;
    int rc = png ? maze_mask_read_png(data, len, MASK_MAX_SIDE, &opt->mask)
                 : maze_mask_read_text(data, len, MASK_MAX_SIDE, &opt->mask);
    if (data != opt->mask_data.bytes) {
        free(data);
    }
    if (rc == MAZE_ERR_RANGE) {
        maze__job_usage_error(
            "--mask: '%s' is larger than %ux%u cells; expected "
            "a smaller picture",
            opt->mask_path, MASK_MAX_SIDE, MASK_MAX_SIDE);
        return false;
    }
    if (rc != MAZE_OK) {
        maze__job_usage_error(
            "--mask: '%s' is not a mask; expected a PNG (dark pixels are "
            "cells) or a text picture (one line a row; '.', ' ' and '_' are "
            "not cells, other printable characters are) with a cell",
            opt->mask_path);
        return false;
    }
    if (opt->mask_invert) {
        maze_mask_invert(opt->mask);
    }
    return scale_mask(opt, k) && mask_fits(opt, k) && mask_pieces(opt, k);
}

/* The largest side -W or -H scales a mask to on kind k: the kind's, and
 * at most a picture's (the mask is a byte a cell, held while checking). */
static uint32_t
scaled_max(const struct maze_grid_kind *k, int s)
{
    uint32_t most = size_max(&k->sizes[s]);
    return most < MASK_MAX_SIDE ? most : MASK_MAX_SIDE;
}

/* -W and -H with --mask, against the kind's limits before the picture is
 * read. */
static bool
scaled_sizes(const struct maze_job *opt, const struct maze_grid_kind *k)
{
    const bool given[2] = {opt->width_set, opt->height_set};
    const uint32_t side[2] = {opt->width, opt->height};
    for (int s = MAZE_SIZE_WIDTH; s <= MAZE_SIZE_HEIGHT; s++) {
        const struct maze_grid_size_info *z = &k->sizes[s];
        if (!given[s] || (side[s] >= z->min && side[s] <= scaled_max(k, s))) {
            continue;
        }
        maze__job_usage_error(
            "%s: %u is not a size a --mask picture scales to; expected a "
            "whole number from %u to %u, a masked %s grid's %s",
            maze_option_label(maze_option_at(size_options[s])),
            (unsigned)side[s], (unsigned)z->min, (unsigned)scaled_max(k, s),
            k->name, z->meaning);
        return false;
    }
    return true;
}

/*
 * -W N and -H M with --mask: the picture resampled to N x M cells by area
 * (maze_mask_scale()). Given one of them, the other keeps the picture's
 * proportions: M = N x its height / its width, rounded to the nearest
 * whole number (halves up), at least 1; checked against the kind's limits
 * as -W and -H are.
 */
static bool
scale_mask(struct maze_job *opt, const struct maze_grid_kind *k)
{
    if (!opt->width_set && !opt->height_set) {
        return true;
    }
    uint64_t pw = maze_mask_width(opt->mask), ph = maze_mask_height(opt->mask);
    uint64_t w = opt->width, h = opt->height;
    if (!opt->height_set) {
        h = (2 * w * ph + pw) / (2 * pw);
    } else if (!opt->width_set) {
        w = (2 * h * pw + ph) / (2 * ph);
    }
    w = w ? w : 1;
    h = h ? h : 1;
    const uint64_t side[2] = {w, h};
    for (int s = MAZE_SIZE_WIDTH; s <= MAZE_SIZE_HEIGHT; s++) {
        const struct maze_grid_size_info *z = &k->sizes[s];
        if (side[s] >= z->min && side[s] <= scaled_max(k, s)) {
            continue;
        }
        int other = 1 - s;
        maze__job_usage_error(
            "%s: %u keeps the %ux%u picture of '%s' in proportion at "
            "%llux%llu cells, and a masked %s grid takes %u to %u %s; "
            "expected another %s, or %s too",
            maze_option_label(maze_option_at(size_options[other])),
            (unsigned)(other == MAZE_SIZE_WIDTH ? w : h), (unsigned)pw,
            (unsigned)ph, opt->mask_path, (unsigned long long)w,
            (unsigned long long)h, k->name, (unsigned)z->min,
            (unsigned)scaled_max(k, s), z->meaning,
            maze_option_label(maze_option_at(size_options[other])),
            maze_option_label(maze_option_at(size_options[s])));
        return false;
    }
    struct maze_mask *scaled;
    int rc = maze_mask_scale(opt->mask, (uint32_t)w, (uint32_t)h, &scaled);
    if (rc != MAZE_OK) {
        (void)maze__job_fail(rc, "--mask: %s", maze_strerror(rc));
        return false;
    }
    maze_mask_destroy(opt->mask);
    opt->mask = scaled;
    if (maze_mask_count(opt->mask) == 0) {
        maze__job_usage_error(
            "--mask: '%s'%s scaled to %llux%llu cells keeps none (no cell "
            "is at least half covered by the picture's cells); expected a "
            "larger -W/--width or -H/--height",
            opt->mask_path, opt->mask_invert ? " (inverted)" : "",
            (unsigned long long)w, (unsigned long long)h);
        return false;
    }
    return true;
}

/* The mask has a cell, and its picture's size is one the kind takes. */
static bool
mask_fits(const struct maze_job *opt, const struct maze_grid_kind *k)
{
    if (maze_mask_count(opt->mask) == 0) {
        /* Reading refuses a picture without a cell: only turning it over
         * leaves none. */
        maze__job_usage_error(
            "--mask-invert: '%s' turned over has no cell (every pixel or "
            "character of the picture is a cell, so none is left); "
            "expected a picture with light pixels or '.', ' ' or '_' to "
            "keep, or no --mask-invert",
            opt->mask_path);
        return false;
    }
    const uint32_t side[2] = {maze_mask_width(opt->mask),
                              maze_mask_height(opt->mask)};
    const char *across[2] = {"wide", "high"};
    for (int s = MAZE_SIZE_WIDTH; s <= MAZE_SIZE_HEIGHT; s++) {
        const struct maze_grid_size_info *z = &k->sizes[s];
        if (side[s] >= z->min && side[s] <= z->max) {
            continue;
        }
        bool few = side[s] < z->min;
        maze__job_usage_error(
            "--mask: '%s' is %u cell%s %s, and a %s grid takes %u to %u %s; "
            "expected a picture at %s %u cells %s (cells left out count)",
            opt->mask_path, (unsigned)side[s], side[s] == 1 ? "" : "s",
            across[s], k->name, (unsigned)z->min, (unsigned)size_max(z),
            z->meaning, few ? "least" : "most",
            (unsigned)(few ? z->min : size_max(z)), across[s]);
        return false;
    }
    return true;
}

/* The pieces a refusal lists by place; the rest are counted. */
#define PIECES_NAMED 6

/* A piece of the mask: its cells and the box round them. */
struct piece {
    uint64_t cells;
    uint32_t x0, y0, x1, y1;
};

/* Appends to buf (of size bytes, NUL-terminated) what fmt says. */
static void append(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
append(char *buf, size_t size, const char *fmt, ...)
{
    size_t n = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + n, size - n, fmt, ap);
    va_end(ap);
}

/* " a-b" or " a" for a span of columns or rows. */
static void
span(char *buf, size_t size, const char *what, uint32_t a, uint32_t b)
{
    if (a == b) {
        append(buf, size, "%s %u", what, (unsigned)a);
    } else {
        append(buf, size, "%ss %u-%u", what, (unsigned)a, (unsigned)b);
    }
}

/*
 * What the pieces of a mask in more than one piece are: each one's cells
 * and place (the columns and rows of the box round it, from 0, as --start
 * counts), and the first two that touch diagonally in the picture (at a
 * corner of squares), which the kind does not join, or they would be one
 * piece. Into buf; false when the labels cannot be held.
 */
static bool
describe_pieces(const struct maze_mask *mask, const struct maze_grid_kind *k,
                char *buf, size_t size)
{
    uint32_t w = maze_mask_width(mask), h = maze_mask_height(mask), n = 0;
    uint32_t *labels = calloc((size_t)w * h, sizeof(uint32_t));
    if (labels == NULL || maze_mask_label(mask, k, labels, &n) != MAZE_OK) {
        free(labels);
        return false;
    }
    struct piece named[PIECES_NAMED];
    for (uint32_t i = 0; i < PIECES_NAMED; i++) {
        named[i] = (struct piece){0, UINT32_MAX, UINT32_MAX, 0, 0};
    }
    uint32_t cx = 0, cy = 0, ox = 0, ca = 0, cb = 0; /* a corner touch */
    for (uint32_t y = 0; y < h; y++) {
        for (uint32_t x = 0; x < w; x++) {
            uint32_t l = labels[(size_t)y * w + x];
            if (l == 0) {
                continue;
            }
            if (l <= PIECES_NAMED) {
                struct piece *p = &named[l - 1];
                p->cells++;
                p->x0 = x < p->x0 ? x : p->x0;
                p->y0 = y < p->y0 ? y : p->y0;
                p->x1 = x > p->x1 ? x : p->x1;
                p->y1 = y > p->y1 ? y : p->y1;
            }
            /* The cells diagonally below: left and right. */
            for (int d = -1; d <= 1 && ca == 0 && y + 1 < h; d += 2) {
                if ((d < 0 && x == 0) || (d > 0 && x + 1 >= w)) {
                    continue;
                }
                uint32_t m = labels[(size_t)(y + 1) * w + x + d];
                if (m != 0 && m != l) {
                    ca = l < m ? l : m;
                    cb = l < m ? m : l;
                    cx = x;
                    cy = y;
                    ox = x + d;
                }
            }
        }
    }
    buf[0] = '\0';
    for (uint32_t i = 0; i < n && i < PIECES_NAMED; i++) {
        const struct piece *p = &named[i];
        append(buf, size, "%s%llu cell%s in ", i ? "; " : "",
               (unsigned long long)p->cells, p->cells == 1 ? "" : "s");
        span(buf, size, "column", p->x0, p->x1);
        append(buf, size, ", ");
        span(buf, size, "row", p->y0, p->y1);
    }
    if (n > PIECES_NAMED) {
        append(buf, size, "; and %u more", (unsigned)(n - PIECES_NAMED));
    }
    if (ca != 0) {
        append(buf, size,
               " (pieces %u and %u touch only diagonally in the picture, "
               "at cells %u,%u and %u,%u, which does not join cells on a "
               "%s grid)",
               (unsigned)ca, (unsigned)cb, (unsigned)cx, (unsigned)cy,
               (unsigned)ox, (unsigned)(cy + 1), k->name);
    }
    free(labels);
    return true;
}

/* The mask's cells in one piece, as the kind joins them. */
static bool
mask_pieces(struct maze_job *opt, const struct maze_grid_kind *k)
{
    uint32_t pieces = 0;
    int rc = maze_mask_pieces(opt->mask, k, &pieces);
    if (rc == MAZE_OK && pieces != 1) {
        char where[1024], scaled[64] = "";
        if (!describe_pieces(opt->mask, k, where, sizeof(where))) {
            (void)maze__job_fail(MAZE_ERR_NOMEM,
                                 "--mask: not enough memory to find the "
                                 "pieces of '%s'",
                                 opt->mask_path);
            return false;
        }
        if (opt->width_set || opt->height_set) {
            snprintf(scaled, sizeof(scaled), " scaled to %ux%u",
                     (unsigned)maze_mask_width(opt->mask),
                     (unsigned)maze_mask_height(opt->mask));
        }
        maze__job_usage_error(
            "--mask: the cells of '%s'%s%s fall into %u pieces on "
            "a %s grid (columns and rows from 0): %s; expected a shape in "
            "one piece (join the pieces or remove all but one)",
            opt->mask_path, opt->mask_invert ? " (inverted)" : "", scaled,
            (unsigned)pieces, k->name, where);
        return false;
    }
    if (rc != MAZE_OK) {
        (void)maze__job_fail(rc, "--mask: %s", maze_strerror(rc));
        return false;
    }
    opt->width = maze_mask_width(opt->mask);
    opt->height = maze_mask_height(opt->mask);
    return true;
}

/* Refuses size s, as typed, with the limits of kind k. */
static void
size_error(const struct maze_grid_kind *k, int s, const char *text)
{
    const struct maze_grid_size_info *z = &k->sizes[s];
    maze__job_usage_error(
        "%s: '%s' is not valid; expected a whole number from %u to %u, "
        "a %s grid's %s",
        maze_option_label(maze_option_at(size_options[s])), text,
        (unsigned)z->min, (unsigned)size_max(z), k->name, z->meaning);
}

bool
maze__job_size_refused(struct maze_job *opt, const struct maze_option *o,
                       const char *text)
{
    for (int s = 0; s < MAZE_SIZE_COUNT; s++) {
        if (size_options[s] != o->id || text == NULL) {
            continue;
        }
        /* The first refusal is the one reported: a later valid value does
         * not take it back. */
        if (opt->size_refused[s] == NULL) {
            opt->size_refused[s] = text;
        }
        opt->width_set = opt->width_set || s == MAZE_SIZE_WIDTH;
        opt->height_set = opt->height_set || s == MAZE_SIZE_HEIGHT;
        return true;
    }
    return false;
}

/*
 * The sizes maze_option_parse() refused, now that the kind is known (with
 * --mask too: -W and -H scale its picture); with
 * --load the file's kind is not known yet, and the row's range is named.
 */
static bool
check_refused(const struct maze_job *opt)
{
    const struct maze_grid_kind *k = maze__job_grid_kind(opt);
    for (int s = 0; s < MAZE_SIZE_COUNT; s++) {
        const char *text = opt->size_refused[s];
        if (text == NULL) {
            continue;
        }
        if (opt->load == NULL && k->sizes[s].meaning != NULL) {
            size_error(k, s, text);
            return false;
        }
        const struct maze_option *o = maze_option_at(size_options[s]);
        maze__job_usage_error("%s: '%s' is not valid; expected a whole number "
                              "from %llu to %llu",
                              maze_option_label(o), text,
                              (unsigned long long)o->min,
                              (unsigned long long)o->max);
        return false;
    }
    return true;
}

/* The sizes against the kind's limits. */
static bool
check_sizes(const struct maze_job *opt)
{
    const struct maze_grid_kind *k = maze__job_grid_kind(opt);
    struct maze_grid_params p = maze__job_grid_params(opt);
    uint64_t cells;
    int rc = maze_grid_measure(k, &p, &cells, NULL, NULL);
    if (rc == MAZE_OK) {
        return true;
    }
    for (int s = 0; s < MAZE_SIZE_COUNT; s++) {
        const struct maze_grid_size_info *z = &k->sizes[s];
        uint32_t v = p.size[s] ? p.size[s] : z->def;
        if (z->meaning != NULL && p.mask == NULL &&
            (v < z->min || v > z->max)) {
            char text[16];
            snprintf(text, sizeof(text), "%u", (unsigned)v);
            size_error(k, s, text);
            return false;
        }
    }
    if (maze__job_whole_rect(opt)) {
        return true; /* past 2^31 - 1 cells a rectangle streams */
    }
    maze__job_usage_error(
        "-W/--width x -H/--height: a %ux%u %s grid is more than "
        "%u cells (only whole rectangles stream); expected a "
        "smaller size",
        opt->width, opt->height, k->name, MAZE_MAX_CELLS);
    return false;
}

/* -b against the kind's class names; without -b, the default weights. */
static bool
check_bias(struct maze_job *opt)
{
    const struct maze_grid_kind *k = maze__job_grid_kind(opt);
    if (opt->bias_text == NULL) {
        maze__bias_default(k, &opt->bias);
        return true;
    }
    int rc = maze_bias_parse(opt->bias_text, k, &opt->bias);
    if (rc == MAZE_OK) {
        return true;
    }
    char names[128] = "", example[128] = "";
    for (unsigned c = 0; c < k->class_count; c++) {
        size_t n = strlen(names), m = strlen(example);
        snprintf(names + n, sizeof(names) - n, "%s%s", c ? ", " : "",
                 k->class_names[c]);
        snprintf(example + m, sizeof(example) - m, "%s%s=%d", c ? "," : "",
                 k->class_names[c], c == 0 ? 3 : 1);
    }
    maze__job_usage_error(
        "-b/--bias: '%s' is not valid for a %s grid; expected "
        "weights of its classes %s, like %s (decimals from 0 to "
        "1000, at most 6 decimals, not all 0)",
        opt->bias_text, k->name, names, example);
    return false;
}

bool
maze__job_grid_cell(const struct maze_grid *g, const struct maze__job_point *p,
                    const char *name, uint32_t *cell)
{
    const struct maze_grid_kind *k = maze_grid_kind(g);
    char form[64] = "";
    for (unsigned c = 0; c < k->coord_count; c++) {
        size_t n = strlen(form);
        snprintf(form + n, sizeof(form) - n, "%s%s", c ? "," : "",
                 k->coord_names[c]);
    }
    if (p->count != k->coord_count) {
        maze__job_usage_error(
            "%s: '%s' is not a cell of a %s grid; expected %s", name, p->text,
            k->name, form);
        return false;
    }
    if (maze_grid_cell_at(g, p->v, p->count, cell) != MAZE_OK) {
        maze__job_usage_error(
            "%s: cell %s is %s the %ux%u %s maze; expected %s "
            "of a cell in it",
            name, p->text,
            maze_grid_masked(g) ? "outside the mask of" : "outside",
            maze_grid_width(g), maze_grid_height(g), k->name, form);
        return false;
    }
    return true;
}

/* --start and --finish name cells of the grid. */
static bool
check_points(const struct maze_job *opt)
{
    if (!opt->start.set && !opt->finish.set) {
        return true;
    }
    const struct maze__job_point *pts[2] = {&opt->start, &opt->finish};
    const char *names[2] = {"--start", "--finish"};
    if (maze__job_whole_rect(opt)) {
        /* Arithmetic, for rectangles too large to hold (they stream). */
        for (int i = 0; i < 2; i++) {
            const struct maze__job_point *p = pts[i];
            if (!p->set) {
                continue;
            }
            if (p->count != 2) {
                maze__job_usage_error("%s: '%s' is not valid; expected X,Y "
                                      "(0-based cell coordinates, e.g. 0,0)",
                                      names[i], p->text);
                return false;
            }
            if (p->v[0] >= opt->width || p->v[1] >= opt->height) {
                maze__job_usage_error(
                    "%s: cell %s is outside the %ux%u maze; "
                    "expected X from 0 to %u and Y from 0 to %u",
                    names[i], p->text, opt->width, opt->height, opt->width - 1,
                    opt->height - 1);
                return false;
            }
        }
        return true;
    }
    struct maze_grid *g;
    if (maze__job_grid_create(opt, &g) != MAZE_OK) {
        (void)maze__job_fail(MAZE_ERR_NOMEM, "not enough memory for the grid");
        return false;
    }
    uint32_t cell;
    bool ok = true;
    for (int i = 0; i < 2 && ok; i++) {
        ok = !pts[i]->set || maze__job_grid_cell(g, pts[i], names[i], &cell);
    }
    maze_grid_destroy(g);
    return ok;
}

/* The algorithms that are not `rect_only` (and with `any_size`, do not
 * draw again either), comma-separated into buf. */
static void
takers(bool any_size, char *buf, size_t size)
{
    buf[0] = '\0';
    for (size_t i = 0; i < maze_algorithm_count(); i++) {
        const struct maze_algorithm_info *a = maze_algorithm_at(i);
        size_t n = strlen(buf);
        if (!a->rect_only && !(any_size && a->rejects)) {
            snprintf(buf + n, size - n, "%s%s", n ? ", " : "", a->name);
        }
    }
}

/* What needs a whole rectangle. */
static bool
check_rect_only(const struct maze_job *opt)
{
    if (maze__job_whole_rect(opt)) {
        return true;
    }
    const char *what =
        opt->mask_path ? "a masked grid" : maze__job_grid_kind(opt)->name;
    const struct maze_algorithm_info *alg =
        maze_algorithm_find(maze__job_algorithm(opt));
    const struct maze__job_difficulty *d = opt->difficulty;
    if (d != NULL && d->algorithm != NULL) {
        alg = maze_algorithm_find(d->algorithm);
    }
    if (alg != NULL && maze__job_grid_kind(opt)->tunnels && !alg->weaves) {
        char names[256] = "";
        for (size_t i = 0; i < maze_algorithm_count(); i++) {
            const struct maze_algorithm_info *a = maze_algorithm_at(i);
            size_t n = strlen(names);
            if (a->weaves) {
                snprintf(names + n, sizeof(names) - n, "%s%s", n ? " or " : "",
                         a->name);
            }
        }
        if (d != NULL && d->algorithm != NULL) {
            maze__job_usage_error(
                "--difficulty: %s carves with %s, which does not "
                "weave; expected a level that uses %s",
                d->name, alg->name, names);
        } else {
            maze__job_usage_error(
                "-a/--algorithm: %s does not weave (tunnel under "
                "corridors); expected %s",
                alg->name, names);
        }
        return false;
    }
    if (alg != NULL && alg->rect_only) {
        char names[256];
        takers(false, names, sizeof(names));
        maze__job_usage_error(
            "-a/--algorithm: %s carves only whole rectangles "
            "(--grid rect without --mask), not %s; expected one "
            "of %s",
            alg->name, what, names);
        return false;
    }
    if (opt->unicursal) {
        maze__job_usage_error(
            "--unicursal: doubles a whole rectangle (--grid rect "
            "without --mask), not %s; expected no --unicursal",
            what);
        return false;
    }
    if (opt->stream) {
        maze__job_usage_error(
            "--stream: streams only whole rectangles (--grid "
            "rect without --mask), not %s; expected no --stream",
            what);
        return false;
    }
    return true;
}

/* The largest n x n grid of kind with at most `most` conflicting pairs. */
static uint32_t
largest_square(const struct maze_grid_kind *k, uint64_t most)
{
    uint32_t n = 1;
    for (;;) {
        struct maze_grid_params p = {.struct_size =
                                         sizeof(struct maze_grid_params),
                                     .size = {n + 1, n + 1}};
        struct maze_grid *g;
        if (maze_grid_create(k, &p, &g) != MAZE_OK) {
            return n;
        }
        uint64_t pairs = maze_grid_conflict_pairs(g, most + 1);
        maze_grid_destroy(g);
        if (pairs > most) {
            return n;
        }
        n++;
    }
}

/*
 * Algorithms that draw whole mazes again on grids with crossing passages
 * (zeta) only up to a size: refused here, with the largest square that
 * fits, before a grid too large could draw for ever.
 */
static bool
check_conflicts(const struct maze_job *opt)
{
    const struct maze_algorithm_info *alg =
        maze_algorithm_find(maze__job_algorithm(opt));
    if (alg == NULL || !alg->rejects || maze__job_whole_rect(opt)) {
        return true;
    }
    struct maze_grid *g;
    if (maze__job_grid_create(opt, &g) != MAZE_OK) {
        (void)maze__job_fail(MAZE_ERR_NOMEM, "not enough memory for the grid");
        return false;
    }
    uint64_t most = maze_algorithm_conflict_limit(alg, g, &opt->bias);
    uint64_t pairs = maze_grid_conflict_pairs(g, most + 1);
    maze_grid_destroy(g);
    if (most == UINT64_MAX || pairs <= most) {
        return true;
    }
    const struct maze_grid_kind *k = maze__job_grid_kind(opt);
    uint32_t n = largest_square(k, most);
    char names[256];
    takers(true, names, sizeof(names));
    maze__job_usage_error(
        "-a/--algorithm: %s stays uniform on a %s grid by "
        "drawing again until no two passages cross, too slow past "
        "%llu crossing pairs (2x2 blocks)%s, and this %s has "
        "more; expected --grid %s of at most %ux%u (or another "
        "size with at most %llu blocks), or an algorithm that "
        "works at any size: %s",
        alg->name, k->name, (unsigned long long)most,
        opt->bias_text ? " with these weights" : "",
        opt->mask_path ? "masked grid" : "grid", k->name, n, n,
        (unsigned long long)most, names);
    return false;
}

/* Sizes not given take the kind's defaults, where it has them (a
 * circle's first ring), else the command line's 20. */
static void
default_sizes(struct maze_job *opt)
{
    const struct maze_grid_kind *k = maze__job_grid_kind(opt);
    if (!opt->width_set && k->sizes[MAZE_SIZE_WIDTH].def != 0) {
        opt->width = k->sizes[MAZE_SIZE_WIDTH].def;
    }
    if (!opt->height_set && k->sizes[MAZE_SIZE_HEIGHT].def != 0) {
        opt->height = k->sizes[MAZE_SIZE_HEIGHT].def;
    }
}

bool
maze__job_check_grid(struct maze_job *opt)
{
    if (opt->load != NULL) {
        if (!check_refused(opt)) {
            return false;
        }
        if (opt->kind != NULL || opt->mask_path != NULL) {
            maze__job_usage_error(
                "--load: the file fixes the grid; expected no "
                "%s with --load",
                opt->kind ? "--grid" : "--mask");
            return false;
        }
        return true;
    }
    if (opt->given[MAZE_OPT_LEVELS] && opt->kind == NULL) {
        /* --levels N alone asks for a 3D maze. */
        opt->kind = maze_grid_kind_find("3d");
    }
    if (opt->weave_set && opt->kind == NULL) {
        opt->kind = maze_grid_kind_find("weave");
    }
    if (opt->weave_set && !maze__job_grid_kind(opt)->tunnels) {
        maze__job_usage_error("--weave: tunnels under square cells, not %s; "
                              "expected --grid weave (or no --grid)",
                              maze__job_grid_kind(opt)->name);
        return false;
    }
    if (opt->given[MAZE_OPT_LEVELS] &&
        maze__job_grid_kind(opt)->sizes[MAZE_SIZE_LEVELS].meaning == NULL) {
        maze__job_usage_error("-L/--levels: a %s grid has one level; expected "
                              "--grid 3d (or no --grid)",
                              maze__job_grid_kind(opt)->name);
        return false;
    }
    if (opt->given[MAZE_OPT_PANELS] &&
        maze__job_grid_kind(opt)->sizes[MAZE_SIZE_PANELS].meaning == NULL) {
        maze__job_usage_error("--panels: a %s grid has one level; expected "
                              "--grid 3d (or -L N)",
                              maze__job_grid_kind(opt)->name);
        return false;
    }
    if (opt->given[MAZE_OPT_CENTRE] &&
        maze__job_grid_kind(opt)->sizes[MAZE_SIZE_ROOM].meaning == NULL) {
        maze__job_usage_error(
            "--centre: a %s grid has no centre room; expected "
            "--grid theta",
            maze__job_grid_kind(opt)->name);
        return false;
    }
    if (!check_refused(opt)) {
        return false;
    }
    default_sizes(opt);
    if (opt->mask_invert && opt->mask_path == NULL) {
        maze__job_usage_error("--mask-invert: turns a --mask over; expected "
                              "--mask FILE");
        return false;
    }
    return (opt->mask_path == NULL || read_mask(opt)) && check_sizes(opt) &&
           check_bias(opt) && check_rect_only(opt) && check_conflicts(opt) &&
           check_points(opt);
}
