/* SPDX-License-Identifier: MIT */
/*
 * Breadth-first search over open passages: shortest paths and the ends of
 * the longest path. BFS rather than Dijkstra because every passage has the
 * same length; it also handles mazes with loops. Memory: two 32-bit words
 * per cell (distance and queue), freed before returning.
 *
 * Speed, on rectangles: a cell's passages are four bit tests and need no
 * coordinates, because a slot that holds no edge (off the grid) is never
 * open, so the search neither divides nor asks where the grid ends. The
 * farthest boundary cell is found afterwards by walking the queue back
 * from its end (it holds the cells in the order they were reached), so
 * the loop does not test every cell for being on the boundary either.
 */
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "solve/solve_impl.h"
#include <mazegen/status.h>

struct bfs {
    uint32_t *dist;
    uint32_t *queue;
};

static int
bfs_init(struct bfs *b, uint32_t cells)
{
    b->dist = maze__alloc_array(cells, sizeof(uint32_t), false);
    b->queue = maze__alloc_array(cells, sizeof(uint32_t), false);
    if (b->dist == NULL || b->queue == NULL) {
        free(b->dist);
        free(b->queue);
        return MAZE_ERR_NOMEM;
    }
    return MAZE_OK;
}

static void
bfs_finish(struct bfs *b)
{
    free(b->dist);
    free(b->queue);
}

/* Reports every this many cells dequeued (a power of two). */
#define REPORT_EVERY ((size_t)1 << 20)

/* The BFS loop for rectangles; see the file comment. */
static size_t
bfs_rect(struct bfs *b, const struct maze *m, size_t tail, uint32_t stop,
         const struct maze_progress *progress, uint64_t done, uint64_t total)
{
    const uint64_t *bits = m->bits;
    uint32_t w = m->grid->width;
    uint32_t *dist = b->dist, *queue = b->queue;
    size_t head = 0;
    while (head < tail) {
        uint32_t cur = queue[head++];
        if (cur == stop) {
            break;
        }
        if ((head & (REPORT_EVERY - 1)) == 0 && progress != NULL) {
            (void)progress->report(progress->ctx, "finding endpoints",
                                   done + head, total);
        }
        uint32_t d = dist[cur] + 1;
        uint64_t e = 2 * (uint64_t)cur;
        /* East and south: this cell's own slots; west and north: the
         * neighbours'. */
        uint32_t next[4] = {cur + 1, cur + w, cur - 1, cur - w};
        bool open[4] = {
            (bits[e >> 6] >> (e & 63)) & 1u,
            (bits[(e + 1) >> 6] >> ((e + 1) & 63)) & 1u,
            cur > 0 && ((bits[(e - 2) >> 6] >> ((e - 2) & 63)) & 1u),
            cur >= w && ((bits[(e - 2 * w + 1) >> 6] >>
                          ((e - 2 * (uint64_t)w + 1) & 63)) &
                         1u),
        };
        for (int i = 0; i < 4; i++) {
            if (open[i] && dist[next[i]] == MAZE_NONE) {
                dist[next[i]] = d;
                queue[tail++] = next[i];
            }
        }
    }
    return tail;
}

/* The BFS loop through the grid interface, for every other kind. */
static size_t
bfs_any(struct bfs *b, const struct maze *m, size_t tail, uint32_t stop)
{
    const struct maze_grid *g = m->grid;
    size_t head = 0;
    while (head < tail) {
        uint32_t cur = b->queue[head++];
        if (cur == stop) {
            break;
        }
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        unsigned n = maze__neighbors(g, cur, links);
        for (unsigned i = 0; i < n; i++) {
            uint32_t c = links[i].cell;
            if (b->dist[c] == MAZE_NONE && maze__is_open(m, links[i].edge)) {
                b->dist[c] = b->dist[cur] + 1;
                b->queue[tail++] = c;
            }
        }
    }
    return tail;
}

/* Which cells a search may end at: any, boundary cells, or a caller's. */
struct want {
    bool boundary;
    maze__cell_pred pred;
    void *ctx;
};

static bool
wanted(const struct want *w, const struct maze_grid *g, uint32_t cell)
{
    if (w->pred != NULL) {
        return w->pred(g, cell, w->ctx);
    }
    return !w->boundary || maze__on_boundary(g, cell);
}

/*
 * Fills dist from source (MAZE_NONE = unreached), stopping early once
 * `stop` is dequeued (pass MAZE_NONE to explore everything). Returns the
 * last cell reached that `want` accepts (with no stop, one of the
 * farthest from source), or MAZE_NONE when none is. Progress of a full
 * search is reported as cells done + reached, out of total.
 */
static uint32_t
bfs_run(struct bfs *b, const struct maze *m, uint32_t source, uint32_t stop,
        const struct want *want, const struct maze_progress *progress,
        uint64_t done, uint64_t total)
{
    const struct maze_grid *g = m->grid;
    /* MAZE_NONE is all ones in every byte. */
    memset(b->dist, 0xff, (size_t)g->cells * sizeof(uint32_t));
    b->dist[source] = 0;
    b->queue[0] = source;
    if (progress != NULL && progress->report == NULL) {
        progress = NULL;
    }
    size_t tail = maze__grid_is_rect(g)
                      ? bfs_rect(b, m, 1, stop, progress, done, total)
                      : bfs_any(b, m, 1, stop);
    /* The queue holds the cells in the order they were reached: the last
     * one wanted is the answer. */
    for (size_t i = tail; i > 0; i--) {
        if (wanted(want, g, b->queue[i - 1])) {
            return b->queue[i - 1];
        }
    }
    return MAZE_NONE;
}

int
maze_solve_between(const struct maze *maze, uint32_t from, uint32_t to,
                   struct maze_path **out)
{
    if (maze == NULL || out == NULL) {
        return MAZE_ERR_INVALID;
    }
    *out = NULL;
    const struct maze_grid *g = maze->grid;
    if (from >= g->cells || to >= g->cells) {
        return MAZE_ERR_RANGE;
    }
    struct bfs b;
    int rc = bfs_init(&b, g->cells);
    if (rc != MAZE_OK) {
        return rc;
    }
    /* Search from the finish so the walk back from the start comes out in
     * order, start first. */
    static const struct want any = {0};
    (void)bfs_run(&b, maze, to, from, &any, NULL, 0, 0);
    struct maze_path *path = NULL;
    if (b.dist[from] == MAZE_NONE) {
        rc = MAZE_ERR_RANGE;
        goto done;
    }
    path = malloc(sizeof(*path));
    size_t length = (size_t)b.dist[from] + 1;
    uint32_t *cells = maze__alloc_array(length, sizeof(uint32_t), false);
    if (path == NULL || cells == NULL) {
        free(path);
        free(cells);
        path = NULL;
        rc = MAZE_ERR_NOMEM;
        goto done;
    }
    uint32_t cur = from;
    for (size_t i = 0; i < length; i++) {
        cells[i] = cur;
        if (i + 1 == length) {
            break;
        }
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        unsigned n = maze__neighbors(g, cur, links);
        for (unsigned j = 0; j < n; j++) {
            uint32_t c = links[j].cell;
            if (b.dist[c] != MAZE_NONE && b.dist[c] + 1 == b.dist[cur] &&
                maze__is_open(maze, links[j].edge)) {
                cur = c;
                break;
            }
        }
    }
    path->cells = cells;
    path->length = length;
done:
    bfs_finish(&b);
    *out = path;
    return rc;
}

int
maze_solve(const struct maze *maze, struct maze_path **out)
{
    if (maze == NULL) {
        return MAZE_ERR_INVALID;
    }
    return maze_solve_between(maze, maze->start, maze->finish, out);
}

void
maze_path_destroy(struct maze_path *path)
{
    if (path == NULL) {
        return;
    }
    free(path->cells);
    free(path);
}

/* The double sweep: in a tree, the farthest cell of a set from any cell of
 * that set ends a longest path within the set, and the farthest from it is
 * the other end. */
static int
double_sweep(const struct maze *maze, bool boundary,
             const struct maze_progress *progress, uint32_t *a, uint32_t *b)
{
    if (maze == NULL || a == NULL || b == NULL) {
        return MAZE_ERR_INVALID;
    }
    struct bfs s;
    uint64_t cells = maze->grid->cells;
    int rc = bfs_init(&s, maze->grid->cells);
    if (rc != MAZE_OK) {
        return rc;
    }
    struct want want = {.boundary = boundary};
    /* Cell 0 is on the boundary of every grid kind (its first cell), so
     * each search finds a cell it wants, at worst its source. */
    *a = bfs_run(&s, maze, 0, MAZE_NONE, &want, progress, 0, 2 * cells);
    *b = bfs_run(&s, maze, *a, MAZE_NONE, &want, progress, cells, 2 * cells);
    bfs_finish(&s);
    return MAZE_OK;
}

int
maze__farthest(const struct maze *maze, uint32_t source, maze__cell_pred pred,
               void *ctx, uint32_t *cell, uint32_t *dist)
{
    struct bfs s;
    int rc = bfs_init(&s, maze->grid->cells);
    if (rc != MAZE_OK) {
        return rc;
    }
    struct want want = {.pred = pred, .ctx = ctx};
    *cell = bfs_run(&s, maze, source, MAZE_NONE, &want, NULL, 0, 0);
    *dist = *cell != MAZE_NONE ? s.dist[*cell] : 0;
    bfs_finish(&s);
    return MAZE_OK;
}

int
maze__boundary_path_ends(const struct maze *maze,
                         const struct maze_progress *progress, uint32_t *a,
                         uint32_t *b)
{
    return double_sweep(maze, true, progress, a, b);
}

static bool
boundary_cell(const struct maze_grid *g, uint32_t cell, void *ctx)
{
    (void)ctx;
    return maze__on_boundary(g, cell);
}

int
maze__farthest_boundary(const struct maze *maze, uint32_t from,
                        const struct maze_progress *progress, uint32_t *out)
{
    (void)progress;
    uint32_t dist;
    int rc = maze__farthest(maze, from, boundary_cell, NULL, out, &dist);
    if (rc == MAZE_OK && *out == MAZE_NONE) {
        *out = from; /* no boundary cell reached: the goal alone */
    }
    return rc;
}

int
maze_farthest_boundary(const struct maze *maze, uint32_t from, uint32_t *out)
{
    if (maze == NULL || out == NULL) {
        return MAZE_ERR_INVALID;
    }
    if (from >= maze->grid->cells) {
        return MAZE_ERR_RANGE;
    }
    return maze__farthest_boundary(maze, from, NULL, out);
}

int
maze_longest_path_ends(const struct maze *maze, uint32_t *a, uint32_t *b)
{
    return double_sweep(maze, false, NULL, a, b);
}

int
maze_boundary_path_ends(const struct maze *maze, uint32_t *a, uint32_t *b)
{
    return double_sweep(maze, true, NULL, a, b);
}
