/* SPDX-License-Identifier: MIT */
/*
 * The two searches behind the solver and the endpoint search, in little
 * memory: the farthest cell of a set from a source, and the shortest path
 * between two cells.
 *
 * A perfect maze is a tree, and in a tree a depth-first walk gives exact
 * distances, since every cell is reached one way only. So the first try
 * is a walk whose only memory is a stack of one byte per step of the
 * current path (which way it went, and the way back or the ways still
 * to go), at most a byte a cell and usually far less; the stack is the
 * path itself when the walk reaches its goal. Nothing marks a cell seen:
 * children are the open neighbours but the parent, and a walk that
 * enters more cells than the grid has has gone round a loop. The walk
 * visits children in neighbour order, so its preorder among cells at one
 * distance is the order a breadth-first search reaches them in, and "the
 * last of the farthest" is the same cell either way. A walk's answers
 * count only once it has come back with nothing left and met no loop,
 * except on a maze maze_generate() has just made a tree (maze->tree),
 * where the path to a stop cell is the only one and the walk ends there.
 * Rectangles and the kinds with a stencil (grid_impl.h) are walked by
 * arithmetic and tables, in the same order; other grids through the
 * grid interface.
 *
 * Where the walk meets a loop (braid mazes, division's rooms), a
 * breadth-first search takes over, with two bits a cell (the distance mod
 * 3, which is enough to walk back since neighbours' distances differ by
 * at most one) and a queue that grows with the widest frontier, at most
 * four bytes a cell.
 */
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "solve/solve_impl.h"
#include <mazegen/status.h>

/* Reports every this many cells entered (a power of two). */
#define REPORT_EVERY ((uint64_t)1 << 20)

static bool
wanted(const struct maze__want *w, const struct maze_grid *g, uint32_t cell)
{
    if (w->pred != NULL) {
        return w->pred(g, cell, w->ctx);
    }
    return !w->boundary || maze__on_boundary(g, cell);
}

/* ---- The tree walk ----------------------------------------------------- */

/* The most steps a phase of a stencil has (maze__stencil.step). */
#define STEPS 8

/*
 * A stencil entry of the walk's stack: the step taken, as its index among
 * the parent's stencil steps (low three bits); the step back, as its
 * index among the child's (the next three); and MORE when the parent had
 * another way on, so that going back through a corridor reads nothing.
 */
#define TAKEN(e) ((unsigned)(e)&7u)
#define BACK(e) (((unsigned)(e) >> 3) & 7u)
#define MORE 64u

/* The farthest a stencil step may go along an axis for the stencil walk
 * (weave's tunnels go two cells); a grid whose stencil goes farther takes
 * the walk through the grid interface. */
#define REACH 2

/*
 * A grid's stencil as the walk takes it, indexed phase * STEPS + step:
 * the changes of the cell index and of x, y and z (modulo 2^32) and of
 * the phase, the edge as an offset from the cell's first slot (modulo
 * 2^32, like the edges), and the step back, by its index among the
 * neighbour's steps. Steps past a phase's count are never taken
 * (`valid`). Per axis (x, y, z) and phase, the steps that leave the grid
 * from a cell i cells from its low end (`low[axis][phase][i]`) or its
 * high end (`high`), for i below REACH: bits 1 << step. A cell is
 * inside when x - pad < xin and y - pad < yin: then no step leaves the
 * grid across or down.
 */
struct stencil_steps {
    uint32_t cell[2 * STEPS], edge[2 * STEPS];
    uint32_t dx[2 * STEPS], dy[2 * STEPS], dz[2 * STEPS];
    uint8_t flip[2 * STEPS], back[2 * STEPS];
    uint8_t valid[2];
    uint8_t low[3][2][REACH], high[3][2][REACH];
    uint32_t slots, size[3];
    uint32_t pad, xin, yin;
};

/*
 * A stack entry of the walk through the grid interface: the index of the
 * child among its parent's neighbours (low four bits), and of the parent
 * among the child's (high four). MAZE_GRID_MAX_DEGREE is 16, so both fit.
 */
#define DOWN(e) ((unsigned)(e)&15u)
#define UP(e) ((unsigned)(e) >> 4)

struct walk {
    const struct maze *m;
    uint8_t *stack;
    size_t depth, cap;
    uint32_t source;
    /* What the walk found: the last wanted cell at the greatest depth
     * (MAZE_NONE: none), and the path from the stop cell back to the
     * source (NULL: not reached). */
    uint32_t best, best_depth;
    struct maze_path *path;
    /* The maze is a tree (maze->tree): the path to stop is the only one,
     * so the walk ends there. */
    bool stop_early;
    bool loops;
    const struct maze_progress *progress;
    uint64_t done, total;
    /* The progress callback asked to stop. */
    bool cancelled;
    /* The grid's steps while walk_stencil() walks, else NULL. */
    const struct stencil_steps *steps;
};

/* Makes room for one more entry; false when memory runs out. A walk
 * that goes deeper than the grid has cells has met a loop and stops, so
 * the stack never needs more entries than cells + 1. */
static bool
grow(struct walk *w)
{
    size_t most = (size_t)w->m->grid->cells + 1;
    size_t cap = w->cap < most / 2 ? 2 * w->cap : most;
    uint8_t *s = realloc(w->stack, cap);
    if (s == NULL) {
        return false;
    }
    w->stack = s;
    w->cap = cap;
    return true;
}

/* Reports progress; true (and w->cancelled set) when the caller asked to
 * stop. */
static bool
report(struct walk *w, uint64_t entered)
{
    if (w->progress != NULL &&
        w->progress->report(w->progress->ctx, "finding endpoints",
                            w->done + entered, w->total) != 0) {
        w->cancelled = true;
    }
    return w->cancelled;
}

/* Paths are made here (path_alloc()) and freed here, for every caller. */
void
maze_path_destroy(struct maze_path *path)
{
    if (path == NULL) {
        return;
    }
    free(path->cells);
    free(path);
}

/* A path of length cells, or NULL when memory runs out. */
static struct maze_path *
path_alloc(size_t length)
{
    struct maze_path *p = malloc(sizeof(*p));
    uint32_t *cells = maze__alloc_array(length, sizeof(uint32_t), false);
    if (p == NULL || cells == NULL) {
        free(p);
        free(cells);
        return NULL;
    }
    p->cells = cells;
    p->length = length;
    return p;
}

/* The path of a walk at its stop cell: the stack read from the source,
 * written from the far end of cells so the stop cell comes first. */
static void
walk_path(const struct walk *w, uint32_t *cells, size_t length)
{
    const struct maze_grid *g = w->m->grid;
    uint32_t cur = w->source;
    cells[length - 1] = cur;
    if (maze__grid_is_rect(g)) {
        const int64_t step[4] = {1, g->width, -1, -(int64_t)g->width};
        for (size_t k = 0; k + 1 < length; k++) {
            cur = (uint32_t)(cur + step[w->stack[k] & 3]);
            cells[length - 2 - k] = cur;
        }
        return;
    }
    if (w->steps != NULL) {
        const struct stencil_steps *t = w->steps;
        uint32_t x, y, z;
        unsigned phase = maze__stencil_place(g, cur, &x, &y, &z);
        for (size_t k = 0; k + 1 < length; k++) {
            unsigned j = phase * STEPS + TAKEN(w->stack[k]);
            cur += t->cell[j];
            phase ^= t->flip[j];
            cells[length - 2 - k] = cur;
        }
        return;
    }
    for (size_t k = 0; k + 1 < length; k++) {
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        (void)maze__neighbors(g, cur, links);
        cur = links[DOWN(w->stack[k])].cell;
        cells[length - 2 - k] = cur;
    }
}

/*
 * The walk has entered its stop cell: keeps the path there, which is the
 * shortest one unless the walk meets a loop later (a loop further on
 * could join the path's cells by a shorter way), so the walk goes on,
 * unless the maze is known to be a tree (w->stop_early). False when
 * memory runs out.
 */
static bool
found(struct walk *w)
{
    /* On a maze with loops the walk may come to the stop again. */
    maze_path_destroy(w->path);
    w->path = path_alloc(w->depth + 1);
    if (w->path == NULL) {
        return false;
    }
    walk_path(w, w->path->cells, w->path->length);
    return true;
}

/* What entering a cell tells the walks of rectangles and stencils: go
 * on, stop at a loop, stop at the stop cell of a known tree, or fail. */
enum entered { ENTERED_ON, ENTERED_LOOPS, ENTERED_STOP, ENTERED_FAIL };

/* enter() where something happens: a loop, a report, the stop cell. */
static __attribute__((noinline)) enum entered
enter_event(struct walk *w, uint8_t *stack, size_t depth, uint64_t entered,
            uint32_t cells, uint32_t cur, uint32_t stop)
{
    if (entered > cells) {
        w->loops = true;
        return ENTERED_LOOPS;
    }
    if ((entered & (REPORT_EVERY - 1)) == 0 && report(w, entered)) {
        w->stack = stack;
        w->depth = depth;
        return ENTERED_FAIL;
    }
    if (cur == stop) {
        w->stack = stack;
        w->depth = depth;
        if (!found(w)) {
            return ENTERED_FAIL;
        }
        if (w->stop_early) {
            return ENTERED_STOP;
        }
    }
    return ENTERED_ON;
}

/* The walk has entered cur, the entered-th cell, at depth: counts it
 * against the grid's cells (more: a loop), reports progress, keeps the
 * path if cur is the stop cell. The walk's stack and depth are in its
 * locals; they are stored wherever they are read. cells: the grid's, kept
 * in a register by the caller (the stack's stores may alias the grid). */
static inline __attribute__((always_inline)) enum entered
enter(struct walk *w, uint8_t *stack, size_t depth, uint64_t entered,
      uint32_t cells, uint32_t cur, uint32_t stop)
{
    if (__builtin_expect(entered <= cells &&
                             (entered & (REPORT_EVERY - 1)) != 0 && cur != stop,
                         1)) {
        return ENTERED_ON;
    }
    return enter_event(w, stack, depth, entered, cells, cur, stop);
}

/* The open passages of rectangle cell c as bits 1 << direction, in the
 * order east, south, west, north (that of maze__neighbors()). A slot
 * that holds no edge is never open, so no coordinates are needed. */
static inline unsigned
rect_open(const uint64_t *bits, uint32_t w, uint32_t c)
{
    uint64_t e = 2 * (uint64_t)c;
    unsigned o = (unsigned)((bits[e >> 6] >> (e & 63)) & 3u);
    if (c > 0) {
        o |= (unsigned)((bits[(e - 2) >> 6] >> ((e - 2) & 63)) & 1u) << 2;
    }
    if (c >= w) {
        uint64_t n = e - 2 * (uint64_t)w + 1;
        o |= (unsigned)((bits[n >> 6] >> (n & 63)) & 1u) << 3;
    }
    return o;
}

/*
 * The walk on rectangles: bit tests and steps of +-1 and +-width, with
 * the walk's state in locals (stores through the byte stack could
 * otherwise alias it). Children are the open neighbours but the parent;
 * nothing marks a cell seen, since in a tree none is reached twice, and
 * a walk that enters more cells than the grid has has gone round a loop.
 * Each stack entry is the direction taken (low two bits) and the
 * directions still to take from the cell it was taken from (the next
 * four), so going back reads no passage bits.
 */
static bool
walk_rect(struct walk *w, uint32_t source, uint32_t stop,
          const struct maze__want *want)
{
    const struct maze_grid *g = w->m->grid;
    const uint64_t *bits = w->m->bits;
    const uint32_t width = g->width, cells = g->cells;
    const uint32_t last_row = cells - width;
    const int64_t step[4] = {1, width, -1, -(int64_t)width};
    static const int dx[4] = {1, 0, -1, 0};
    const bool any = want->pred == NULL && !want->boundary;
    uint8_t *stack = w->stack;
    size_t depth = 0, cap = w->cap, best_depth = 0;
    uint32_t cur = source, best = MAZE_NONE, x = source % width;
    uint64_t entered = 0;
    unsigned up = 0; /* the way back to the parent, as a bit */
    for (;;) {
        /* cur has just been entered. */
        enum entered on = enter(w, stack, depth, ++entered, cells, cur, stop);
        if (on == ENTERED_LOOPS) {
            break;
        }
        if (on != ENTERED_ON) {
            return on == ENTERED_STOP;
        }
        if (depth >= best_depth &&
            (any || ((!want->boundary || x == 0 || x + 1 == width ||
                      cur < width || cur >= last_row) &&
                     (want->pred == NULL || want->pred(g, cur, want->ctx))))) {
            best = cur;
            best_depth = depth;
        }
        unsigned ahead = rect_open(bits, width, cur) & ~up;
        while (ahead == 0 && depth > 0) {
            /* Back to the parent, to its next child. */
            unsigned e = stack[--depth], d = e & 3;
            cur = (uint32_t)(cur - step[d]);
            x -= (uint32_t)dx[d];
            ahead = e >> 2;
        }
        if (ahead == 0) {
            break; /* back at the source with nothing left */
        }
        unsigned d = (unsigned)__builtin_ctz(ahead);
        if (depth == cap) {
            w->stack = stack;
            w->cap = cap;
            if (!grow(w)) {
                return false;
            }
            stack = w->stack;
            cap = w->cap;
        }
        stack[depth++] = (uint8_t)(d | (ahead & (ahead - 1)) << 2);
        cur = (uint32_t)(cur + step[d]);
        x += (uint32_t)dx[d];
        up = 1u << ((d + 2) & 3);
    }
    w->stack = stack;
    w->depth = depth;
    w->best = best;
    w->best_depth = (uint32_t)best_depth;
    return true;
}

/* ---- The walk on grids with a stencil ----------------------------------- */

/* Fills t for g, which has a stencil; false when a step goes farther
 * than REACH along an axis. */
static bool
stencil_steps_init(struct stencil_steps *t, const struct maze_grid *g)
{
    const struct maze__stencil *s = g->stencil;
    memset(t, 0, sizeof(*t));
    t->slots = s->slots;
    t->size[0] = g->width;
    t->size[1] = g->height;
    t->size[2] = g->layers;
    for (unsigned f = 0; f < 2; f++) {
        t->valid[f] = (uint8_t)((1u << s->count[f]) - 1);
        for (unsigned i = 0; i < s->count[f]; i++) {
            const struct maze__stencil_step *u = &s->step[f][i];
            const int d[3] = {u->dx, u->dy, u->dz};
            unsigned j = f * STEPS + i;
            for (unsigned a = 0; a < 3; a++) {
                if (d[a] > REACH || d[a] < -REACH) {
                    return false;
                }
                uint32_t far = (uint32_t)(d[a] < 0 ? -d[a] : d[a]);
                t->pad = a < 2 && far > t->pad ? far : t->pad;
                for (int k = 0; k < REACH; k++) {
                    t->low[a][f][k] |= (uint8_t)((d[a] < -k) << i);
                    t->high[a][f][k] |= (uint8_t)((d[a] > k) << i);
                }
            }
            uint32_t step = (uint32_t)(u->dx + (int64_t)u->dy * g->width +
                                       (int64_t)u->dz * g->layer_cells);
            t->cell[j] = step;
            t->edge[j] = u->theirs ? s->slots * step + u->slot : u->slot;
            t->dx[j] = (uint32_t)u->dx;
            t->dy[j] = (uint32_t)u->dy;
            t->dz[j] = (uint32_t)u->dz;
            unsigned to = f ^ ((unsigned)(s->px * u->dx + s->py * u->dy) & 1u);
            t->flip[j] = (uint8_t)(f ^ to);
            for (unsigned k = 0; k < s->count[to]; k++) {
                const struct maze__stencil_step *v = &s->step[to][k];
                if (v->dx == -u->dx && v->dy == -u->dy && v->dz == -u->dz) {
                    t->back[j] = (uint8_t)k;
                }
            }
        }
    }
    t->xin = g->width > 2 * t->pad ? g->width - 2 * t->pad : 0;
    t->yin = g->height > 2 * t->pad ? g->height - 2 * t->pad : 0;
    return true;
}

/* The steps of a cell of phase `phase` at v along axis a that stay on
 * the grid that way. */
static inline unsigned
axis_on(const struct stencil_steps *t, unsigned a, unsigned phase, uint32_t v)
{
    unsigned on = 0xffu;
    uint32_t room = t->size[a] - 1 - v;
    if (v < REACH) {
        on &= ~(unsigned)t->low[a][phase][v];
    }
    if (room < REACH) {
        on &= ~(unsigned)t->high[a][phase][room];
    }
    return on;
}

/*
 * The open steps of the cell at x, y, z (of phase `phase`, whose first
 * slot is `own`) among its first n, as bits 1 << step: those that stay
 * on the grid and whose edge is open. A step off the grid has no edge,
 * and its slot may be anywhere, so it is not read. `layered`: the grid
 * has levels (else z is 0 and no step changes it).
 */
static inline __attribute__((always_inline)) unsigned
open_steps(const struct stencil_steps *t, const uint64_t *bits, uint32_t own,
           unsigned phase, uint32_t x, uint32_t y, uint32_t z, unsigned n,
           bool layered)
{
    const unsigned at = phase * STEPS, valid = t->valid[phase];
    unsigned on = valid;
    if (x - t->pad >= t->xin || y - t->pad >= t->yin) {
        on &= axis_on(t, 0, phase, x) & axis_on(t, 1, phase, y);
    }
    if (layered) {
        on &= axis_on(t, 2, phase, z);
    }
    unsigned mask = 0;
    if (on == valid) {
        /* Away from the grid's sides: every step, unrolled. */
        for (unsigned i = 0; i < n; i++) {
            uint32_t e = own + t->edge[at + i];
            mask |= (unsigned)((bits[e >> 6] >> (e & 63)) & 1u) << i;
        }
        return mask & valid;
    }
    /* Near a side: a step off the grid reads the cell's first slot
     * instead, and counts for nothing. */
    for (unsigned i = 0; i < n; i++) {
        uint32_t e = own + ((on >> i) & 1u ? t->edge[at + i] : 0);
        mask |= (unsigned)((bits[e >> 6] >> (e & 63)) & 1u) << i;
    }
    return mask & on;
}

/*
 * Whether the walk wants cell, at x, y of its level, when it wants more
 * than any cell: wanted(), with the cells away from the first and last
 * columns and rows known to be off the boundary (maze__grid_inside())
 * from the walk's own x and y, and so, when it wants boundary cells, not
 * asked of pred (which accepts no other, see maze__want), as walk_rect()
 * does.
 */
static inline bool
stencil_wanted(const struct maze__want *want, const struct maze_grid *g,
               uint32_t cell, uint32_t x, uint32_t y)
{
    if (want->boundary && x - 1 < g->width - 2 && y - 1 < g->height - 2) {
        return false;
    }
    if (want->pred != NULL) {
        return want->pred(g, cell, want->ctx);
    }
    return maze__grid_opening(g, cell, false, MAZE_NONE) != MAZE_NONE;
}

/*
 * The walk on grids with a stencil, as walk_rect() on rectangles: each
 * cell's steps from the stencil's data, in the order of its neighbours
 * (maze__neighbors() gives the stencil's order), so the walk and its
 * answers are walk_any()'s. It keeps x, y, z and the phase as it goes,
 * so a step is additions and a bit read, with no division and no bounds
 * test away from the grid's sides; each stack entry holds the way back,
 * and a parent with no other way on is gone back through unread. n: the
 * most steps of a phase, and `layered`, constants where inlined so the
 * reads unroll and a grid without levels keeps no z.
 */
static inline __attribute__((always_inline)) bool
walk_stencil_n(struct walk *w, const struct stencil_steps *t, uint32_t source,
               uint32_t stop, const struct maze__want *want, unsigned n,
               bool layered)
{
    const struct maze_grid *g = w->m->grid;
    const uint64_t *bits = w->m->bits;
    const uint32_t cells = g->cells, slots = t->slots;
    const bool any = want->pred == NULL && !want->boundary;
    uint8_t *stack = w->stack;
    size_t depth = 0, cap = w->cap, best_depth = 0;
    uint32_t cur = source, best = MAZE_NONE, x, y, z;
    unsigned phase = maze__stencil_place(g, source, &x, &y, &z);
    uint64_t entered = 0;
    unsigned up = 0; /* the step back to the parent, as a bit */
    for (;;) {
        /* cur has just been entered. */
        enum entered on = enter(w, stack, depth, ++entered, cells, cur, stop);
        if (on == ENTERED_LOOPS) {
            break;
        }
        if (on != ENTERED_ON) {
            return on == ENTERED_STOP;
        }
        if (depth >= best_depth &&
            (any || stencil_wanted(want, g, cur, x, y))) {
            best = cur;
            best_depth = depth;
        }
        unsigned ahead =
            open_steps(t, bits, slots * cur, phase, x, y, z, n, layered) & ~up;
        while (ahead == 0 && depth > 0) {
            /* Back to the parent; to its next child, if it has one. */
            unsigned e = stack[--depth], j = phase * STEPS + BACK(e);
            cur += t->cell[j];
            x += t->dx[j];
            y += t->dy[j];
            z += layered ? t->dz[j] : 0;
            phase ^= t->flip[j];
            if (e & MORE) {
                unsigned back = depth > 0 ? 1u << BACK(stack[depth - 1]) : 0;
                ahead = open_steps(t, bits, slots * cur, phase, x, y, z, n,
                                   layered) &
                        ~back & ~((2u << TAKEN(e)) - 1);
            }
        }
        if (ahead == 0) {
            break; /* back at the source with nothing left */
        }
        if (depth == cap) {
            w->stack = stack;
            w->cap = cap;
            if (!grow(w)) {
                return false;
            }
            stack = w->stack;
            cap = w->cap;
        }
        unsigned d = (unsigned)__builtin_ctz(ahead);
        unsigned j = phase * STEPS + d;
        bool more = (ahead & (ahead - 1)) != 0;
        stack[depth++] = (uint8_t)(d | t->back[j] << 3 | (more ? MORE : 0));
        cur += t->cell[j];
        x += t->dx[j];
        y += t->dy[j];
        z += layered ? t->dz[j] : 0;
        phase ^= t->flip[j];
        up = 1u << t->back[j];
    }
    w->stack = stack;
    w->depth = depth;
    w->best = best;
    w->best_depth = (uint32_t)best_depth;
    return true;
}

/* The walk on grids with a stencil, unrolled for the most steps a phase
 * of the grid's has; t: the grid's steps. */
static bool
walk_stencil(struct walk *w, const struct stencil_steps *t, uint32_t source,
             uint32_t stop, const struct maze__want *want)
{
    const struct maze__stencil *s = w->m->grid->stencil;
    unsigned most = s->count[0] > s->count[1] ? s->count[0] : s->count[1];
    bool ok;
    w->steps = t;
    if (s->layered && most <= 6) {
        ok = walk_stencil_n(w, t, source, stop, want, 6, true);
    } else if (s->layered) {
        ok = walk_stencil_n(w, t, source, stop, want, STEPS, true);
    } else if (most <= 4) {
        ok = walk_stencil_n(w, t, source, stop, want, 4, false);
    } else if (most <= 6) {
        ok = walk_stencil_n(w, t, source, stop, want, 6, false);
    } else {
        ok = walk_stencil_n(w, t, source, stop, want, STEPS, false);
    }
    w->steps = NULL;
    return ok;
}

/* The index of the link through edge among n links, or n. */
static unsigned
link_index(const struct maze_link *links, unsigned n, uint32_t edge)
{
    unsigned i = 0;
    while (i < n && links[i].edge != edge) {
        i++;
    }
    return i;
}

/*
 * The neighbours of the cells on the last FRAMES steps of the walk's
 * path (fewer on a grid of fewer cells), each in the slot of its depth
 * mod their number, so going back to a cell seldom asks the grid for them
 * again (a few hundred kilobytes at most, whatever the grid's size).
 */
#define FRAMES 2048

struct frame {
    size_t depth; /* of the cell whose neighbours these are */
    uint32_t cell;
    unsigned n;
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
};

/* The frame of cell at depth: kept, or asked for anew. */
static struct frame *
frame_at(struct frame *frames, size_t mask, const struct maze_grid *g,
         uint32_t cell, size_t depth)
{
    struct frame *f = &frames[depth & mask];
    if (f->depth != depth || f->cell != cell) {
        f->depth = depth;
        f->cell = cell;
        f->n = maze__neighbors(g, cell, f->links);
    }
    return f;
}

/* The walk through the grid interface (walk_any()) with its frames. */
static bool
walk_frames(struct walk *w, uint32_t source, uint32_t stop,
            const struct maze__want *want, struct frame *frames, size_t mask)
{
    const struct maze *m = w->m;
    const struct maze_grid *g = m->grid;
    for (size_t k = 0; k <= mask; k++) {
        frames[k].depth = SIZE_MAX;
    }
    uint32_t cur = source, via = MAZE_NONE; /* the edge cur was entered by */
    uint64_t entered = 0;
    for (;;) {
        /* cur has just been entered, at w->depth. */
        struct frame *f = &frames[w->depth & mask];
        f->depth = SIZE_MAX; /* a cell entered anew: ask the grid */
        f = frame_at(frames, mask, g, cur, w->depth);
        if (++entered > g->cells) {
            w->loops = true;
            return true;
        }
        if ((entered & (REPORT_EVERY - 1)) == 0 && report(w, entered)) {
            return false;
        }
        unsigned up = MAZE_GRID_MAX_DEGREE; /* none: the source */
        if (w->depth > 0) {
            up = link_index(f->links, f->n, via);
            w->stack[w->depth - 1] |= (uint8_t)(up << 4);
        }
        if (cur == stop) {
            if (!found(w)) {
                return false;
            }
            if (w->stop_early) {
                return true;
            }
        }
        if (w->depth >= w->best_depth && wanted(want, g, cur)) {
            w->best = cur;
            w->best_depth = (uint32_t)w->depth;
        }
        unsigned i = 0;
        for (;;) {
            while (i < f->n &&
                   (i == up || !maze__is_open(m, f->links[i].edge))) {
                i++;
            }
            if (i < f->n) {
                break;
            }
            if (w->depth == 0) {
                return true;
            }
            /* Back to the parent, to its next child. */
            uint8_t e = w->stack[--w->depth];
            cur = f->links[UP(e)].cell;
            f = frame_at(frames, mask, g, cur, w->depth);
            up = w->depth > 0 ? UP(w->stack[w->depth - 1])
                              : MAZE_GRID_MAX_DEGREE;
            i = DOWN(e) + 1;
        }
        if (w->depth == w->cap && !grow(w)) {
            return false;
        }
        w->stack[w->depth++] = (uint8_t)i;
        via = f->links[i].edge;
        cur = f->links[i].cell;
    }
}

/* The walk through the grid interface, for every other kind; as
 * walk_rect(), with both indices of each step on the stack. Memory
 * runs out: false. */
static bool
walk_any(struct walk *w, uint32_t source, uint32_t stop,
         const struct maze__want *want)
{
    /* A power of two, no more than the depths the walk can reach (the
     * grid's cells and one) need: small grids walk without a big table. */
    size_t n = 1;
    while (n < FRAMES && n < (size_t)w->m->grid->cells + 2) {
        n *= 2;
    }
    struct frame *frames = malloc(n * sizeof(*frames));
    if (frames == NULL) {
        return false;
    }
    bool ok = walk_frames(w, source, stop, want, frames, n - 1);
    free(frames);
    return ok;
}

/*
 * Walks from source until back with nothing left, or to stop on a known
 * tree (w->stop_early), keeping the path to stop (MAZE_NONE: none) when
 * it is entered. False when memory runs out; w->loops when the walk met
 * a loop and its findings mean nothing.
 */
static bool
walk_run(struct walk *w, const struct maze *m, uint32_t source, uint32_t stop,
         const struct maze__want *want)
{
    w->m = m;
    w->source = source;
    w->path = NULL;
    w->cap = 4096;
    w->stack = malloc(w->cap);
    w->depth = 0;
    w->best = MAZE_NONE;
    w->best_depth = 0;
    w->stop_early = m->tree && stop != MAZE_NONE;
    /* As many passages as cells or more: the maze has a loop, most likely
     * where the walk would go, and finding it would take a walk of more
     * cells than the grid has; so straight to breadth-first search,
     * whose answers are the same (one pass over the passage bits). */
    w->loops = !m->tree && maze_passage_count(m) >= m->grid->cells;
    if (w->loops) {
        return true;
    }
    if (w->stack == NULL) {
        return false;
    }
    if (maze__grid_is_rect(m->grid)) {
        return walk_rect(w, source, stop, want);
    }
    struct stencil_steps t;
    if (m->grid->stencil != NULL && stencil_steps_init(&t, m->grid)) {
        return walk_stencil(w, &t, source, stop, want);
    }
    return walk_any(w, source, stop, want);
}

static void
walk_finish(struct walk *w)
{
    maze_path_destroy(w->path);
    free(w->stack);
}

/* ---- Breadth-first search, for mazes with loops ------------------------- */

struct bfs {
    /* Per cell, 0 when unreached, else 1 + distance mod 3; four a byte. */
    uint8_t *tag;
    /* A ring of cells, head first, `count` of `cap` slots in use. */
    uint32_t *ring;
    size_t head, count, cap;
};

static unsigned
tag_of(const uint8_t *t, uint32_t c)
{
    return (t[c >> 2] >> (2 * (c & 3))) & 3u;
}

static void
tag_set(uint8_t *t, uint32_t c, uint32_t dist)
{
    t[c >> 2] |= (uint8_t)((1 + dist % 3) << (2 * (c & 3)));
}

static bool
enqueue(struct bfs *b, uint32_t cells, uint32_t c)
{
    if (b->count == b->cap) {
        /* Each cell is queued once: cells slots always suffice. */
        size_t cap = b->cap < cells / 2 ? 2 * b->cap : cells;
        uint32_t *r = realloc(b->ring, cap * sizeof(uint32_t));
        if (r == NULL) {
            return false;
        }
        /* The run from head to the old end moves to the new end. */
        size_t tail_run = b->cap - b->head;
        if (b->head > 0) {
            memmove(r + cap - tail_run, r + b->head,
                    tail_run * sizeof(uint32_t));
            b->head = cap - tail_run;
        }
        b->ring = r;
        b->cap = cap;
    }
    size_t at = b->head + b->count;
    b->ring[at >= b->cap ? at - b->cap : at] = c;
    b->count++;
    return true;
}

static uint32_t
dequeue(struct bfs *b)
{
    uint32_t c = b->ring[b->head];
    b->head = b->head + 1 == b->cap ? 0 : b->head + 1;
    b->count--;
    return c;
}

/*
 * Searches from source until stop is dequeued (MAZE_NONE: everywhere).
 * *best: the last wanted cell reached, at *best_dist (want NULL: the stop
 * cell). MAZE_OK or MAZE_ERR_NOMEM; b->tag stays for the walk back.
 */
static int
bfs_run(struct bfs *b, const struct maze *m, uint32_t source, uint32_t stop,
        const struct maze__want *want, uint32_t *best, uint32_t *best_dist)
{
    const struct maze_grid *g = m->grid;
    b->tag = calloc(((size_t)g->cells + 3) / 4, 1);
    b->cap = 1024 < g->cells ? 1024 : g->cells;
    b->ring = malloc(b->cap * sizeof(uint32_t));
    b->head = b->count = 0;
    if (b->tag == NULL || b->ring == NULL) {
        return MAZE_ERR_NOMEM;
    }
    *best = MAZE_NONE;
    *best_dist = 0;
    tag_set(b->tag, source, 0);
    (void)enqueue(b, g->cells, source);
    if (want != NULL && wanted(want, g, source)) {
        *best = source;
    }
    /* Cells left to dequeue at distance `dist`, and queued at dist + 1. */
    size_t level = 1, following = 0;
    uint32_t dist = 0;
    while (b->count > 0) {
        uint32_t cur = dequeue(b);
        if (cur == stop) {
            *best = cur;
            *best_dist = dist;
            break;
        }
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        unsigned n = maze__neighbors(g, cur, links);
        for (unsigned i = 0; i < n; i++) {
            uint32_t c = links[i].cell;
            if (tag_of(b->tag, c) == 0 && maze__is_open(m, links[i].edge)) {
                tag_set(b->tag, c, dist + 1);
                if (!enqueue(b, g->cells, c)) {
                    return MAZE_ERR_NOMEM;
                }
                following++;
                if (want != NULL && wanted(want, g, c)) {
                    *best = c;
                    *best_dist = dist + 1;
                }
            }
        }
        if (--level == 0) {
            level = following;
            following = 0;
            dist++;
        }
    }
    return MAZE_OK;
}

static void
bfs_finish(struct bfs *b)
{
    free(b->tag);
    free(b->ring);
}

/* ---- The searches ------------------------------------------------------ */

int
maze__search_far(const struct maze *maze, uint32_t source,
                 const struct maze__want *want,
                 const struct maze_progress *progress, uint64_t done,
                 uint64_t total, uint32_t *cell, uint32_t *dist)
{
    struct walk w = {
        .progress =
            progress != NULL && progress->report != NULL ? progress : NULL,
        .done = done,
        .total = total,
    };
    bool ok = walk_run(&w, maze, source, MAZE_NONE, want);
    bool loops = w.loops, cancelled = w.cancelled;
    *cell = w.best;
    *dist = w.best_depth;
    walk_finish(&w);
    if (!ok) {
        return cancelled ? MAZE_ERR_CANCELLED : MAZE_ERR_NOMEM;
    }
    if (!loops) {
        return MAZE_OK;
    }
    struct bfs b = {0};
    int rc = bfs_run(&b, maze, source, MAZE_NONE, want, cell, dist);
    bfs_finish(&b);
    return rc;
}

/* The path of a search that reached `from` from `to` at distance dist:
 * at each step, the first open neighbour one nearer `to`. */
static void
bfs_path(const struct bfs *b, const struct maze *m, uint32_t from,
         uint32_t dist, uint32_t *cells)
{
    const struct maze_grid *g = m->grid;
    uint32_t cur = from;
    cells[0] = cur;
    for (uint32_t d = dist; d > 0; d--) {
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        unsigned n = maze__neighbors(g, cur, links);
        for (unsigned j = 0; j < n; j++) {
            if (tag_of(b->tag, links[j].cell) == 1 + (d - 1) % 3 &&
                maze__is_open(m, links[j].edge)) {
                cur = links[j].cell;
                break;
            }
        }
        cells[dist - d + 1] = cur;
    }
}

int
maze__search_path(const struct maze *maze, uint32_t from, uint32_t to,
                  struct maze_path **out)
{
    /* Search from the finish so the way back from the start comes out in
     * order, start first. */
    static const struct maze__want any = {0};
    struct walk w = {0};
    *out = NULL;
    bool ok = walk_run(&w, maze, to, from, &any);
    bool loops = w.loops;
    struct maze_path *path = w.path;
    w.path = NULL;
    walk_finish(&w);
    if (ok && !loops) {
        *out = path;
        return path != NULL ? MAZE_OK : MAZE_ERR_RANGE;
    }
    maze_path_destroy(path);
    if (!ok) {
        return MAZE_ERR_NOMEM;
    }
    struct bfs b = {0};
    uint32_t reached, dist;
    int rc = bfs_run(&b, maze, to, from, NULL, &reached, &dist);
    if (rc == MAZE_OK && reached != from) {
        rc = MAZE_ERR_RANGE;
    }
    if (rc == MAZE_OK && (*out = path_alloc((size_t)dist + 1)) == NULL) {
        rc = MAZE_ERR_NOMEM;
    }
    if (rc == MAZE_OK) {
        bfs_path(&b, maze, from, dist, (*out)->cells);
    }
    bfs_finish(&b);
    return rc;
}
