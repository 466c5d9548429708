/* SPDX-License-Identifier: MIT */
/*
 * PNG of every grid kind: each kind's maze (made as the command makes it,
 * through a job) written as PNG, timed against a rectangle's PNG of about
 * the same pixels, interleaved (kind, rect, kind, rect...) so both see the
 * same minutes of a shared machine. Every kind but the whole rectangle is
 * drawn by cairo in bands (png_band.c); the rectangle has its own pixel
 * path, so the ratio is what drawing a kind costs. The rectangle keeps
 * the default 10 px cells and takes the cell count whose image is nearest
 * the kind's, within a cell each way.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mazegen/job.h>

#include "common.h"
#include "png_kinds.h"

/* The kinds, as the command's options: a name, then option pairs. */
struct png_case {
    const char *name;
    const char *opts[12]; /* name, value (NULL: a flag), ..., NULL name */
    const char *quick[12];
};

#define SOL "solution", NULL

static const struct png_case cases[] = {
    {"hex",
     {"grid", "hex", "W", "150", "H", "150"},
     {"grid", "hex", "W", "80", "H", "80"}},
    {"triangle",
     {"grid", "triangle", "W", "260", "H", "150"},
     {"grid", "triangle", "W", "140", "H", "80"}},
    {"upsilon",
     {"grid", "upsilon", "W", "180", "H", "180"},
     {"grid", "upsilon", "W", "100", "H", "100"}},
    {"theta", {"grid", "theta", "H", "70"}, {"grid", "theta", "H", "40"}},
    {"zeta",
     {"grid", "zeta", "W", "150", "H", "150"},
     {"grid", "zeta", "W", "80", "H", "80"}},
    {"3d",
     {"grid", "3d", "W", "45", "H", "45", "levels", "3"},
     {"grid", "3d", "W", "25", "H", "25", "levels", "3"}},
    {"weave",
     {"grid", "weave", "W", "150", "H", "150"},
     {"grid", "weave", "W", "80", "H", "80"}},
    {"mask",
     {"grid", "rect", "mask", "", "W", "150", "H", "150"},
     {"grid", "rect", "mask", "", "W", "80", "H", "80"}},
    {"fractal",
     {"fractal", "2", "W", "12", "H", "12"},
     {"fractal", "2", "W", "9", "H", "9"}},
};

struct png_job {
    const struct png_case *c;
    bool solution;
    uint32_t rect_w, rect_h; /* the rectangle's cells; 0: the kind */
};

/* A disk of cells as a text mask, 64 characters across. */
static const char *
disk_mask(void)
{
    static char text[64 * 65 + 1];
    if (text[0] == '\0') {
        char *p = text;
        for (int y = 0; y < 64; y++) {
            for (int x = 0; x < 64; x++) {
                double dx = x - 31.5, dy = y - 31.5;
                *p++ = dx * dx + dy * dy <= 32.0 * 32.0 ? '#' : '.';
            }
            *p++ = '\n';
        }
        *p = '\0';
    }
    return text;
}

/* A made job for j, its PNG not yet written; NULL on failure. */
static struct maze_job *
make_job(const struct png_job *j)
{
    struct maze_job *job = NULL;
    if (maze_job_create(&job) != MAZE_OK) {
        return NULL;
    }
    maze_job_no_files(job);
    char seed[24], w[16], h[16];
    snprintf(seed, sizeof(seed), "%llu",
             (unsigned long long)(bench_cfg.seed + bench_run_index()));
    snprintf(w, sizeof(w), "%u", (unsigned)j->rect_w);
    snprintf(h, sizeof(h), "%u", (unsigned)j->rect_h);
    int rc = maze_job_set(job, "seed", seed);
    if (rc == MAZE_OK) {
        rc = maze_job_set(job, "o", "maze.png");
    }
    if (rc == MAZE_OK && j->solution) {
        rc = maze_job_set(job, SOL);
    }
    if (j->rect_w > 0) {
        if (rc == MAZE_OK) {
            rc = maze_job_set(job, "W", w);
        }
        if (rc == MAZE_OK) {
            rc = maze_job_set(job, "H", h);
        }
    } else {
        const char *const *o = bench_cfg.quick ? j->c->quick : j->c->opts;
        for (size_t i = 0; o[i] != NULL && rc == MAZE_OK; i += 2) {
            if (strcmp(o[i], "mask") == 0) {
                const char *t = disk_mask();
                rc = maze_job_set_data(job, "mask", t, strlen(t), "disk");
            } else {
                rc = maze_job_set(job, o[i], o[i + 1]);
            }
        }
    }
    if (rc == MAZE_OK) {
        rc = maze_job_check(job);
    }
    if (rc == MAZE_OK) {
        rc = maze_job_make(job, NULL);
    }
    if (rc != MAZE_OK) {
        maze_job_destroy(job);
        return NULL;
    }
    return job;
}

static void
run_png(void *arg, struct sample *s)
{
    const struct png_job *j = arg;
    struct maze_job *job = make_job(j);
    if (job == NULL) {
        s->status = 1;
        return;
    }
    struct maze_sink counter = bench_counting_sink(&s->bytes);
    bench_start(s);
    s->status = maze_job_write(job, 0, &counter, NULL);
    bench_stop(s);
    maze_job_destroy(job);
}

/* Keeps the first 24 bytes of a PNG: its signature and IHDR's size. */
struct head {
    uint8_t b[24];
    size_t n;
};

static int
keep_head(void *ctx, const void *data, size_t len)
{
    struct head *h = ctx;
    size_t take = len < sizeof(h->b) - h->n ? len : sizeof(h->b) - h->n;
    memcpy(h->b + h->n, data, take);
    h->n += take;
    return 0;
}

static uint32_t
be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 |
           p[3];
}

/* The pixel width and height of j's PNG; false on failure. */
static bool
png_size(const struct png_job *j, uint32_t *w, uint32_t *h)
{
    struct maze_job *job = make_job(j);
    if (job == NULL) {
        return false;
    }
    struct head hd = {.n = 0};
    struct maze_sink sink = {keep_head, &hd};
    int rc = maze_job_write(job, 0, &sink, NULL);
    maze_job_destroy(job);
    if (rc != MAZE_OK || hd.n < 24) {
        return false;
    }
    *w = be32(hd.b + 16);
    *h = be32(hd.b + 20);
    return true;
}

/* The rectangle's cells whose image is nearest w x h pixels: the image
 * grows by the cell (10 px) a cell, from what one cell gives. */
static bool
match_rect(struct png_job *r, uint32_t w, uint32_t h)
{
    uint32_t w1, h1, w2, h2;
    r->rect_w = r->rect_h = 1;
    if (!png_size(r, &w1, &h1)) {
        return false;
    }
    r->rect_w = r->rect_h = 2;
    if (!png_size(r, &w2, &h2)) {
        return false;
    }
    double cw = (double)w2 - w1, ch = (double)h2 - h1;
    long nw = (long)((w - (double)w1) / cw + 1.5);
    long nh = (long)((h - (double)h1) / ch + 1.5);
    r->rect_w = nw < 1 ? 1 : (uint32_t)nw;
    r->rect_h = nh < 1 ? 1 : (uint32_t)nh;
    return true;
}

void
bench_png_kinds_section(void)
{
    if (!bench_wanted("png-kinds")) {
        return;
    }
    bench_section("png of every grid kind against a rectangle's png of the "
                  "same pixels (interleaved, cpu time)",
                  "kind / rectangle of the same pixels          kind px     "
                  " x rect  (wall, cpu)   medians");
    unsigned runs = bench_cfg.quick ? 3 : 5;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        for (int sol = 0; sol < 2; sol++) {
            char name[32];
            snprintf(name, sizeof(name), "%s%s", cases[i].name,
                     sol ? "+sol" : "");
            struct png_job k = {.c = &cases[i], .solution = sol == 1};
            struct png_job r = {.c = &cases[i], .solution = sol == 1};
            uint32_t kw, kh, rw, rh;
            if (!png_size(&k, &kw, &kh) || !match_rect(&r, kw, kh) ||
                !png_size(&r, &rw, &rh)) {
                printf("%-12s failed\n", name);
                continue;
            }
            char what[64], px[24];
            snprintf(what, sizeof(what), "%s / rect %ux%u (%ux%u px)", name,
                     (unsigned)r.rect_w, (unsigned)r.rect_h, (unsigned)rw,
                     (unsigned)rh);
            snprintf(px, sizeof(px), "%ux%u", (unsigned)kw, (unsigned)kh);
            bench_interleaved_time(what, px, run_png, &k, run_png, &r, runs);
        }
    }
}
