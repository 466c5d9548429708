/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for the shapers (shape.h): braiding and the unicursal
 * construction, on mazes of every registered algorithm and on hand-made
 * mazes whose outcome is known exactly.
 *
 * Braid checks compare the maze before and after (a snapshot of its open
 * passages) with the contract of maze_braid(): passages are only added,
 * each one at a former dead end; the number of dead ends removed is
 * exactly floor(D * P), or fewer only in the two situations the header
 * allows, which can be recognised on the result; the maze stays connected
 * with one loop per wall opened; and maze_solve() still returns a
 * shortest path, measured by the tests' own breadth-first search.
 *
 * Unicursal checks rebuild, from the original maze, what every passage of
 * the doubled maze must be (each side of a cell that is a wall becomes a
 * passage inside its 2 x 2 block, each passage becomes two across) away
 * from the longer side, whose cells the construction joins into one
 * corridor; check that passages leaving that side are only ever the
 * original's; and check the result is one path through every cell whose
 * two ends are the corners of that side, opening across from each other.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "support.h"

#define ONE MAZE_FRACTION_ONE
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The number of open passages of a cell. */
static unsigned
degree(const struct maze *m, uint32_t cell)
{
    struct maze_link l[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze_grid_neighbors(maze_grid(m), cell, l), d = 0;
    for (unsigned i = 0; i < n; i++) {
        d += maze_is_open(m, l[i].edge);
    }
    return d;
}

static uint32_t
dead_end_count(const struct maze *m)
{
    uint32_t cells = maze_grid_cell_count(maze_grid(m)), n = 0;
    for (uint32_t c = 0; c < cells; c++) {
        n += degree(m, c) == 1;
    }
    return n;
}

/* Open bits per edge slot and dead-end flags per cell, before a braid. */
struct snapshot {
    bool *open;
    bool *dead;
    uint32_t dead_ends;
    uint64_t passages;
    uint32_t start, finish;
    struct maze_provenance prov;
};

static void
snapshot_take(struct snapshot *s, const struct maze *m)
{
    const struct maze_grid *g = maze_grid(m);
    uint32_t slots = maze_grid_edge_slots(g), cells = maze_grid_cell_count(g);
    s->open = malloc(slots * sizeof(bool));
    s->dead = malloc(cells * sizeof(bool));
    assert_non_null(s->open);
    assert_non_null(s->dead);
    for (uint32_t e = 0; e < slots; e++) {
        s->open[e] = maze_is_open(m, e);
    }
    s->dead_ends = 0;
    for (uint32_t c = 0; c < cells; c++) {
        s->dead[c] = degree(m, c) == 1;
        s->dead_ends += s->dead[c];
    }
    s->passages = maze_passage_count(m);
    s->start = maze_start(m);
    s->finish = maze_finish(m);
    s->prov = *maze_provenance(m);
}

static void
snapshot_free(struct snapshot *s)
{
    free(s->open);
    free(s->dead);
}

/* The braid fraction as maze_braid() records it. */
static void
fraction_text(uint32_t fraction, char *buf, size_t size)
{
    if (fraction == ONE) {
        snprintf(buf, size, "1");
        return;
    }
    snprintf(buf, size, "0.%06u", (unsigned)fraction);
    size_t len = strlen(buf);
    while (buf[len - 1] == '0') {
        buf[--len] = '\0';
    }
    if (buf[len - 1] == '.') {
        buf[len - 1] = '\0';
    }
}

/* Asserts that maze_solve()'s solution of f->maze is a shortest path. */
static void
check_solution_shortest(struct fixture *f)
{
    struct maze_path *p;
    assert_int_equal(maze_solve(f->maze, &p), MAZE_OK);
    fixture_bfs(f, maze_start(f->maze));
    assert_true(p->length >= 1);
    assert_int_equal(p->cells[0], maze_start(f->maze));
    assert_int_equal(p->cells[p->length - 1], maze_finish(f->maze));
    assert_int_equal(p->length - 1, f->dist[maze_finish(f->maze)]);
    for (size_t i = 0; i + 1 < p->length; i++) {
        uint32_t e = edge_between(f->grid, p->cells[i], p->cells[i + 1]);
        assert_true(e != MAZE_NONE);
        assert_true(maze_is_open(f->maze, e));
    }
    maze_path_destroy(p);
}

/*
 * Checks f->maze, braided with fraction, against its snapshot s from
 * before (see the file comment). Returns the number of walls opened.
 */
static uint64_t
check_braid(struct fixture *f, const struct snapshot *s, uint32_t fraction)
{
    const struct maze *m = f->maze;
    const struct maze_grid *g = f->grid;
    uint32_t slots = maze_grid_edge_slots(g), cells = maze_grid_cell_count(g);

    /* Passages only added, each at a cell that was a dead end. */
    uint64_t opened = 0;
    for (uint32_t e = 0; e < slots; e++) {
        bool now = maze_is_open(m, e);
        if (s->open[e]) {
            assert_true(now);
        } else if (now) {
            assert_true(maze_grid_edge_exists(g, e));
            uint32_t a, b;
            maze_grid_edge_cells(g, e, &a, &b);
            assert_true(s->dead[a] || s->dead[b]);
            opened++;
        }
    }
    assert_int_equal(maze_passage_count(m), s->passages + opened);

    /* The count: floor(D * P), fewer only where the header allows. */
    uint32_t left = dead_end_count(m);
    uint32_t removed = s->dead_ends - left;
    uint64_t target = (uint64_t)s->dead_ends * fraction / ONE;
    assert_true(removed <= target);
    assert_true(removed >= opened && removed <= 2 * opened);
    if (removed < target) {
        for (uint32_t c = 0; c < cells; c++) {
            if (degree(m, c) != 1) {
                continue;
            }
            struct maze_link l[MAZE_GRID_MAX_DEGREE];
            unsigned n = maze_grid_neighbors(g, c, l);
            for (unsigned i = 0; i < n; i++) {
                if (maze_is_open(m, l[i].edge)) {
                    continue;
                }
                /* A closed wall: it was passed over only because one was
                 * left to remove and this wall would have removed two. */
                if (removed + 1 < target || degree(m, l[i].cell) != 1) {
                    fail_msg("%u of %llu dead ends removed, but cell %u "
                             "could still go",
                             (unsigned)removed, (unsigned long long)target,
                             (unsigned)c);
                }
            }
        }
    }

    /* Endpoints and provenance. */
    assert_int_equal(maze_start(m), s->start);
    assert_int_equal(maze_finish(m), s->finish);
    const struct maze_provenance *p = maze_provenance(m);
    assert_string_equal(p->algorithm, s->prov.algorithm);
    assert_int_equal(p->seed, s->prov.seed);
    assert_int_equal(p->perfect, s->prov.perfect && opened == 0);
    char frac[16], want[2 * sizeof(p->params)];
    fraction_text(fraction, frac, sizeof(frac));
    snprintf(want, sizeof(want), "%s%sbraid=%s", s->prov.params,
             s->prov.params[0] ? " " : "", frac);
    assert_string_equal(p->params, want);

    /* Still connected (nothing was closed), and the solver copes. */
    fixture_bfs(f, maze_start(m));
    for (uint32_t c = 0; c < cells; c++) {
        assert_true(f->dist[c] != UINT32_MAX);
    }
    check_solution_shortest(f);
    return opened;
}

/* Generates alg at w x h from seed into f, braids it and checks it. */
static uint64_t
braid_checked(struct fixture *f, const char *alg, uint64_t seed,
              uint32_t fraction)
{
    assert_int_equal(generate(f->maze, alg, seed, 0, 0), MAZE_OK);
    struct snapshot s;
    snapshot_take(&s, f->maze);
    assert_int_equal(maze_braid(f->maze, fraction, maze_seed_derive(seed, 1)),
                     MAZE_OK);
    uint64_t opened = check_braid(f, &s, fraction);
    snapshot_free(&s);
    return opened;
}

static void
test_shape_braid_one_removes_all(void **state)
{
    (void)state;
    static const struct size sizes[] = {{2, 2},   {3, 2},  {2, 9}, {9, 7},
                                        {37, 23}, {1, 12}, {12, 1}};
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const char *alg = maze_algorithm_at(a)->name;
        for (size_t k = 0; k < COUNT(sizes); k++) {
            struct fixture f;
            fixture_create(&f, sizes[k].w, sizes[k].h);
            for (uint64_t seed = 0; seed < 12; seed++) {
                uint64_t opened = braid_checked(&f, alg, seed, ONE);
                bool thin = sizes[k].w == 1 || sizes[k].h == 1;
                if (thin) {
                    /* A corridor: its two ends have no wall to open. */
                    assert_int_equal(opened, 0);
                    assert_int_equal(dead_end_count(f.maze), 2);
                } else {
                    assert_int_equal(dead_end_count(f.maze), 0);
                    /* A perfect maze of 2 x 2 or more has dead ends, so
                     * braid 1 always makes a loop. */
                    assert_true(opened > 0);
                    assert_false(maze_provenance(f.maze)->perfect);
                }
            }
            fixture_finish(&f);
        }
    }
}

static void
test_shape_braid_fraction_count(void **state)
{
    (void)state;
    /* check_braid() holds the count to floor(D * P) exactly, so this runs
     * fractions whose products round differently. */
    static const uint32_t fractions[] = {0,      1,      100000, 250000,
                                         333333, 500000, 900000, 999999};
    static const struct size sizes[] = {{30, 20}, {2, 2}, {5, 3}};
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const char *alg = maze_algorithm_at(a)->name;
        for (size_t k = 0; k < COUNT(sizes); k++) {
            struct fixture f;
            fixture_create(&f, sizes[k].w, sizes[k].h);
            for (size_t i = 0; i < COUNT(fractions); i++) {
                for (uint64_t seed = 0; seed < 6; seed++) {
                    uint64_t opened =
                        braid_checked(&f, alg, seed, fractions[i]);
                    if (fractions[i] == 0) {
                        assert_int_equal(opened, 0);
                        assert_true(maze_provenance(f.maze)->perfect);
                    }
                }
            }
            fixture_finish(&f);
        }
    }
}

/* Hand-made provenance, for a maze that is perfect. */
static void
set_perfect(struct maze *m)
{
    set_hand_provenance(m);
    struct maze_provenance p = *maze_provenance(m);
    p.perfect = true;
    maze_set_provenance(m, &p);
}

/*
 * A 3 x 4 maze that is one path, 3-0-1-2-5-8-11-10-9-6-7-4, whose two
 * ends 3 and 4 are neighbours. Cell 3 also has a wall to 6, and cell 4
 * walls to 1 and 5, none of them dead ends.
 */
static void
snake(struct fixture *f)
{
    static const uint32_t path[] = {3, 0, 1, 2, 5, 8, 11, 10, 9, 6, 7, 4};
    fixture_create(f, 3, 4);
    for (size_t i = 0; i + 1 < COUNT(path); i++) {
        open_cells(f, path[i], path[i + 1]);
    }
    assert_int_equal(maze_set_endpoints(f->maze, 0, 11), MAZE_OK);
    set_perfect(f->maze);
}

static void
test_shape_braid_prefers_dead_ends(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 64; seed++) {
        struct fixture f;
        snake(&f);
        struct snapshot s;
        snapshot_take(&s, f.maze);
        assert_int_equal(s.dead_ends, 2);
        assert_int_equal(maze_braid(f.maze, ONE, seed), MAZE_OK);
        /* Whichever end comes first, it opens the wall to the other. */
        assert_int_equal(check_braid(&f, &s, ONE), 1);
        assert_true(maze_is_open(f.maze, edge_between(f.grid, 3, 4)));
        snapshot_free(&s);
        fixture_finish(&f);
    }
}

static void
test_shape_braid_exact_half(void **state)
{
    (void)state;
    /* Half of two dead ends is one: the pair 3-4 would remove both, so
     * the end that goes first opens a wall to a cell that is no dead end,
     * and the other end stays. Both ways happen over the seeds. */
    unsigned by_end[2] = {0, 0};
    for (uint64_t seed = 0; seed < 64; seed++) {
        struct fixture f;
        snake(&f);
        struct snapshot s;
        snapshot_take(&s, f.maze);
        assert_int_equal(maze_braid(f.maze, ONE / 2, seed), MAZE_OK);
        assert_int_equal(check_braid(&f, &s, ONE / 2), 1);
        assert_int_equal(dead_end_count(f.maze), 1);
        assert_false(maze_is_open(f.maze, edge_between(f.grid, 3, 4)));
        by_end[degree(f.maze, 3) == 1]++;
        snapshot_free(&s);
        fixture_finish(&f);
    }
    assert_true(by_end[0] > 0 && by_end[1] > 0);
}

static void
test_shape_braid_stops_short(void **state)
{
    (void)state;
    /* The 2 x 2 U, 1-0-2-3: its ends 1 and 3 face each other and have no
     * other wall. Half of two is one, which only a pair could remove:
     * nothing is opened and the maze stays perfect. All of them: the
     * pair, which closes the one loop a 2 x 2 grid has. */
    for (uint64_t seed = 0; seed < 16; seed++) {
        struct fixture f;
        fixture_create(&f, 2, 2);
        open_cells(&f, 1, 0);
        open_cells(&f, 0, 2);
        open_cells(&f, 2, 3);
        assert_int_equal(maze_set_endpoints(f.maze, 1, 3), MAZE_OK);
        set_perfect(f.maze);
        struct snapshot s;
        snapshot_take(&s, f.maze);
        assert_int_equal(maze_braid(f.maze, ONE / 2, seed), MAZE_OK);
        assert_int_equal(check_braid(&f, &s, ONE / 2), 0);
        assert_int_equal(dead_end_count(f.maze), 2);
        assert_true(maze_provenance(f.maze)->perfect);
        assert_string_equal(maze_provenance(f.maze)->params, "braid=0.5");
        snapshot_free(&s);

        snapshot_take(&s, f.maze);
        assert_int_equal(maze_braid(f.maze, ONE, seed), MAZE_OK);
        assert_int_equal(check_braid(&f, &s, ONE), 1);
        assert_int_equal(maze_passage_count(f.maze), 4);
        assert_string_equal(maze_provenance(f.maze)->params,
                            "braid=0.5 braid=1");
        snapshot_free(&s);
        fixture_finish(&f);
    }
}

static void
test_shape_braid_deterministic(void **state)
{
    (void)state;
    enum { SEEDS = 8 };
    struct maze_grid *g;
    struct maze *m[SEEDS], *again;
    assert_int_equal(maze_grid_create_rect(30, 20, &g), MAZE_OK);
    assert_int_equal(maze_create(g, &again), MAZE_OK);
    for (int i = 0; i < SEEDS; i++) {
        /* One maze, braided with different seeds. */
        assert_int_equal(maze_create(g, &m[i]), MAZE_OK);
        assert_int_equal(generate(m[i], "kruskal", 5, 0, 0), MAZE_OK);
        assert_int_equal(maze_braid(m[i], ONE / 2, (uint64_t)i), MAZE_OK);
        assert_int_equal(generate(again, "kruskal", 5, 0, 0), MAZE_OK);
        assert_int_equal(maze_braid(again, ONE / 2, (uint64_t)i), MAZE_OK);
        assert_true(same_passages(m[i], again));
    }
    for (int i = 0; i < SEEDS; i++) {
        for (int j = i + 1; j < SEEDS; j++) {
            assert_false(same_passages(m[i], m[j]));
        }
        maze_destroy(m[i]);
    }
    maze_destroy(again);
    maze_grid_destroy(g);
}

static void
test_shape_braid_rooms(void **state)
{
    (void)state;
    /* A maze with rooms is already not perfect; braiding appends to its
     * parameters. */
    struct fixture f;
    fixture_create(&f, 30, 30);
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = "division",
                                      .seed = 2,
                                      .room_size = 3};
    assert_int_equal(maze_generate(f.maze, &o), MAZE_OK);
    assert_false(maze_provenance(f.maze)->perfect);
    struct snapshot s;
    snapshot_take(&s, f.maze);
    assert_int_equal(maze_braid(f.maze, ONE / 2, 9), MAZE_OK);
    check_braid(&f, &s, ONE / 2);
    assert_string_equal(maze_provenance(f.maze)->params, "rooms=3 braid=0.5");
    assert_false(maze_provenance(f.maze)->perfect);
    snapshot_free(&s);
    fixture_finish(&f);
}

static void
test_shape_braid_records_fraction(void **state)
{
    (void)state;
    static const struct {
        uint32_t fraction;
        const char *text;
    } cases[] = {
        {0, "braid=0"},
        {1, "braid=0.000001"},
        {500000, "braid=0.5"},
        {333333, "braid=0.333333"},
        {120000, "braid=0.12"},
        {ONE, "braid=1"},
        {999999, "braid=0.999999"},
    };
    for (size_t i = 0; i < COUNT(cases); i++) {
        struct fixture f;
        fixture_create(&f, 6, 5);
        assert_int_equal(generate(f.maze, "wilson", i, 0, 0), MAZE_OK);
        assert_int_equal(maze_braid(f.maze, cases[i].fraction, 1), MAZE_OK);
        assert_string_equal(maze_provenance(f.maze)->params, cases[i].text);
        fixture_finish(&f);
    }
}

static void
test_shape_braid_rejects(void **state)
{
    (void)state;
    struct fixture f;
    fixture_create(&f, 8, 8);
    assert_int_equal(generate(f.maze, "backtracker", 1, 0, 0), MAZE_OK);
    struct snapshot s;
    snapshot_take(&s, f.maze);
    assert_int_equal(maze_braid(NULL, ONE, 1), MAZE_ERR_INVALID);
    assert_int_equal(maze_braid(f.maze, ONE + 1, 1), MAZE_ERR_RANGE);
    assert_int_equal(maze_braid(f.maze, UINT32_MAX, 1), MAZE_ERR_RANGE);
    /* A refused braid changes nothing, not even the provenance. */
    for (uint32_t e = 0; e < maze_grid_edge_slots(f.grid); e++) {
        assert_int_equal(maze_is_open(f.maze, e), s.open[e]);
    }
    assert_memory_equal(maze_provenance(f.maze), &s.prov, sizeof(s.prov));
    snapshot_free(&s);
    fixture_finish(&f);
}

/*
 * Whether the passage between cells a and b of the doubled grid (side by
 * side) must be open, from the original m: inside a block, the passage
 * along side s of the original cell is open when that side is a wall;
 * between blocks, both passages across are open when the original
 * passage is.
 */
static bool
expected_open(const struct maze *m, const struct maze_grid *u, uint32_t a,
              uint32_t b)
{
    const struct maze_grid *g = maze_grid(m);
    uint32_t ax, ay, bx, by;
    cell_xy(u, a, &ax, &ay);
    cell_xy(u, b, &bx, &by);
    uint32_t ca, cb;
    assert_int_equal(cell_at_xy(g, ax / 2, ay / 2, &ca), MAZE_OK);
    assert_int_equal(cell_at_xy(g, bx / 2, by / 2, &cb), MAZE_OK);
    if (ca != cb) {
        return maze_is_open(m, edge_between(g, ca, cb));
    }
    /* Inside the block: a horizontal pair lies along the north side (top
     * row of the block) or the south side; a vertical pair along the west
     * or east side. Sides come in maze_grid_cell_sides() order N, E, S,
     * W. */
    unsigned side;
    if (ay == by) {
        side = ay % 2 == 0 ? 0 : 2;
    } else {
        side = ax % 2 == 0 ? 3 : 1;
    }
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    assert_int_equal(maze_grid_cell_sides(g, ca, sides), 4);
    return sides[side].edge == MAZE_NONE || !maze_is_open(m, sides[side].edge);
}

/* Checks u, the unicursal labyrinth of m (see the file comment). */
static void
check_unicursal(const struct maze *m, struct maze_grid *ug, struct maze *u)
{
    const struct maze_grid *g = maze_grid(m);
    assert_int_equal(maze_grid_width(ug), 2 * maze_grid_width(g));
    assert_int_equal(maze_grid_height(ug), 2 * maze_grid_height(g));
    uint32_t cells = maze_grid_cell_count(ug);
    uint32_t start = maze_start(u), finish = maze_finish(u);
    assert_true(start != finish);

    /* The ends: the two corners of the longer side (the top on a
     * square), opening on the sides of the maze across from each other. */
    uint32_t w = maze_grid_width(g), h = maze_grid_height(g);
    bool top = w >= h;
    assert_int_equal(start, 0);
    assert_int_equal(finish, top ? 2 * w - 1 : (2 * h - 1) * 2 * w);
    assert_int_equal(maze_start_opening(u), top ? 3 : 0);
    assert_int_equal(maze_finish_opening(u), top ? 1 : 2);

    /* Away from that side's two lanes every passage is the one the
     * construction makes from m; out of them, only m's. */
    for (uint32_t e = 0; e < maze_grid_edge_slots(ug); e++) {
        if (!maze_grid_edge_exists(ug, e)) {
            assert_false(maze_is_open(u, e));
            continue;
        }
        uint32_t a, b, ax, ay, bx, by;
        maze_grid_edge_cells(ug, e, &a, &b);
        cell_xy(ug, a, &ax, &ay);
        cell_xy(ug, b, &bx, &by);
        uint32_t da = top ? ay : ax, db = top ? by : bx;
        bool want = expected_open(m, ug, a, b);
        if (da == 2 && db == 2) {
            /* Inside the next cells in, along their side that faces the
             * corridor: walls stay walls, a passage may have closed. */
            assert_true(maze_is_open(u, e) || !want);
        } else if (da >= 2 && db >= 2) {
            assert_int_equal(maze_is_open(u, e), want);
        } else if (da >= 2 || db >= 2) {
            assert_true(!maze_is_open(u, e) || want);
        }
    }

    /* One path: two ends of degree 1, every other cell 2, cells - 1
     * passages, and the far end cells - 1 steps away. */
    for (uint32_t c = 0; c < cells; c++) {
        assert_int_equal(degree(u, c), c == start || c == finish ? 1 : 2);
    }
    assert_int_equal(maze_passage_count(u), cells - 1);
    struct fixture f = {.grid = ug, .maze = u};
    fixture_bfs(&f, start);
    assert_int_equal(f.dist[finish], cells - 1);
    check_solution_shortest(&f);
    free(f.dist);
    free(f.queue);
    f.path = NULL;

    /* Both ends open to the outside. */
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    unsigned so = maze_start_opening(u), fo = maze_finish_opening(u);
    assert_true(so != MAZE_NONE && fo != MAZE_NONE);
    maze_grid_cell_sides(ug, start, sides);
    assert_int_equal(sides[so].edge, MAZE_NONE);
    maze_grid_cell_sides(ug, finish, sides);
    assert_int_equal(sides[fo].edge, MAZE_NONE);

    /* No choices anywhere, and the provenance says what was done. */
    struct maze_metrics mm = MAZE_METRICS_INIT;
    assert_int_equal(maze_measure(u, &mm), MAZE_OK);
    assert_int_equal(mm.dead_ends, 2);
    assert_int_equal(mm.junctions3 + mm.junctions4, 0);
    assert_int_equal(mm.decisions, 0);
    assert_int_equal(mm.branches, 0);
    assert_int_equal(mm.solution_cells, cells);
    const struct maze_provenance *p = maze_provenance(m);
    const struct maze_provenance *q = maze_provenance(u);
    assert_string_equal(q->algorithm, p->algorithm);
    assert_int_equal(q->seed, p->seed);
    assert_memory_equal(&q->bias, &p->bias, sizeof(q->bias));
    char want[2 * sizeof(q->params)];
    snprintf(want, sizeof(want), "%s%sunicursal", p->params,
             p->params[0] ? " " : "");
    assert_string_equal(q->params, want);
    assert_true(q->perfect);
}

static void
test_shape_unicursal_every_algorithm(void **state)
{
    (void)state;
    static const struct size sizes[] = {{1, 1}, {1, 6}, {6, 1},  {2, 2},
                                        {3, 3}, {9, 7}, {30, 20}};
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const char *alg = maze_algorithm_at(a)->name;
        for (size_t k = 0; k < COUNT(sizes); k++) {
            struct fixture f;
            fixture_create(&f, sizes[k].w, sizes[k].h);
            for (uint64_t seed = 0; seed < 6; seed++) {
                assert_int_equal(generate(f.maze, alg, seed, 0, 0), MAZE_OK);
                struct maze_grid *ug;
                struct maze *u;
                assert_int_equal(maze_unicursal(f.maze, &ug, &u), MAZE_OK);
                check_unicursal(f.maze, ug, u);
                maze_destroy(u);
                maze_grid_destroy(ug);
            }
            fixture_finish(&f);
        }
    }
}

static void
test_shape_unicursal_braid_zero(void **state)
{
    (void)state;
    /* Braid 0 opens nothing, so the maze is still perfect and can be
     * made unicursal; both steps are recorded. */
    struct fixture f;
    fixture_create(&f, 7, 5);
    assert_int_equal(generate(f.maze, "prim", 3, 0, 0), MAZE_OK);
    assert_int_equal(maze_braid(f.maze, 0, 3), MAZE_OK);
    struct maze_grid *ug;
    struct maze *u;
    assert_int_equal(maze_unicursal(f.maze, &ug, &u), MAZE_OK);
    check_unicursal(f.maze, ug, u);
    assert_string_equal(maze_provenance(u)->params, "braid=0 unicursal");
    maze_destroy(u);
    maze_grid_destroy(ug);
    fixture_finish(&f);
}

/* maze_unicursal() must refuse m with MAZE_ERR_INVALID and NULL outputs. */
static void
expect_refused(const struct maze *m)
{
    struct maze_grid *ug = (struct maze_grid *)1;
    struct maze *u = (struct maze *)1;
    assert_int_equal(maze_unicursal(m, &ug, &u), MAZE_ERR_INVALID);
    assert_null(ug);
    assert_null(u);
}

static void
test_shape_unicursal_rejects(void **state)
{
    (void)state;
    struct fixture f;
    fixture_create(&f, 10, 8);
    /* Loops from braiding. */
    assert_int_equal(generate(f.maze, "kruskal", 1, 0, 0), MAZE_OK);
    assert_int_equal(maze_braid(f.maze, ONE, 1), MAZE_OK);
    expect_refused(f.maze);
    /* Rooms. */
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = "division",
                                      .seed = 1,
                                      .room_size = 4};
    assert_int_equal(maze_generate(f.maze, &o), MAZE_OK);
    expect_refused(f.maze);
    /* Too few passages: not connected. */
    assert_int_equal(generate(f.maze, "wilson", 1, 0, 0), MAZE_OK);
    maze_set_open(f.maze, edge_between(f.grid, 0, 1), false);
    maze_set_open(f.maze, edge_between(f.grid, 0, 10), false);
    expect_refused(f.maze);
    /* cells - 1 passages, but one closes a loop and cell (0,0) is cut
     * off: a comb of the other 79 cells (row 0 from x = 1, every column
     * down, column 0 hung from (1,1)), plus the loop (1,2)-(2,2). */
    maze_clear(f.maze);
    for (uint32_t x = 1; x + 1 < 10; x++) {
        open_cells(&f, cell_at(&f, x, 0), cell_at(&f, x + 1, 0));
    }
    for (uint32_t x = 0; x < 10; x++) {
        for (uint32_t y = x == 0 ? 1 : 0; y + 1 < 8; y++) {
            open_cells(&f, cell_at(&f, x, y), cell_at(&f, x, y + 1));
        }
    }
    open_cells(&f, cell_at(&f, 0, 1), cell_at(&f, 1, 1));
    open_cells(&f, cell_at(&f, 1, 2), cell_at(&f, 2, 2));
    assert_int_equal(maze_passage_count(f.maze), 79);
    expect_refused(f.maze);
    fixture_finish(&f);

    struct maze_grid *ug;
    struct maze *u;
    fixture_create(&f, 3, 3);
    assert_int_equal(maze_unicursal(NULL, &ug, &u), MAZE_ERR_INVALID);
    assert_int_equal(maze_unicursal(f.maze, NULL, &u), MAZE_ERR_INVALID);
    assert_int_equal(maze_unicursal(f.maze, &ug, NULL), MAZE_ERR_INVALID);
    fixture_finish(&f);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shape_braid_one_removes_all),
        cmocka_unit_test(test_shape_braid_fraction_count),
        cmocka_unit_test(test_shape_braid_prefers_dead_ends),
        cmocka_unit_test(test_shape_braid_exact_half),
        cmocka_unit_test(test_shape_braid_stops_short),
        cmocka_unit_test(test_shape_braid_deterministic),
        cmocka_unit_test(test_shape_braid_rooms),
        cmocka_unit_test(test_shape_braid_records_fraction),
        cmocka_unit_test(test_shape_braid_rejects),
        cmocka_unit_test(test_shape_unicursal_every_algorithm),
        cmocka_unit_test(test_shape_unicursal_braid_zero),
        cmocka_unit_test(test_shape_unicursal_rejects),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
