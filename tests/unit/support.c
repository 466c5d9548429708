/* SPDX-License-Identifier: MIT */
/*
 * Test support, linked into every unit test executable: one copy of the
 * helpers the tests share (see support.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

int
export_to(const struct maze *m, const char *format,
          const struct maze_export_options *opt, struct membuf *b, size_t limit)
{
    struct maze_sink sink = membuf_sink(b, limit, SIZE_MAX);
    return maze_export(m, format, opt, &sink);
}

void
fixture_create(struct fixture *f, uint32_t w, uint32_t h)
{
    *f = (struct fixture){0};
    assert_int_equal(maze_grid_create_rect(w, h, &f->grid), MAZE_OK);
    assert_int_equal(maze_create(f->grid, &f->maze), MAZE_OK);
}

void
fixture_generate(struct fixture *f, uint32_t w, uint32_t h, uint64_t seed,
                 bool corners)
{
    fixture_create(f, w, h);
    struct maze_generate_options g = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = "backtracker",
                                      .seed = seed};
    assert_int_equal(maze_generate(f->maze, &g), MAZE_OK);
    if (corners) {
        assert_int_equal(maze_set_endpoints(f->maze, 0, w * h - 1), MAZE_OK);
    }
    assert_int_equal(maze_solve(f->maze, &f->path), MAZE_OK);
}

void
fixture_2x2(struct fixture *f)
{
    fixture_create(f, 2, 2);
    maze_set_open(f->maze, 0, true); /* east of 0 */
    maze_set_open(f->maze, 1, true); /* south of 0 */
    maze_set_open(f->maze, 4, true); /* east of 2 */
    assert_int_equal(maze_set_endpoints(f->maze, 0, 3), MAZE_OK);
    set_hand_provenance(f->maze);
    assert_int_equal(maze_solve(f->maze, &f->path), MAZE_OK);
    assert_int_equal(f->path->length, 3);
}

void
fixture_finish(struct fixture *f)
{
    free(f->dist);
    free(f->queue);
    maze_path_destroy(f->path);
    maze_destroy(f->maze);
    maze_grid_destroy(f->grid);
}

void
set_hand_provenance(struct maze *m)
{
    struct maze_provenance p = {.algorithm = "hand", .seed = 7};
    p.bias.weight[MAZE_CLASS_H] = MAZE_WEIGHT_ONE;
    p.bias.weight[MAZE_CLASS_V] = MAZE_WEIGHT_ONE;
    maze_set_provenance(m, &p);
}

uint32_t
cell_at(const struct fixture *f, uint32_t x, uint32_t y)
{
    uint32_t c;
    assert_int_equal(cell_at_xy(f->grid, x, y, &c), MAZE_OK);
    return c;
}

uint32_t
edge_between(const struct maze_grid *g, uint32_t a, uint32_t b)
{
    struct maze_link l[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze_grid_neighbors(g, a, l);
    for (unsigned i = 0; i < n; i++) {
        if (l[i].cell == b) {
            return l[i].edge;
        }
    }
    return MAZE_NONE;
}

void
open_cells(struct fixture *f, uint32_t a, uint32_t b)
{
    uint32_t e = edge_between(f->grid, a, b);
    assert_true(e != MAZE_NONE);
    maze_set_open(f->maze, e, true);
}

void
fixture_bfs(struct fixture *f, uint32_t src)
{
    uint32_t cells = maze_grid_cell_count(f->grid);
    if (f->dist == NULL) {
        f->dist = malloc(sizeof(uint32_t) * cells);
        f->queue = malloc(sizeof(uint32_t) * cells);
        assert_non_null(f->dist);
        assert_non_null(f->queue);
    }
    for (uint32_t i = 0; i < cells; i++) {
        f->dist[i] = UINT32_MAX;
    }
    size_t head = 0, tail = 0;
    f->dist[src] = 0;
    f->queue[tail++] = src;
    while (head < tail) {
        uint32_t c = f->queue[head++];
        struct maze_link l[MAZE_GRID_MAX_DEGREE];
        unsigned n = maze_grid_neighbors(f->grid, c, l);
        for (unsigned i = 0; i < n; i++) {
            if (f->dist[l[i].cell] == UINT32_MAX &&
                maze_is_open(f->maze, l[i].edge)) {
                f->dist[l[i].cell] = f->dist[c] + 1;
                f->queue[tail++] = l[i].cell;
            }
        }
    }
}

int
on_boundary(const struct maze_grid *g, uint32_t cell)
{
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze_grid_cell_sides(g, cell, sides);
    for (unsigned i = 0; i < n; i++) {
        if (sides[i].edge == MAZE_NONE) {
            return 1;
        }
    }
    return 0;
}

bool
is_opening(const struct maze *m, uint32_t cell, unsigned side)
{
    return (cell == maze_start(m) && side == maze_start_opening(m)) ||
           (cell == maze_finish(m) && side == maze_finish_opening(m));
}

int
generate(struct maze *m, const char *alg, uint64_t seed, uint32_t h, uint32_t v)
{
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = alg,
                                      .seed = seed,
                                      .bias = {{h, v}}};
    return maze_generate(m, &o);
}

uint32_t
uf_find(uint32_t *parent, uint32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

void
check_perfect(const struct maze *m, const char *alg, uint64_t seed)
{
    const struct maze_grid *g = maze_grid(m);
    uint32_t cells = maze_grid_cell_count(g);
    uint32_t slots = maze_grid_edge_slots(g);
    uint32_t *parent = malloc(sizeof(uint32_t) * cells);
    assert_non_null(parent);
    for (uint32_t i = 0; i < cells; i++) {
        parent[i] = i;
    }
    uint32_t components = cells;
    uint64_t open = 0;
    for (uint32_t e = 0; e < slots; e++) {
        if (!maze_is_open(m, e)) {
            continue;
        }
        open++;
        if (!maze_grid_edge_exists(g, e)) {
            fail_msg("%s seed %llu: open slot %u holds no edge", alg,
                     (unsigned long long)seed, (unsigned)e);
        }
        uint32_t a, b;
        maze_grid_edge_cells(g, e, &a, &b);
        uint32_t ra = uf_find(parent, a), rb = uf_find(parent, b);
        if (ra == rb) {
            fail_msg("%s seed %llu on %ux%u: passage %u closes a loop", alg,
                     (unsigned long long)seed, (unsigned)maze_grid_width(g),
                     (unsigned)maze_grid_height(g), (unsigned)e);
        }
        parent[ra] = rb;
        components--;
    }
    free(parent);
    check_no_crossing(m, alg, seed);
    if (components != 1 || open != cells - 1) {
        fail_msg("%s seed %llu on %ux%u: %u components, %llu passages", alg,
                 (unsigned long long)seed, (unsigned)maze_grid_width(g),
                 (unsigned)maze_grid_height(g), (unsigned)components,
                 (unsigned long long)open);
    }
    assert_int_equal(maze_passage_count(m), cells - 1);
}

double
class_share(struct fixture *f, const char *alg, const struct maze_bias *b,
            unsigned c, unsigned seeds)
{
    uint64_t in = 0, all = 0;
    for (uint64_t seed = 1; seed <= seeds; seed++) {
        struct maze_generate_options o = {
            .struct_size = sizeof(struct maze_generate_options),
            .algorithm = alg,
            .seed = seed,
            .bias = *b};
        assert_int_equal(maze_generate(f->maze, &o), MAZE_OK);
        struct maze_metrics m = MAZE_METRICS_INIT;
        assert_int_equal(maze_measure(f->maze, &m), MAZE_OK);
        in += m.by_class[c];
        all += m.passages;
    }
    return (double)in / (double)all;
}

double
chi2_99(double df)
{
    double z = 2.326348, t = 2.0 / (9.0 * df);
    double q = 1.0 - t + z * sqrt(t);
    return df * q * q * q;
}

void
check_no_crossing(const struct maze *m, const char *alg, uint64_t seed)
{
    const struct maze_grid *g = maze_grid(m);
    for (uint32_t e = 0; e < maze_grid_edge_slots(g); e++) {
        uint32_t p = maze_grid_edge_conflict(g, e);
        if (maze_is_open(m, e) && p != MAZE_NONE && maze_is_open(m, p)) {
            fail_msg("%s seed %llu on %ux%u: passages %u and %u cross", alg,
                     (unsigned long long)seed, (unsigned)maze_grid_width(g),
                     (unsigned)maze_grid_height(g), (unsigned)e, (unsigned)p);
        }
    }
}

bool
same_passages(const struct maze *a, const struct maze *b)
{
    uint32_t slots = maze_grid_edge_slots(maze_grid(a));
    for (uint32_t e = 0; e < slots; e++) {
        if (maze_is_open(a, e) != maze_is_open(b, e)) {
            return false;
        }
    }
    return true;
}

int
teardown_cairo(void **state)
{
    (void)state;
    /* The sheets' fonts live as long as the process; released here, at
     * its end, and with them the last of cairo's fonts. */
    maze_release();
    return 0;
}

bool
membuf_holds(const struct membuf *b, const char *needle)
{
    size_t n = strlen(needle);
    for (size_t i = 0; i + n <= b->len; i++) {
        if (memcmp(b->data + i, needle, n) == 0) {
            return true;
        }
    }
    return false;
}

uint64_t
passages_hash(const struct maze *m)
{
    const struct maze_grid *g = maze_grid(m);
    uint64_t h = 1469598103934665603ull;
    for (uint32_t c = 0; c < maze_grid_cell_count(g); c++) {
        struct maze_link l[MAZE_GRID_MAX_DEGREE];
        unsigned n = maze_grid_neighbors(g, c, l);
        for (unsigned i = 0; i < n; i++) {
            h = (h ^ (uint64_t)maze_is_open(m, l[i].edge)) * 1099511628211ull;
        }
    }
    return h;
}

void
carve_bits(struct maze_grid *g, const char *alg, uint64_t seed,
           const struct maze_bias *bias, uint64_t *open)
{
    struct maze *m = NULL;
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    struct maze_generate_options o = MAZE_GENERATE_OPTIONS_INIT;
    o.algorithm = alg;
    o.seed = seed;
    if (bias != NULL) {
        o.bias = *bias;
    }
    assert_int_equal(maze_generate(m, &o), MAZE_OK);
    for (uint32_t e = 0; e < maze_grid_edge_slots(g); e++) {
        if (maze_is_open(m, e)) {
            open[e / 64] |= (uint64_t)1 << (e % 64);
        }
    }
    maze_destroy(m);
}

struct maze_grid *
kind_grid(const struct maze_grid_kind *kind, uint32_t w, uint32_t h,
          uint32_t levels)
{
    struct maze_grid_params p = MAZE_GRID_PARAMS_INIT;
    p.size[MAZE_SIZE_WIDTH] = w;
    p.size[MAZE_SIZE_HEIGHT] = h;
    if (kind->sizes[MAZE_SIZE_LEVELS].meaning != NULL) {
        p.size[MAZE_SIZE_LEVELS] = levels;
    }
    struct maze_grid *g = NULL;
    if (maze_grid_create(kind, &p, &g) != MAZE_OK) {
        return NULL;
    }
    return g;
}
