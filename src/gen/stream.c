/* SPDX-License-Identifier: MIT */
/*
 * Row carvers put to work: run into a whole maze (maze__carve_rows(), the
 * carve function of every streamable algorithm) or handed out one row at
 * a time (the maze_stream_* API). Both draw from the generator seeded
 * exactly as maze_generate() seeds it, so a streamed maze is the very maze
 * maze_generate() makes from the same options, only never held whole.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "core/rowbits.h"
#include "gen/stream_impl.h"
#include <mazegen/status.h>

/* Allocates the row buffers and the carver's state. */
static int
rowgen_begin(struct maze__rowgen *r, const struct maze__row_carver *carver)
{
    r->words = maze__row_words(r->width);
    r->east = maze__alloc_array(r->words, sizeof(uint64_t), true);
    r->south = maze__alloc_array(r->words, sizeof(uint64_t), true);
    int rc = MAZE_ERR_NOMEM;
    if (r->east != NULL && r->south != NULL) {
        rc = carver->begin(r);
    }
    if (rc != MAZE_OK) {
        free(r->east);
        free(r->south);
        r->east = r->south = NULL;
    }
    return rc;
}

static void
rowgen_end(struct maze__rowgen *r, const struct maze__row_carver *carver)
{
    if (r->east != NULL) {
        carver->end(r);
    }
    free(r->east);
    free(r->south);
    r->east = r->south = NULL;
}

uint64_t
maze__rows_scratch(const struct maze__dims *d)
{
    /* Two rows of passages and the carver's state (Eller's two links and
     * a flag per column is the most), generously. */
    return maze__sat_add(maze__sat_mul(32, d->width), 4096);
}

/*
 * Reports a finished row: the row, then each cell in turn with the
 * passage east of it, then the passages down. A row carver decides a row
 * as a whole, so this is the order it can honestly be shown in.
 */
static void
row_steps(const struct maze__carve *ctx, const struct maze__rowgen *r)
{
    uint32_t first = r->y * r->width;
    maze__step(ctx, MAZE_STEP_ROW, first, MAZE_NONE);
    for (uint32_t x = 0; x < r->width; x++) {
        maze__step(ctx, MAZE_STEP_VISIT, first + x, MAZE_NONE);
        if (r->east[x / 64] >> (x % 64) & 1u) {
            maze__step(ctx, MAZE_STEP_OPEN, MAZE_NONE,
                       maze__rect_east(first + x));
        }
    }
    for (uint32_t x = 0; x < r->width; x++) {
        if (r->south[x / 64] >> (x % 64) & 1u) {
            maze__step(ctx, MAZE_STEP_OPEN, MAZE_NONE,
                       maze__rect_south(first + x));
        }
    }
}

int
maze__carve_rows(struct maze__carve *ctx, const struct maze__row_carver *rows)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    struct maze__rowgen r = {
        .width = g->width,
        .height = g->height,
        .rng = ctx->rng,
        .bias = ctx->bias,
    };
    int rc = rowgen_begin(&r, rows);
    if (rc != MAZE_OK) {
        return rc;
    }
    uint64_t step = maze__report_step(g->height);
    for (r.y = 0; r.y < g->height; r.y++) {
        rows->next(&r);
        maze__row_store(m->bits, 2 * (uint64_t)r.y * g->width, r.east, r.south,
                        g->width);
        if (ctx->steps != NULL) {
            row_steps(ctx, &r);
        }
        if ((r.y & (step - 1)) == 0 &&
            maze__carve_report(ctx, (uint64_t)r.y * g->width, g->cells)) {
            break;
        }
    }
    rowgen_end(&r, rows);
    return MAZE_OK;
}

/* The algorithms that stream, "a, b and c", into buf. */
static const char *
streamable_names(char *buf, size_t size)
{
    size_t total = 0, n = 0, used = 0;
    for (size_t i = 0; i < maze_algorithm_count(); i++) {
        total += maze_algorithm_at(i)->streamable;
    }
    buf[0] = '\0';
    for (size_t i = 0; i < maze_algorithm_count() && used < size; i++) {
        const struct maze_algorithm_info *a = maze_algorithm_at(i);
        if (!a->streamable) {
            continue;
        }
        n++;
        const char *sep = n == 1 ? "" : n == total ? " and " : ", ";
        int w = snprintf(buf + used, size - used, "%s%s", sep, a->name);
        used += w > 0 ? (size_t)w : 0;
    }
    return buf;
}

int
maze_stream_create(uint32_t width, uint32_t height,
                   const struct maze_generate_options *options,
                   struct maze_stream **out)
{
    if (out == NULL) {
        maze__detail_clear();
        return MAZE_ERR_INVALID;
    }
    *out = NULL;
    struct maze_generate_options copy;
    const struct maze_generate_options *opt = &copy;
    int rc = maze__generate_options_take(&copy, options);
    if (rc != MAZE_OK) {
        return rc;
    }
    const struct maze__algorithm *alg;
    struct maze_bias bias, given;
    rc = maze__generate_prepare(opt, 2, &alg, &bias, &given);
    if (rc != MAZE_OK) {
        return rc;
    }
    if (alg->rows == NULL) {
        char names[128];
        return maze__fail(MAZE_ERR_UNSUPPORTED,
                          "algorithm %s cannot stream (%s can)", alg->info.name,
                          streamable_names(names, sizeof(names)));
    }
    if (width == 0 || height == 0) {
        return maze__fail(MAZE_ERR_RANGE, "%s 0: a maze has at least one cell",
                          width == 0 ? "width" : "height");
    }
    struct maze_stream *s = calloc(1, sizeof(*s));
    if (s == NULL) {
        return MAZE_ERR_NOMEM;
    }
    s->carver = alg->rows;
    s->gen =
        (struct maze__rowgen){.width = width, .height = height, .bias = bias};
    maze_rng_seed(&s->gen.rng, opt->seed);
    rc = rowgen_begin(&s->gen, s->carver);
    if (rc != MAZE_OK) {
        free(s);
        return rc;
    }
    s->provenance = (struct maze_provenance){
        .seed = opt->seed, .bias = given, .perfect = alg->info.perfect};
    strncpy(s->provenance.algorithm, alg->info.name,
            sizeof(s->provenance.algorithm) - 1);
    s->progress = opt->progress;
    s->report_step = maze__report_step(height);
    (void)maze_stream_set_endpoints(s, 0, 0, width - 1, height - 1);
    *out = s;
    return MAZE_OK;
}

void
maze_stream_destroy(struct maze_stream *stream)
{
    if (stream == NULL) {
        return;
    }
    rowgen_end(&stream->gen, stream->carver);
    free(stream);
}

uint32_t
maze_stream_width(const struct maze_stream *stream)
{
    return stream->gen.width;
}

uint32_t
maze_stream_height(const struct maze_stream *stream)
{
    return stream->gen.height;
}

int
maze_stream_set_endpoints(struct maze_stream *s, uint32_t start_x,
                          uint32_t start_y, uint32_t finish_x,
                          uint32_t finish_y)
{
    if (s == NULL || s->gen.y > 0) {
        return MAZE_ERR_INVALID;
    }
    uint32_t w = s->gen.width, h = s->gen.height;
    if (start_x >= w || finish_x >= w || start_y >= h || finish_y >= h) {
        return MAZE_ERR_RANGE;
    }
    s->start_x = start_x;
    s->start_y = start_y;
    s->finish_x = finish_x;
    s->finish_y = finish_y;
    /* As maze_set_endpoints(): a finish on the start's cell takes another
     * side where it has one. */
    s->start_opening =
        maze__rect_opening(w, h, start_x, start_y, false, MAZE_NONE);
    bool same = start_x == finish_x && start_y == finish_y;
    s->finish_opening = maze__rect_opening(w, h, finish_x, finish_y, true,
                                           same ? s->start_opening : MAZE_NONE);
    return MAZE_OK;
}

const struct maze_provenance *
maze_stream_provenance(const struct maze_stream *stream)
{
    return &stream->provenance;
}

int
maze_stream_next_row(struct maze_stream *s, const uint64_t **east,
                     const uint64_t **south)
{
    if (s == NULL || east == NULL || south == NULL) {
        return MAZE_ERR_INVALID;
    }
    struct maze__rowgen *r = &s->gen;
    if (s->cancelled) {
        return MAZE_ERR_CANCELLED;
    }
    if (r->y == r->height) {
        return MAZE_ERR_RANGE;
    }
    s->carver->next(r);
    if (((r->y & (s->report_step - 1)) == 0 || r->y + 1 == r->height) &&
        maze__report(s->progress, "carving", (uint64_t)r->y + 1, r->height)) {
        s->cancelled = true;
        return MAZE_ERR_CANCELLED;
    }
    *east = r->east;
    *south = r->south;
    r->y++;
    return MAZE_OK;
}
