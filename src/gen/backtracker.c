/*
 * The recursive backtracker, without recursion: a depth-first walk that
 * carves into a random unvisited neighbour and backs up when stuck.
 *
 * The explicit stack does not hold cells. Each entry is the index, in the
 * current cell's neighbour list, of the cell we came from: three bits that
 * lead back one step. Entries are packed two to a byte, so even a stack as
 * deep as the maze (a 10000 x 10000 corridor) costs half a byte per cell,
 * and together with the visited bits and the passages the whole carve stays
 * under one byte per cell.
 */
#include <stdlib.h>

#include "core/checked.h"
#include "gen/gen.h"
#include <mazegen/status.h>

struct nibble_stack {
    uint8_t *data;
    size_t depth;
    size_t capacity; /* in entries */
    size_t limit;    /* the deepest the stack can get, in entries */
};

static int
push(struct nibble_stack *s, unsigned value)
{
    if (s->depth == s->capacity) {
        size_t cap = s->capacity ? s->capacity * 2 : 4096;
        /* Doubling past the deepest possible stack could cost up to a
         * byte per cell; never grow beyond it. */
        if (cap > s->limit) {
            cap = s->limit;
        }
        uint8_t *d = realloc(s->data, (cap + 1) / 2);
        if (d == NULL) {
            return MAZE_ERR_NOMEM;
        }
        s->data = d;
        s->capacity = cap;
    }
    size_t i = s->depth++;
    uint8_t shift = (uint8_t)((i & 1) * 4);
    s->data[i / 2] =
        (uint8_t)((s->data[i / 2] & ~(0xfu << shift)) | (value << shift));
    return MAZE_OK;
}

static unsigned
pop(struct nibble_stack *s)
{
    size_t i = --s->depth;
    return (s->data[i / 2] >> ((i & 1) * 4)) & 0xfu;
}

static int
carve_backtracker(struct maze__carve *ctx)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    uint64_t *visited = maze__alloc_array((g->cells + 63) / 64, 8, true);
    if (visited == NULL) {
        return MAZE_ERR_NOMEM;
    }
    /* Every cell but the first is pushed at most once. */
    struct nibble_stack stack = {.limit = g->cells};
    int rc = MAZE_OK;

    uint32_t cur = maze__rng_below32(&ctx->rng, g->cells);
    visited[cur >> 6] |= (uint64_t)1 << (cur & 63);
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze__neighbors(g, cur, links);
    for (;;) {
        uint32_t cand_edge[MAZE_GRID_MAX_DEGREE];
        uint32_t cand_cell[MAZE_GRID_MAX_DEGREE];
        unsigned k = 0;
        for (unsigned i = 0; i < n; i++) {
            uint32_t c = links[i].cell;
            if (!((visited[c >> 6] >> (c & 63)) & 1u)) {
                cand_edge[k] = links[i].edge;
                cand_cell[k++] = c;
            }
        }
        if (k == 0) {
            if (stack.depth == 0) {
                break;
            }
            cur = links[pop(&stack)].cell;
            n = maze__neighbors(g, cur, links);
            continue;
        }
        unsigned pick = k == 1 ? 0 : maze__pick_weighted(ctx, cand_edge, k);
        uint32_t next = cand_cell[pick];
        maze__open(m, cand_edge[pick]);
        visited[next >> 6] |= (uint64_t)1 << (next & 63);
        n = maze__neighbors(g, next, links);
        unsigned back = 0;
        while (links[back].cell != cur) {
            back++;
        }
        rc = push(&stack, back);
        if (rc != MAZE_OK) {
            break;
        }
        cur = next;
    }
    free(stack.data);
    free(visited);
    return rc;
}

const struct maze__algorithm maze__gen_backtracker = {
    .info =
        {
            .name = "backtracker",
            .description = "recursive backtracker: depth-first search with an "
                           "explicit stack; long winding corridors",
            .grid_kinds = MAZE_KIND_BIT(MAZE_GRID_RECT),
            .streamable = false,
            .perfect = true,
        },
    .carve = carve_backtracker,
};
