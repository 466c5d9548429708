/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for the step listener (steps.h): every algorithm, on
 * rectangles (plain, biased, one row, one column, fractal) and on the
 * other grid kinds it carves, makes the same maze with a listener as
 * without; replaying the steps it reports on an all-walls copy gives the
 * carved passages exactly; every step names cells and edges of the
 * grid; and a timeline's frame, loops and all, is solved by its shortest
 * path even when written into a maze generated as a tree.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "membuf.h"

/* The listener: replays passage steps on its own bits. */
struct replay {
    const struct maze_grid *grid;
    uint8_t *open; /* per edge slot */
    uint64_t counts[MAZE_STEP_RESET + 1];
    bool bad;
};

static void
on_step(void *ctx, const struct maze_step *s)
{
    struct replay *r = ctx;
    uint32_t cells = maze_grid_cell_count(r->grid);
    uint32_t slots = maze_grid_edge_slots(r->grid);
    if ((unsigned)s->kind > MAZE_STEP_RESET) {
        r->bad = true;
        return;
    }
    r->counts[s->kind]++;
    if (s->cell != MAZE_NONE && s->cell >= cells) {
        r->bad = true;
    }
    switch (s->kind) {
    case MAZE_STEP_OPEN:
    case MAZE_STEP_CLOSE:
        if (s->edge >= slots || !maze_grid_edge_exists(r->grid, s->edge)) {
            r->bad = true;
            return;
        }
        r->open[s->edge] = s->kind == MAZE_STEP_OPEN;
        break;
    case MAZE_STEP_OPEN_ALL:
    case MAZE_STEP_RESET:
        for (uint32_t e = 0; e < slots; e++) {
            r->open[e] = s->kind == MAZE_STEP_OPEN_ALL &&
                         maze_grid_edge_exists(r->grid, e);
        }
        break;
    default:
        if (s->cell == MAZE_NONE) {
            r->bad = true;
        }
        break;
    }
}

struct grid_case {
    const char *kind;
    uint32_t w, h;
    const char *bias; /* NULL: none */
    uint32_t fractal;
};

static const struct grid_case cases[] = {
    /* 70 x 66: past kruskal's tiles (64 a side), where the carve nobody
     * listens to takes the walls in the tiles' order by another loop. */
    {"rect", 70, 66, NULL, 0},     {"rect", 13, 9, NULL, 0},
    {"rect", 1, 7, NULL, 0},       {"rect", 8, 1, NULL, 0},
    {"rect", 10, 6, "h=3,v=1", 0}, {"rect", 9, 9, NULL, 2},
    {"hex", 7, 6, NULL, 0},        {"triangle", 8, 5, NULL, 0},
    {"theta", 0, 5, NULL, 0},      {"zeta", 4, 3, NULL, 0},
    {"upsilon", 6, 5, NULL, 0},    {"weave", 8, 8, NULL, 0},
};

/* Carves one case with and without a listener and compares. */
static void
check_case(const struct maze_algorithm_info *alg, const struct grid_case *c,
           uint64_t seed)
{
    const struct maze_grid_kind *kind = maze_grid_kind_find(c->kind);
    assert_non_null(kind);
    struct maze_grid_params p = {.struct_size = sizeof(struct maze_grid_params),
                                 .size = {c->w, c->h}};
    struct maze_grid *g;
    assert_int_equal(maze_grid_create(kind, &p, &g), MAZE_OK);
    if (!maze_algorithm_supports(alg, g)) {
        maze_grid_destroy(g);
        return;
    }
    struct maze *plain, *heard;
    assert_int_equal(maze_create(g, &plain), MAZE_OK);
    assert_int_equal(maze_create(g, &heard), MAZE_OK);
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = alg->name,
                                      .seed = seed,
                                      .fractal = c->fractal};
    if (c->bias != NULL) {
        assert_int_equal(maze_bias_parse(c->bias, kind, &o.bias), MAZE_OK);
    }
    int rc = maze_generate(plain, &o);
    if (rc == MAZE_ERR_RANGE || rc == MAZE_ERR_INVALID) {
        /* Not for this algorithm (a fractal of division rooms, a zeta
         * grid past the rejection bound). */
        maze_destroy(plain);
        maze_destroy(heard);
        maze_grid_destroy(g);
        return;
    }
    assert_int_equal(rc, MAZE_OK);
    struct replay r = {.grid = g};
    uint32_t slots = maze_grid_edge_slots(g);
    r.open = calloc(slots, 1);
    assert_non_null(r.open);
    struct maze_steps steps = {on_step, &r};
    o.steps = &steps;
    assert_int_equal(maze_generate(heard, &o), MAZE_OK);
    assert_false(r.bad);
    for (uint32_t e = 0; e < slots; e++) {
        bool want = maze_is_open(plain, e);
        if (maze_is_open(heard, e) != want) {
            fail_msg("%s on %s: edge %u differs with a listener", alg->name,
                     c->kind, (unsigned)e);
        }
        if ((r.open[e] != 0) != want) {
            fail_msg("%s on %s %ux%u f%u: replay of edge %u is wrong",
                     alg->name, c->kind, c->w, c->h, c->fractal, (unsigned)e);
        }
    }
    assert_int_equal(maze_start(plain), maze_start(heard));
    assert_int_equal(maze_finish(plain), maze_finish(heard));
    /* Passages were heard being made, unless the maze has one cell. */
    if (maze_grid_cell_count(g) > 1) {
        assert_true(r.counts[MAZE_STEP_OPEN] + r.counts[MAZE_STEP_OPEN_ALL] >
                    0);
    }
    free(r.open);
    maze_destroy(plain);
    maze_destroy(heard);
    maze_grid_destroy(g);
}

static void
test_steps_same_maze(void **state)
{
    (void)state;
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const struct maze_algorithm_info *alg = maze_algorithm_at(a);
        for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
            for (uint64_t seed = 1; seed <= 3; seed++) {
                check_case(alg, &cases[c], seed * 7919);
            }
        }
    }
}

/* The backtracker's steps on a rectangle: one visit per cell, each cell
 * after the first entered by an open step, and backtracking. */
static void
test_steps_backtracker_story(void **state)
{
    (void)state;
    struct maze_grid *g;
    struct maze *m;
    assert_int_equal(maze_grid_create_rect(12, 8, &g), MAZE_OK);
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    struct replay r = {.grid = g};
    r.open = calloc(maze_grid_edge_slots(g), 1);
    assert_non_null(r.open);
    struct maze_steps steps = {on_step, &r};
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .seed = 5,
                                      .steps = &steps};
    assert_int_equal(maze_generate(m, &o), MAZE_OK);
    assert_int_equal(r.counts[MAZE_STEP_VISIT], 96);
    assert_int_equal(r.counts[MAZE_STEP_OPEN], 95);
    assert_true(r.counts[MAZE_STEP_BACKTRACK] > 0);
    free(r.open);
    maze_destroy(m);
    maze_grid_destroy(g);
}

/* A timeline's frames: all walls (or, for division, an open field) at 0,
 * the carved maze at its length, passages changing one at a time. */
static void
check_timeline(const char *alg, bool field)
{
    struct maze_grid *g;
    struct maze *m, *f;
    struct maze_timeline *tl;
    assert_int_equal(maze_grid_create_rect(9, 7, &g), MAZE_OK);
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    assert_int_equal(maze_create(g, &f), MAZE_OK);
    assert_int_equal(maze_timeline_create(g, &tl), MAZE_OK);
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = alg,
                                      .seed = 3,
                                      .steps = maze_timeline_listener(tl)};
    assert_int_equal(maze_generate(m, &o), MAZE_OK);
    uint64_t n = maze_timeline_length(tl);
    uint64_t carved = maze_passage_count(m);
    assert_int_equal(maze_timeline_frame(tl, m, 0, f), MAZE_OK);
    assert_int_equal(maze_passage_count(f),
                     field ? maze_grid_edge_count(g) : 0);
    assert_int_equal(n, field ? maze_grid_edge_count(g) - carved : carved);
    for (uint64_t at = 1; at <= n; at++) {
        uint64_t before = maze_passage_count(f);
        assert_int_equal(maze_timeline_frame(tl, m, at, f), MAZE_OK);
        assert_int_equal(maze_passage_count(f),
                         field ? before - 1 : before + 1);
    }
    for (uint32_t e = 0; e < maze_grid_edge_slots(g); e++) {
        assert_int_equal(maze_is_open(f, e), maze_is_open(m, e));
    }
    assert_int_equal(maze_start(f), maze_start(m));
    /* The animation: well under the group bound, and refusals. */
    struct membuf b;
    struct maze_sink sink = membuf_sink(&b, SIZE_MAX, SIZE_MAX);
    struct maze_export_options e = MAZE_EXPORT_OPTIONS_INIT;
    assert_int_equal(maze_export_animated_svg(m, tl, &e, NULL, &sink), MAZE_OK);
    size_t groups = 0;
    for (const char *p = (const char *)b.data;
         (p = strstr(p, "animation-delay")) != NULL; p++) {
        groups++;
    }
    assert_true(groups > 0 && groups <= 2 * MAZE_ANIMATE_GROUPS_MAX);
    free(b.data);
    sink = membuf_sink(&b, SIZE_MAX, SIZE_MAX);
    struct maze_animate_options bad = {.struct_size =
                                           sizeof(struct maze_animate_options),
                                       .groups = MAZE_ANIMATE_GROUPS_MAX + 1};
    assert_int_equal(maze_export_animated_svg(m, tl, &e, &bad, &sink),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_export_animated_svg(m, NULL, &e, NULL, &sink),
                     MAZE_ERR_INVALID);
    free(b.data);
    maze_timeline_destroy(tl);
    maze_destroy(f);
    maze_destroy(m);
    maze_grid_destroy(g);
}

static void
test_steps_timeline(void **state)
{
    (void)state;
    check_timeline("backtracker", false);
    check_timeline("kruskal", false);
    check_timeline("eller", false);
    check_timeline("division", true);
    maze_timeline_destroy(NULL);
    assert_int_equal(maze_timeline_create(NULL, NULL), MAZE_ERR_INVALID);
}

/*
 * A frame written into a maze that maze_generate() made, so marked a tree
 * (the solver then stops at its goal): the frame takes the mark away. At
 * frame 0 division's maze is an open field, full of loops. From the
 * finish at 0,0 to the start at 3,6 the shortest path has 10 cells; a walk
 * that trusted a stale mark would stop at the first way it met (east to
 * the last column, south to the last row, west: 20 cells).
 */
static void
test_steps_frame_not_tree(void **state)
{
    (void)state;
    struct maze_grid *g;
    struct maze *m, *f;
    struct maze_timeline *tl;
    assert_int_equal(maze_grid_create_rect(9, 7, &g), MAZE_OK);
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    assert_int_equal(maze_create(g, &f), MAZE_OK);
    assert_int_equal(maze_timeline_create(g, &tl), MAZE_OK);
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = "backtracker",
                                      .seed = 1};
    assert_int_equal(maze_generate(f, &o), MAZE_OK);
    o.algorithm = "division";
    o.seed = 3;
    o.steps = maze_timeline_listener(tl);
    assert_int_equal(maze_generate(m, &o), MAZE_OK);
    assert_int_equal(maze_timeline_frame(tl, m, 0, f), MAZE_OK);
    assert_int_equal(maze_passage_count(f), maze_grid_edge_count(g));
    assert_int_equal(maze_set_endpoints(f, 6 * 9 + 3, 0), MAZE_OK);
    struct maze_path *path = NULL;
    assert_int_equal(maze_solve(f, &path), MAZE_OK);
    assert_int_equal(path->length, 10);
    maze_path_destroy(path);
    maze_timeline_destroy(tl);
    maze_destroy(f);
    maze_destroy(m);
    maze_grid_destroy(g);
}

static void
test_steps_kind_names(void **state)
{
    (void)state;
    assert_string_equal(maze_step_kind_name(MAZE_STEP_VISIT), "visit");
    assert_string_equal(maze_step_kind_name(MAZE_STEP_RESET), "reset");
    assert_null(maze_step_kind_name((enum maze_step_kind)99));
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_steps_same_maze),
        cmocka_unit_test(test_steps_backtracker_story),
        cmocka_unit_test(test_steps_timeline),
        cmocka_unit_test(test_steps_frame_not_tree),
        cmocka_unit_test(test_steps_kind_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
