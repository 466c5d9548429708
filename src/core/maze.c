/* SPDX-License-Identifier: MIT */
/*
 * The maze object: a borrowed grid, one bit per edge slot, endpoints with
 * their openings, and provenance.
 */
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include <mazegen/status.h>

int
maze_create(const struct maze_grid *grid, struct maze **out)
{
    if (out == NULL) {
        return MAZE_ERR_INVALID;
    }
    *out = NULL;
    if (grid == NULL) {
        return MAZE_ERR_INVALID;
    }
    struct maze *m = calloc(1, sizeof(*m));
    if (m == NULL) {
        return MAZE_ERR_NOMEM;
    }
    m->grid = grid;
    m->words = ((size_t)grid->edge_slots + 63) / 64;
    m->bits = maze__alloc_array(m->words, sizeof(uint64_t), true);
    if (m->bits == NULL) {
        free(m);
        return MAZE_ERR_NOMEM;
    }
    (void)maze_set_endpoints(m, 0, grid->cells - 1);
    *out = m;
    return MAZE_OK;
}

void
maze_destroy(struct maze *maze)
{
    if (maze == NULL) {
        return;
    }
    free(maze->bits);
    free(maze);
}

const struct maze_grid *
maze_grid(const struct maze *maze)
{
    return maze->grid;
}

void
maze_clear(struct maze *maze)
{
    memset(maze->bits, 0, maze->words * sizeof(uint64_t));
    maze->tree = false;
}

bool
maze_is_open(const struct maze *maze, uint32_t edge)
{
    return edge < maze->grid->edge_slots && maze__is_open(maze, edge);
}

void
maze_set_open(struct maze *maze, uint32_t edge, bool open)
{
    if (!maze_grid_edge_exists(maze->grid, edge)) {
        return;
    }
    uint64_t bit = (uint64_t)1 << (edge & 63);
    maze->tree = false;
    if (open) {
        maze->bits[edge >> 6] |= bit;
    } else {
        maze->bits[edge >> 6] &= ~bit;
    }
}

uint64_t
maze_passage_count(const struct maze *maze)
{
    uint64_t n = 0;
    for (size_t i = 0; i < maze->words; i++) {
        n += (uint64_t)__builtin_popcountll(maze->bits[i]);
    }
    return n;
}

int
maze_set_endpoints(struct maze *maze, uint32_t start, uint32_t finish)
{
    const struct maze_grid *g = maze->grid;
    if (start >= g->cells || finish >= g->cells) {
        return MAZE_ERR_RANGE;
    }
    maze->start = start;
    maze->finish = finish;
    maze->start_opening = maze__grid_opening(g, start, false, MAZE_NONE);
    maze->finish_opening = maze__grid_opening(
        g, finish, true, start == finish ? maze->start_opening : MAZE_NONE);
    return MAZE_OK;
}

/* Whether side is MAZE_NONE or a boundary side of cell. */
static bool
opening_ok(const struct maze_grid *g, uint32_t cell, unsigned side)
{
    if (side == MAZE_NONE) {
        return true;
    }
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    unsigned n = g->ops->cell_sides(g, cell, sides);
    return side < n && sides[side].edge == MAZE_NONE;
}

int
maze_set_openings(struct maze *maze, unsigned start_side, unsigned finish_side)
{
    if (maze == NULL) {
        return MAZE_ERR_INVALID;
    }
    if (!opening_ok(maze->grid, maze->start, start_side) ||
        !opening_ok(maze->grid, maze->finish, finish_side)) {
        return MAZE_ERR_RANGE;
    }
    maze->start_opening = start_side;
    maze->finish_opening = finish_side;
    return MAZE_OK;
}

uint32_t
maze_start(const struct maze *maze)
{
    return maze->start;
}

uint32_t
maze_finish(const struct maze *maze)
{
    return maze->finish;
}

unsigned
maze_start_opening(const struct maze *maze)
{
    return maze->start_opening;
}

unsigned
maze_finish_opening(const struct maze *maze)
{
    return maze->finish_opening;
}

const struct maze_provenance *
maze_provenance(const struct maze *maze)
{
    return &maze->provenance;
}

void
maze_set_provenance(struct maze *maze, const struct maze_provenance *p)
{
    maze->provenance = *p;
    maze->provenance.algorithm[sizeof(maze->provenance.algorithm) - 1] = '\0';
    maze->provenance.params[sizeof(maze->provenance.params) - 1] = '\0';
}

void
maze__provenance_append(struct maze_provenance *p, const char *token)
{
    size_t used = strlen(p->params), n = strlen(token);
    if (used + (used > 0) + n >= sizeof(p->params)) {
        return;
    }
    if (used > 0) {
        p->params[used++] = ' ';
    }
    memcpy(p->params + used, token, n + 1);
}
