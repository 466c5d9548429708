/* SPDX-License-Identifier: MIT */
/*
 * Where start and finish go. By default, the ends of the longest path
 * between two cells of the outer outline whose openings are far apart
 * along it (outline.c: on different edges of the picture and a quarter
 * of the outline apart), exactly: by the double sweep where the maze is
 * a tree and its longest pair qualifies, else by a search from every
 * outline cell while that costs at most EXACT_STEPS cell visits, else
 * from the two ends of the longest boundary path. 3D mazes go from the
 * first level to the last. Or between a cell on one given side and a
 * cell on the opposite one. The design decision: everything is read off
 * the grid's geometry, so every grid kind and every mask gets it from the
 * grid interface alone, and openings are chosen with the endpoints
 * rather than after them.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "core/status_impl.h"
#include "gen/outline.h"
#include "solve/solve_impl.h"
#include <mazegen/generate.h>
#include <mazegen/status.h>

#define SIDE(s) (1u << (s))
#define ALL_SIDES 0xfu

/* The exact search's budget: outline cells times grid cells, each a cell
 * visit of one breadth-first search: a square up to about 120 x 120, in
 * about 0.3 s at most (docs/grids.md); on a tree a walk of the maze and
 * then of the small tree of the outline's cells (exact_pair_tree()),
 * about a twentieth of that. Its memory, 20 bytes a cell (12 on a tree), stays
 * within the endpoint search's allowance in estimate.c at these sizes. */
#define EXACT_STEPS ((uint64_t)1 << 23)

/* Cells with a boundary side facing a side of the maze in *ctx. */
static bool
faces(const struct maze_grid *g, uint32_t cell, void *ctx)
{
    return (maze__cell_facing(g, cell) & *(const unsigned *)ctx) != 0;
}

/* The side of the maze an opening faces, or 0 for none. */
static unsigned
facing_of(const struct maze_grid *g, uint32_t cell, unsigned side)
{
    if (side == MAZE_NONE) {
        return 0;
    }
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    (void)maze_grid_cell_sides(g, cell, sides);
    return SIDE(maze__side_facing(g, cell, &sides[side]));
}

/*
 * Openings of start s and finish f facing different sides of the maze:
 * the usual ones when they do, else the finish (then the start) moved to
 * the best side of another direction. False when the two cells face one
 * side only, and the same one.
 */
static bool
apart_openings(const struct maze_grid *g, uint32_t s, uint32_t f, unsigned *os,
               unsigned *of)
{
    *os = maze__grid_opening(g, s, false, MAZE_NONE);
    *of = maze__grid_opening(g, f, true, s == f ? *os : MAZE_NONE);
    unsigned fs = facing_of(g, s, *os), ff = facing_of(g, f, *of);
    if (fs != ff) {
        return true;
    }
    unsigned alt = maze__grid_opening_facing(g, f, true, ALL_SIDES & ~fs);
    if (alt != MAZE_NONE) {
        *of = alt;
        return true;
    }
    alt = maze__grid_opening_facing(g, s, false, ALL_SIDES & ~ff);
    if (alt != MAZE_NONE) {
        *os = alt;
        return true;
    }
    return false;
}

/* Sets start s and finish f, the one nearer the top-left first so pages
 * read left to right (ties: the lower cell number), with openings facing
 * different sides of the maze where the cells allow. */
static int
set_apart(struct maze *maze, uint32_t a, uint32_t b)
{
    const struct maze_grid *g = maze->grid;
    struct maze_point pa = maze_grid_cell_center(g, a);
    struct maze_point pb = maze_grid_cell_center(g, b);
    double da = pa.x + pa.y, db = pb.x + pb.y;
    bool a_first = da < db || (da == db && a <= b);
    uint32_t s = a_first ? a : b, f = a_first ? b : a;
    int rc = maze_set_endpoints(maze, s, f);
    unsigned os, of;
    if (rc == MAZE_OK && apart_openings(g, s, f, &os, &of)) {
        rc = maze_set_openings(maze, os, of);
    }
    return rc;
}

/*
 * The fallback where the outline finds no pair far enough apart (a lone
 * cell, a curved outline): the ends a, b of the longest boundary path if
 * their openings can face different sides; else, from each end, the
 * farthest cell that can open on another side than it, and the longer of
 * those two paths.
 */
static int
place_sides(struct maze *maze, uint32_t a, uint32_t b)
{
    const struct maze_grid *g = maze->grid;
    int rc;
    unsigned os, of;
    if (apart_openings(g, a, b, &os, &of)) {
        return set_apart(maze, a, b);
    }
    /* Both ends face the same single side of the maze. */
    unsigned other = ALL_SIDES & ~maze__cell_facing(g, a);
    uint32_t c, d, dc, dd;
    rc = maze__farthest(maze, a, faces, &other, &c, &dc);
    if (rc == MAZE_OK) {
        rc = maze__farthest(maze, b, faces, &other, &d, &dd);
    }
    if (rc != MAZE_OK) {
        return rc;
    }
    if (c == MAZE_NONE && d == MAZE_NONE) {
        return set_apart(maze, a, b); /* one side only: nothing better */
    }
    if (d != MAZE_NONE && (c == MAZE_NONE || dd > dc)) {
        return set_apart(maze, b, d);
    }
    return set_apart(maze, a, c);
}

/* The open passages of a maze as adjacency lists: cell c's neighbours
 * are to[at[c]] to to[at[c + 1] - 1]. Built once for the many
 * breadth-first searches of the exact search. */
struct adjacency {
    uint32_t *at, *to;
};

static int
adjacency_build(const struct maze *maze, struct adjacency *adj)
{
    const struct maze_grid *g = maze->grid;
    uint64_t open = 0;
    for (size_t i = 0; i < maze->words; i++) {
        open += (uint64_t)__builtin_popcountll(maze->bits[i]);
    }
    adj->at = malloc(((size_t)g->cells + 1) * sizeof(*adj->at));
    adj->to = malloc((size_t)(2 * open + 1) * sizeof(*adj->to));
    if (adj->at == NULL || adj->to == NULL || 2 * open > UINT32_MAX) {
        free(adj->at);
        free(adj->to);
        return MAZE_ERR_NOMEM;
    }
    uint32_t n = 0;
    for (uint32_t c = 0; c < g->cells; c++) {
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        unsigned k = maze_grid_neighbors(g, c, links);
        adj->at[c] = n;
        for (unsigned i = 0; i < k && n < 2 * open; i++) {
            if (maze__is_open(maze, links[i].edge)) {
                adj->to[n++] = links[i].cell;
            }
        }
    }
    adj->at[g->cells] = n;
    return MAZE_OK;
}

/* Breadth-first distances from src along open passages (UINT32_MAX:
 * unreached), with queue as scratch; both hold a cell each. */
static void
distances(const struct adjacency *adj, uint32_t cells, uint32_t src,
          uint32_t *dist, uint32_t *queue)
{
    memset(dist, 0xff, (size_t)cells * sizeof(*dist));
    size_t head = 0, tail = 0;
    dist[src] = 0;
    queue[tail++] = src;
    while (head < tail) {
        uint32_t c = queue[head++], next = dist[c] + 1;
        for (uint32_t i = adj->at[c]; i < adj->at[c + 1]; i++) {
            uint32_t d = adj->to[i];
            if (dist[d] == UINT32_MAX) {
                dist[d] = next;
                queue[tail++] = d;
            }
        }
    }
}

/* Start and finish of the pair a, b: the one nearer the top-left first,
 * so pages read left to right (ties: the lower cell number). */
static void
in_order(const struct maze_grid *g, uint32_t a, uint32_t b, uint32_t *s,
         uint32_t *f)
{
    struct maze_point pa = maze_grid_cell_center(g, a);
    struct maze_point pb = maze_grid_cell_center(g, b);
    double da = pa.x + pa.y, db = pb.x + pb.y;
    bool a_first = da < db || (da == db && a <= b);
    *s = a_first ? a : b;
    *f = a_first ? b : a;
}

/* The openings of start s and finish f on the outline far enough apart
 * that suit a start and a finish best; false when none are. */
static bool
outline_openings(const struct maze__outline *o, uint32_t s, uint32_t f,
                 unsigned *os, unsigned *of)
{
    size_t ns, nf;
    size_t is = maze__outline_find(o, s, &ns),
           jf = maze__outline_find(o, f, &nf);
    double best = -INFINITY;
    for (size_t i = is; i < is + ns; i++) {
        for (size_t j = jf; j < jf + nf; j++) {
            const struct maze__outline_side *a = &o->sides[i],
                                            *b = &o->sides[j];
            double score = a->start_score + b->finish_score;
            if (i != j && score > best + 1e-9 && maze__outline_apart(o, a, b)) {
                best = score;
                *os = a->side;
                *of = b->side;
            }
        }
    }
    return best > -INFINITY;
}

static bool
pair_apart(const struct maze_grid *g, const struct maze__outline *o, uint32_t a,
           uint32_t b)
{
    uint32_t s, f;
    unsigned os, of;
    in_order(g, a, b, &s, &f);
    return outline_openings(o, s, f, &os, &of);
}

static int
set_outline(struct maze *maze, const struct maze__outline *o, uint32_t a,
            uint32_t b)
{
    uint32_t s, f;
    unsigned os = MAZE_NONE, of = MAZE_NONE;
    in_order(maze->grid, a, b, &s, &f);
    (void)outline_openings(o, s, f, &os, &of);
    int rc = maze_set_endpoints(maze, s, f);
    return rc == MAZE_OK ? maze_set_openings(maze, os, of) : rc;
}

/* For maze__farthest(): a cell on the outline (other MAZE_NONE) or one
 * whose openings can be far enough from other's. */
struct partner {
    const struct maze_grid *g;
    const struct maze__outline *o;
    uint32_t other;
};

static bool
is_partner(const struct maze_grid *g, uint32_t cell, void *ctx)
{
    const struct partner *p = ctx;
    size_t n;
    (void)maze__outline_find(p->o, cell, &n);
    return n > 0 &&
           (p->other == MAZE_NONE || pair_apart(g, p->o, p->other, cell));
}

/* Whether the maze is a tree: one passage fewer than cells (mazes are
 * connected), counted unless maze_generate() has just made it one. */
static bool
is_tree(const struct maze *maze)
{
    return maze->tree || maze_passage_count(maze) + 1 == maze->grid->cells;
}

bool maze__endpoints_by_search;

/* The lowest common ancestor of u and v, by climbing from the deeper: as
 * many steps as the path between them. */
static uint32_t
meet(const uint32_t *parent, const uint32_t *depth, uint32_t u, uint32_t v)
{
    while (depth[u] > depth[v]) {
        u = parent[u];
    }
    while (depth[v] > depth[u]) {
        v = parent[v];
    }
    while (u != v) {
        u = parent[u];
        v = parent[v];
    }
    return u;
}

/*
 * The small tree of the cells of from[] and to[] (marked in `mark`) in a
 * maze that is a tree: one walk from from[0] gives each cell its parent
 * and depth, and the marked cells in preorder; with the lowest common
 * ancestor of each two consecutive ones (whose paths together cross each
 * edge of the maze twice at most), those are the nodes where the marked
 * cells' paths meet, each linked to its nearest such ancestor by an edge
 * as long as the path between them. At most twice as many nodes as
 * marked cells; vid[] gives a node's index by its cell.
 */
struct small_tree {
    uint32_t n;
    uint32_t *cell, *up, *len; /* a node's cell, parent node, edge length */
    uint32_t *at, *child;      /* node i's children child[at[i] .. at[i+1]) */
};

static void
small_tree_free(struct small_tree *t)
{
    free(t->cell);
    free(t->up);
    free(t->len);
    free(t->at);
    free(t->child);
}

/* MAZE_ERR_UNSUPPORTED: the walk did not reach every cell (the maze is
 * not connected, so not a tree). parent[], depth[] and vid[] hold a cell
 * each; vid[] is left mapping each node's cell to its index. t's arrays
 * are the caller's to free (small_tree_free()), whatever the result. */
static int
small_tree_build(const struct maze *maze, const uint64_t *mark, uint32_t marked,
                 uint32_t root, uint32_t *parent, uint32_t *depth,
                 uint32_t *vid, struct small_tree *t)
{
    const struct maze_grid *g = maze->grid;
    uint32_t cells = g->cells, cap = 2 * marked;
    memset(t, 0, sizeof(*t));
    uint32_t *order = malloc((size_t)marked * sizeof(*order));
    uint32_t *stack = vid; /* the walk's, until the nodes need vid[] */
    t->cell = malloc((size_t)cap * sizeof(*t->cell));
    t->up = malloc((size_t)cap * sizeof(*t->up));
    t->len = malloc((size_t)cap * sizeof(*t->len));
    t->at = calloc((size_t)cap + 1, sizeof(*t->at));
    t->child = malloc((size_t)cap * sizeof(*t->child));
    if (order == NULL || t->cell == NULL || t->up == NULL || t->len == NULL ||
        t->at == NULL || t->child == NULL) {
        free(order);
        return MAZE_ERR_NOMEM;
    }
    /* The walk: a cell is given its depth when pushed, so in a tree the
     * one seen neighbour of a popped cell is its parent. */
    memset(depth, 0xff, (size_t)cells * sizeof(*depth));
    uint32_t sp = 0, reached = 1, k = 0;
    depth[root] = 0;
    parent[root] = MAZE_NONE;
    stack[sp++] = root;
    while (sp > 0) {
        uint32_t c = stack[--sp];
        if ((mark[c >> 6] >> (c & 63)) & 1u) {
            order[k++] = c;
        }
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        unsigned n = maze__neighbors(g, c, links);
        for (unsigned i = 0; i < n; i++) {
            uint32_t d = links[i].cell;
            if (depth[d] == UINT32_MAX && maze__is_open(maze, links[i].edge)) {
                depth[d] = depth[c] + 1;
                parent[d] = c;
                stack[sp++] = d;
                reached++;
            }
        }
    }
    if (reached != cells || k != marked) {
        free(order);
        return MAZE_ERR_UNSUPPORTED;
    }
    /* The nodes, by a stack of the nodes on the path to the last one. */
    memset(vid, 0xff, (size_t)cells * sizeof(*vid));
    uint32_t *st = t->child; /* scratch until the children are listed */
    sp = 0;
    vid[order[0]] = t->n;
    t->cell[t->n] = order[0];
    t->up[t->n] = MAZE_NONE;
    st[sp++] = t->n++;
    for (uint32_t i = 1; i < marked; i++) {
        uint32_t v = order[i];
        uint32_t l = meet(parent, depth, order[i - 1], v);
        while (sp >= 2 && depth[t->cell[st[sp - 2]]] >= depth[l]) {
            t->up[st[sp - 1]] = st[sp - 2];
            sp--;
        }
        if (t->cell[st[sp - 1]] != l) {
            /* l lies between the top and the one below it. */
            vid[l] = t->n;
            t->cell[t->n] = l;
            t->up[st[sp - 1]] = t->n;
            st[sp - 1] = t->n++;
        }
        vid[v] = t->n;
        t->cell[t->n] = v;
        st[sp++] = t->n++;
    }
    while (sp >= 2) {
        t->up[st[sp - 1]] = st[sp - 2];
        sp--;
    }
    t->up[st[0]] = MAZE_NONE;
    free(order);
    /* Edge lengths, and the children as lists. */
    for (uint32_t i = 0; i < t->n; i++) {
        uint32_t u = t->up[i];
        t->len[i] = u == MAZE_NONE ? 0 : depth[t->cell[i]] - depth[t->cell[u]];
        if (u != MAZE_NONE) {
            t->at[u + 1]++;
        }
    }
    for (uint32_t i = 0; i < t->n; i++) {
        t->at[i + 1] += t->at[i];
    }
    for (uint32_t i = 0; i < t->n; i++) {
        uint32_t u = t->up[i];
        if (u != MAZE_NONE) {
            t->child[t->at[u]++] = i;
        }
    }
    for (uint32_t i = t->n; i > 0; i--) {
        t->at[i] = t->at[i - 1];
    }
    t->at[0] = 0;
    return MAZE_OK;
}

/* Distances in the small tree from node src to every node, with stack as
 * scratch (both hold a node each). */
static void
small_tree_distances(const struct small_tree *t, uint32_t src, uint32_t *dist,
                     uint32_t *stack)
{
    uint32_t sp = 0;
    dist[src] = 0;
    stack[sp++] = src;
    for (uint32_t i = 0; i < t->n; i++) {
        if (i != src) {
            dist[i] = UINT32_MAX;
        }
    }
    while (sp > 0) {
        uint32_t v = stack[--sp], dv = dist[v], u = t->up[v];
        if (u != MAZE_NONE && dist[u] == UINT32_MAX) {
            dist[u] = dv + t->len[v];
            stack[sp++] = u;
        }
        for (uint32_t j = t->at[v]; j < t->at[v + 1]; j++) {
            uint32_t c = t->child[j];
            if (dist[c] == UINT32_MAX) {
                dist[c] = dv + t->len[c];
                stack[sp++] = c;
            }
        }
    }
}

/*
 * exact_pair() on a maze that is a tree: the same pairs in the same
 * order, with each distance read off the small tree of the cells of
 * from[] and to[] (small_tree_build()) instead of a search of the whole
 * maze from each from cell: a walk of the maze and then nfrom walks of at
 * most 2 (nfrom + nto) nodes, in 12 bytes a cell. MAZE_ERR_UNSUPPORTED:
 * the maze is not connected after all.
 */
static int
exact_pair_tree(const struct maze *maze, const uint32_t *from, size_t nfrom,
                bool (*accept)(const struct maze *, uint32_t, uint32_t, void *),
                const uint32_t *to, size_t nto, void *ctx, uint32_t *a,
                uint32_t *b)
{
    uint32_t cells = maze->grid->cells;
    size_t words = ((size_t)cells + 63) / 64;
    uint64_t *mark = calloc(words, sizeof(*mark));
    uint32_t *parent = malloc((size_t)cells * sizeof(*parent));
    uint32_t *depth = malloc((size_t)cells * sizeof(*depth));
    uint32_t *vid = malloc((size_t)cells * sizeof(*vid));
    uint32_t *dist = NULL, *stack = NULL;
    struct small_tree t = {0};
    int rc = MAZE_ERR_NOMEM;
    if (mark == NULL || parent == NULL || depth == NULL || vid == NULL) {
        goto out;
    }
    uint32_t marked = 0;
    const uint32_t *lists[2] = {from, to};
    size_t counts[2] = {nfrom, nto};
    for (int l = 0; l < 2; l++) {
        for (size_t i = 0; i < counts[l]; i++) {
            uint32_t c = lists[l][i];
            uint64_t bit = (uint64_t)1 << (c & 63);
            marked += (mark[c >> 6] & bit) == 0;
            mark[c >> 6] |= bit;
        }
    }
    rc = small_tree_build(maze, mark, marked, from[0], parent, depth, vid, &t);
    if (rc != MAZE_OK) {
        goto out;
    }
    dist = malloc((size_t)t.n * sizeof(*dist));
    stack = malloc((size_t)t.n * sizeof(*stack));
    if (dist == NULL || stack == NULL) {
        rc = MAZE_ERR_NOMEM;
        goto out;
    }
    uint32_t best = 0;
    *a = *b = MAZE_NONE;
    for (size_t i = 0; i < nfrom; i++) {
        small_tree_distances(&t, vid[from[i]], dist, stack);
        for (size_t j = 0; j < nto; j++) {
            uint32_t d = dist[vid[to[j]]];
            if ((*a == MAZE_NONE || d > best) &&
                accept(maze, from[i], to[j], ctx)) {
                best = d;
                *a = from[i];
                *b = to[j];
            }
        }
    }
out:
    free(mark);
    free(parent);
    free(depth);
    free(vid);
    free(dist);
    free(stack);
    small_tree_free(&t);
    return rc;
}

/*
 * The longest of the shortest paths between a cell of from[] and a cell
 * the test accepts (for each from cell), by a search from every cell of
 * from[]; MAZE_NONE in *a when no pair is accepted. On a tree, by
 * exact_pair_tree(), the same answer.
 */
static int
exact_pair(const struct maze *maze, const uint32_t *from, size_t nfrom,
           bool (*accept)(const struct maze *, uint32_t, uint32_t, void *),
           const uint32_t *to, size_t nto, void *ctx, uint32_t *a, uint32_t *b)
{
    if (nfrom > 0 && !maze__endpoints_by_search && is_tree(maze)) {
        int rc = exact_pair_tree(maze, from, nfrom, accept, to, nto, ctx, a, b);
        if (rc != MAZE_ERR_UNSUPPORTED) {
            return rc;
        }
    }
    uint32_t cells = maze->grid->cells;
    struct adjacency adj;
    if (adjacency_build(maze, &adj) != MAZE_OK) {
        return MAZE_ERR_NOMEM;
    }
    uint32_t *dist = malloc((size_t)cells * sizeof(*dist));
    uint32_t *queue = malloc((size_t)cells * sizeof(*queue));
    if (dist == NULL || queue == NULL) {
        free(dist);
        free(queue);
        free(adj.at);
        free(adj.to);
        return MAZE_ERR_NOMEM;
    }
    uint32_t best = 0;
    *a = *b = MAZE_NONE;
    for (size_t i = 0; i < nfrom; i++) {
        distances(&adj, cells, from[i], dist, queue);
        for (size_t j = 0; j < nto; j++) {
            uint32_t d = dist[to[j]];
            if (d != UINT32_MAX && (*a == MAZE_NONE || d > best) &&
                accept(maze, from[i], to[j], ctx)) {
                best = d;
                *a = from[i];
                *b = to[j];
            }
        }
    }
    free(dist);
    free(queue);
    free(adj.at);
    free(adj.to);
    return MAZE_OK;
}

static bool
accept_apart(const struct maze *maze, uint32_t a, uint32_t b, void *ctx)
{
    return pair_apart(maze->grid, ctx, a, b);
}

/* The distinct cells of the outline, in order. */
static uint32_t *
outline_cells(const struct maze__outline *o, size_t *n)
{
    uint32_t *cells = malloc((o->count ? o->count : 1) * sizeof(*cells));
    *n = 0;
    for (size_t i = 0; cells != NULL && i < o->count; i++) {
        if (*n == 0 || cells[*n - 1] != o->sides[i].cell) {
            cells[(*n)++] = o->sides[i].cell;
        }
    }
    return cells;
}

/*
 * The default on a flat grid: see the file's comment. a, b are the ends
 * of the longest boundary path (the double sweep); *placed is false when
 * no pair of outline cells is far enough apart.
 */
static int
place_on_outline(struct maze *maze, const struct maze__outline *o, uint32_t a,
                 uint32_t b, bool *placed)
{
    const struct maze_grid *g = maze->grid;
    size_t na, nb;
    (void)maze__outline_find(o, a, &na);
    (void)maze__outline_find(o, b, &nb);
    bool tree = is_tree(maze);
    *placed = true;
    if (tree && na > 0 && nb > 0 && pair_apart(g, o, a, b)) {
        return set_outline(maze, o, a, b); /* the longest pair: exact */
    }
    size_t n;
    uint32_t *cells = outline_cells(o, &n);
    if (cells == NULL) {
        return MAZE_ERR_NOMEM;
    }
    uint32_t s = MAZE_NONE, f = MAZE_NONE;
    int rc = MAZE_OK;
    if ((uint64_t)n * g->cells <= EXACT_STEPS) {
        rc = exact_pair(maze, cells, n, accept_apart, cells, n, (void *)o, &s,
                        &f);
    } else {
        /* Too large to search from every cell: from each end of the
         * longest boundary path, the farthest cell far enough from it. */
        struct partner pa = {g, o, na > 0 ? a : cells[0]};
        struct partner pb = {g, o, nb > 0 ? b : cells[n - 1]};
        uint32_t c, d, dc = 0, dd = 0;
        rc = maze__farthest(maze, pa.other, is_partner, &pa, &c, &dc);
        if (rc == MAZE_OK) {
            rc = maze__farthest(maze, pb.other, is_partner, &pb, &d, &dd);
        }
        if (rc == MAZE_OK && d != MAZE_NONE && (c == MAZE_NONE || dd > dc)) {
            s = pb.other;
            f = d;
        } else if (rc == MAZE_OK && c != MAZE_NONE) {
            s = pa.other;
            f = c;
        }
    }
    free(cells);
    if (rc != MAZE_OK) {
        return rc;
    }
    if (s == MAZE_NONE) {
        *placed = false;
        return MAZE_OK;
    }
    return set_outline(maze, o, s, f);
}

/* 3D: from the first level's cells that can open to the last level's,
 * the longest way (exactly while affordable, else by alternating
 * searches). */
static bool
on_level(const struct maze_grid *g, uint32_t cell, void *ctx)
{
    uint32_t per = g->width * g->height;
    return cell / per == *(const uint32_t *)ctx && maze__cell_facing(g, cell);
}

/* Cells whose openings can face different sides of the maze. */
static bool
accept_facing(const struct maze *maze, uint32_t a, uint32_t b, void *ctx)
{
    (void)ctx;
    unsigned fa = maze__cell_facing(maze->grid, a);
    unsigned fb = maze__cell_facing(maze->grid, b);
    return !(fa == fb && (fa & (fa - 1)) == 0);
}

static uint32_t *
level_cells(const struct maze_grid *g, uint32_t level, size_t *n)
{
    uint32_t per = g->width * g->height;
    uint32_t *cells = malloc((size_t)per * sizeof(*cells));
    *n = 0;
    for (uint32_t c = level * per; cells != NULL && c < (level + 1) * per;
         c++) {
        if (on_level(g, c, &level)) {
            cells[(*n)++] = c;
        }
    }
    return cells;
}

/* The searches for the farthest cell of a level, with the last one's
 * source and answer: an answer depends on its source alone, so once the
 * alternating searches settle on a pair they repeat the last answers,
 * which are kept rather than searched for again (the same cells, each
 * of up to four searches a walk of the whole maze). */
struct level_search {
    uint32_t level, from, found;
};

/* The most walks place_levels() makes, and so the progress it reports:
 * a walk's cells of LEVEL_WALKS walks. */
#define LEVEL_WALKS 6

static int
level_farthest(const struct maze *maze, struct level_search *ls, uint32_t from,
               const struct maze_progress *progress, unsigned *walks,
               uint32_t *out)
{
    if (from == ls->from && from != MAZE_NONE) {
        *out = ls->found;
        return MAZE_OK;
    }
    uint64_t cells = maze->grid->cells;
    struct maze__want want = {
        .boundary = true, .pred = on_level, .ctx = &ls->level};
    uint32_t dist;
    int rc = maze__search_far(maze, from, &want, progress, *walks * cells,
                              LEVEL_WALKS * cells, out, &dist);
    ++*walks;
    if (rc == MAZE_OK) {
        ls->from = from;
        ls->found = *out;
    }
    return rc;
}

/* *placed: false when no two cells of the first and last levels make a
 * pair (the caller's fallback then places the ends). */
static int
place_levels(struct maze *maze, uint32_t levels,
             const struct maze_progress *progress, bool *placed)
{
    const struct maze_grid *g = maze->grid;
    uint32_t first = 0, last = levels - 1, s = MAZE_NONE, f = MAZE_NONE;
    size_t nfrom, nto;
    uint32_t *from = level_cells(g, first, &nfrom);
    uint32_t *to = level_cells(g, last, &nto);
    int rc = from == NULL || to == NULL ? MAZE_ERR_NOMEM : MAZE_OK;
    if (rc == MAZE_OK && (uint64_t)nfrom * g->cells <= EXACT_STEPS) {
        rc =
            exact_pair(maze, from, nfrom, accept_facing, to, nto, NULL, &s, &f);
    } else if (rc == MAZE_OK) {
        struct level_search to_first = {first, MAZE_NONE, MAZE_NONE};
        struct level_search to_last = {last, MAZE_NONE, MAZE_NONE};
        unsigned walks = 0;
        rc = level_farthest(maze, &to_first, to[0], progress, &walks, &s);
        for (int i = 0; rc == MAZE_OK && i < 2; i++) {
            rc = level_farthest(maze, &to_last, s, progress, &walks, &f);
            if (rc == MAZE_OK) {
                rc = level_farthest(maze, &to_first, f, progress, &walks, &s);
            }
        }
        if (rc == MAZE_OK) {
            rc = level_farthest(maze, &to_last, s, progress, &walks, &f);
        }
        /* Searches handed back were not walked: the step ends here. */
        uint64_t total = LEVEL_WALKS * (uint64_t)g->cells;
        if (rc == MAZE_OK && walks < LEVEL_WALKS && progress != NULL &&
            progress->report(progress->ctx, "finding endpoints", total,
                             total) != 0) {
            rc = MAZE_ERR_CANCELLED;
        }
    }
    free(from);
    free(to);
    *placed = rc == MAZE_OK && s != MAZE_NONE && f != MAZE_NONE;
    if (!*placed) {
        return rc;
    }
    rc = maze_set_endpoints(maze, s, f);
    unsigned os, of;
    if (rc == MAZE_OK && apart_openings(g, s, f, &os, &of)) {
        rc = maze_set_openings(maze, os, of);
    }
    return rc;
}

/*
 * The default: for a kind with a goal (a circle's centre), from the
 * boundary cell farthest from it to it; 3D, from the first level to the
 * last; else far apart on the outer outline (place_on_outline()), or,
 * where no two openings are far enough apart, place_sides().
 */
static int
place_longest(struct maze *maze, const struct maze_progress *progress)
{
    const struct maze_grid *g = maze->grid;
    uint32_t a, b;
    uint32_t goal =
        g->kind->goal != NULL && g->base == NULL ? g->kind->goal(g) : MAZE_NONE;
    if (goal != MAZE_NONE) {
        /* From the boundary to the kind's goal (a circle's centre), by
         * the longest way in. */
        int rc = maze__farthest_boundary(maze, goal, progress, &a);
        return rc == MAZE_OK ? maze_set_endpoints(maze, a, goal) : rc;
    }
    uint32_t levels = g->kind->info.coord_count > 2 && g->base == NULL
                          ? g->size[MAZE_SIZE_LEVELS]
                          : 1;
    if (levels > 1) {
        /* From the first level to the last; the longest boundary path
         * only where those make no pair. */
        bool placed = false;
        int rc = place_levels(maze, levels, progress, &placed);
        if (rc != MAZE_OK || placed) {
            return rc;
        }
        rc = maze__boundary_path_ends(maze, progress, &a, &b);
        return rc == MAZE_OK ? maze_set_endpoints(maze, a, b) : rc;
    }
    int rc = maze__boundary_path_ends(maze, progress, &a, &b);
    if (rc != MAZE_OK) {
        return rc;
    }
    struct maze__outline o;
    rc = maze__outline_build(g, &o);
    if (rc == MAZE_ERR_UNSUPPORTED) {
        return place_sides(maze, a, b);
    }
    bool placed = false;
    if (rc == MAZE_OK) {
        rc = place_on_outline(maze, &o, a, b, &placed);
    }
    maze__outline_finish(&o);
    return rc == MAZE_OK && !placed ? place_sides(maze, a, b) : rc;
}

/*
 * Start on side `from` of the maze and finish on side `to`: alternating
 * searches for the farthest cell of one side from the other's, twice
 * each way, which in a perfect maze settles on a pair as far apart as
 * the two sides allow or close to it.
 */
static int
place_across(struct maze *maze, unsigned from, unsigned to)
{
    const struct maze_grid *g = maze->grid;
    unsigned want_from = SIDE(from), want_to = SIDE(to);
    uint32_t s, f, dist;
    int rc = maze__farthest(maze, 0, faces, &want_from, &s, &dist);
    for (int i = 0; rc == MAZE_OK && s != MAZE_NONE && i < 2; i++) {
        rc = maze__farthest(maze, s, faces, &want_to, &f, &dist);
        if (rc == MAZE_OK && f != MAZE_NONE) {
            rc = maze__farthest(maze, f, faces, &want_from, &s, &dist);
        }
        if (f == MAZE_NONE) {
            s = MAZE_NONE;
        }
    }
    if (rc == MAZE_OK && s != MAZE_NONE) {
        rc = maze__farthest(maze, s, faces, &want_to, &f, &dist);
    }
    if (rc != MAZE_OK) {
        return rc;
    }
    if (s == MAZE_NONE || f == MAZE_NONE) {
        return place_longest(maze, NULL); /* no such sides: the default */
    }
    rc = maze_set_endpoints(maze, s, f);
    if (rc == MAZE_OK) {
        rc = maze_set_openings(
            maze, maze__grid_opening_facing(g, s, false, want_from),
            maze__grid_opening_facing(g, f, true, want_to));
    }
    return rc;
}

int
maze_place_endpoints(struct maze *maze, enum maze_endpoints where,
                     const struct maze_progress *progress)
{
    maze__detail_clear();
    if (maze == NULL) {
        return MAZE_ERR_INVALID;
    }
    switch (where) {
    case MAZE_ENDPOINTS_LONGEST:
        return place_longest(maze, progress);
    case MAZE_ENDPOINTS_CORNERS:
        return maze_set_endpoints(maze, 0, maze->grid->cells - 1);
    case MAZE_ENDPOINTS_LEFT_RIGHT:
        return place_across(maze, MAZE__SIDE_W, MAZE__SIDE_E);
    case MAZE_ENDPOINTS_TOP_BOTTOM:
        return place_across(maze, MAZE__SIDE_N, MAZE__SIDE_S);
    default:
        return MAZE_ERR_INVALID;
    }
}

int
maze_place_openings(struct maze *maze, enum maze_endpoints where)
{
    if (maze == NULL || (unsigned)where > MAZE_ENDPOINTS_TOP_BOTTOM) {
        return MAZE_ERR_INVALID;
    }
    const struct maze_grid *g = maze->grid;
    uint32_t s = maze->start, f = maze->finish;
    int rc = maze_set_endpoints(maze, s, f);
    unsigned os, of;
    if (rc != MAZE_OK || where == MAZE_ENDPOINTS_CORNERS) {
        return rc;
    }
    if (where == MAZE_ENDPOINTS_LONGEST) {
        return apart_openings(g, s, f, &os, &of)
                   ? maze_set_openings(maze, os, of)
                   : MAZE_OK;
    }
    bool lr = where == MAZE_ENDPOINTS_LEFT_RIGHT;
    os = maze__grid_opening_facing(g, s, false,
                                   SIDE(lr ? MAZE__SIDE_W : MAZE__SIDE_N));
    of = maze__grid_opening_facing(g, f, true,
                                   SIDE(lr ? MAZE__SIDE_E : MAZE__SIDE_S));
    /* A cell without such a side keeps its usual opening. */
    return maze_set_openings(maze, os != MAZE_NONE ? os : maze->start_opening,
                             of != MAZE_NONE ? of : maze->finish_opening);
}

const char *
maze_endpoints_name(enum maze_endpoints where)
{
    static const char *const names[] = {
        [MAZE_ENDPOINTS_LONGEST] = "longest",
        [MAZE_ENDPOINTS_CORNERS] = "corners",
        [MAZE_ENDPOINTS_LEFT_RIGHT] = "left-right",
        [MAZE_ENDPOINTS_TOP_BOTTOM] = "top-bottom",
    };
    return (unsigned)where < sizeof(names) / sizeof(names[0]) ? names[where]
                                                              : NULL;
}
