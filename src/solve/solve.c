/*
 * Breadth-first search over open passages: shortest paths and the ends of
 * the longest path. BFS rather than Dijkstra because every passage has the
 * same length; it also handles mazes with loops. Memory: two 32-bit words
 * per cell (distance and queue), freed before returning.
 */
#include <stdlib.h>

#include "core/checked.h"
#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include <mazegen/solve.h>
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

/*
 * Fills dist from source (MAZE_NONE = unreached), stopping early once
 * `stop` is dequeued (pass MAZE_NONE to explore everything). Returns the
 * last cell dequeued (only boundary cells count when `boundary`): with no
 * stop, one of the farthest from source.
 */
static uint32_t
bfs_run(struct bfs *b, const struct maze *m, uint32_t source, uint32_t stop,
        bool boundary)
{
    const struct maze_grid *g = m->grid;
    for (uint32_t i = 0; i < g->cells; i++) {
        b->dist[i] = MAZE_NONE;
    }
    size_t head = 0, tail = 0;
    b->dist[source] = 0;
    b->queue[tail++] = source;
    uint32_t last = source;
    while (head < tail) {
        uint32_t cur = b->queue[head++];
        if (!boundary || maze__on_boundary(g, cur)) {
            last = cur;
        }
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
    return last;
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
    (void)bfs_run(&b, maze, to, from, false);
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
double_sweep(const struct maze *maze, bool boundary, uint32_t *a, uint32_t *b)
{
    if (maze == NULL || a == NULL || b == NULL) {
        return MAZE_ERR_INVALID;
    }
    struct bfs s;
    int rc = bfs_init(&s, maze->grid->cells);
    if (rc != MAZE_OK) {
        return rc;
    }
    /* Cell 0 is on the boundary of every grid kind (its first cell). */
    *a = bfs_run(&s, maze, 0, MAZE_NONE, boundary);
    *b = bfs_run(&s, maze, *a, MAZE_NONE, boundary);
    bfs_finish(&s);
    return MAZE_OK;
}

int
maze_longest_path_ends(const struct maze *maze, uint32_t *a, uint32_t *b)
{
    return double_sweep(maze, false, a, b);
}

int
maze_boundary_path_ends(const struct maze *maze, uint32_t *a, uint32_t *b)
{
    return double_sweep(maze, true, a, b);
}
