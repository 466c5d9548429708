/* SPDX-License-Identifier: MIT */
/*
 * Maze metrics through the grid interface only, so they mean the same on
 * every grid kind. Directions (for straight runs and turns) come from cell
 * centres: two steps are collinear when their centre-to-centre vectors
 * point the same way. One pass over the cells for degrees, one over the
 * passages for runs, and each dead-end branch walked once.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "core/options.h"
#include "core/status_impl.h"
#include <mazegen/metrics.h>
#include <mazegen/status.h>

/* The open links of a cell; returns how many. */
static unsigned
open_links(const struct maze *m, uint32_t cell, struct maze_link *out)
{
    struct maze_link all[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze__neighbors(m->grid, cell, all), k = 0;
    for (unsigned i = 0; i < n; i++) {
        if (maze__is_open(m, all[i].edge)) {
            out[k++] = all[i];
        }
    }
    return k;
}

/* Whether the steps a->b and b->c go the same way. */
static bool
collinear(const struct maze_grid *g, uint32_t a, uint32_t b, uint32_t c)
{
    struct maze_point pa = maze_grid_cell_center(g, a);
    struct maze_point pb = maze_grid_cell_center(g, b);
    struct maze_point pc = maze_grid_cell_center(g, c);
    double ux = pb.x - pa.x, uy = pb.y - pa.y;
    double vx = pc.x - pb.x, vy = pc.y - pb.y;
    double cross = ux * vy - uy * vx, dot = ux * vx + uy * vy;
    return dot > 0 && fabs(cross) <= 1e-9 * (fabs(dot) + 1);
}

/* Whether a passage from a into via goes on straight past via. */
static bool
continues(const struct maze *m, uint32_t a, uint32_t via)
{
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    unsigned n = open_links(m, via, links);
    for (unsigned i = 0; i < n; i++) {
        if (links[i].cell != a && collinear(m->grid, a, via, links[i].cell)) {
            return true;
        }
    }
    return false;
}

static void
count_cells(const struct maze *m, struct maze_metrics *out)
{
    const struct maze_grid *g = m->grid;
    uint64_t ends = 0;
    for (uint32_t c = 0; c < g->cells; c++) {
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        unsigned n = open_links(m, c, links);
        out->dead_ends += n == 1;
        out->junctions3 += n == 3;
        out->junctions4 += n >= 4;
        for (unsigned i = 0; i < n; i++) {
            if (links[i].cell < c) {
                continue; /* each passage once, from its lower cell */
            }
            out->passages++;
            out->by_class[maze__edge_class(g, links[i].edge)]++;
            out->tunnels += g->ops->under != NULL &&
                            g->ops->under(g, links[i].edge) != MAZE_NONE;
            /* The passages at the two ends of a run of two or more go
             * straight on at one end only; counting those ends and halving
             * needs no notion of which way a run is read. */
            ends += continues(m, c, links[i].cell) !=
                    continues(m, links[i].cell, c);
        }
    }
    out->straight_runs = ends / 2;
}

/* Walks each dead end's corridor back to the first junction. */
static void
count_branches(const struct maze *m, struct maze_metrics *out)
{
    const struct maze_grid *g = m->grid;
    for (uint32_t c = 0; c < g->cells; c++) {
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        if (c == m->start || c == m->finish || open_links(m, c, links) != 1) {
            continue;
        }
        uint32_t prev = c, cur = links[0].cell;
        uint64_t length = 1;
        for (;;) {
            unsigned n = open_links(m, cur, links);
            if (n != 2 || cur == m->start || cur == m->finish) {
                break; /* a junction, the other end, or an endpoint */
            }
            uint32_t next =
                links[0].cell == prev ? links[1].cell : links[0].cell;
            prev = cur;
            cur = next;
            length++;
        }
        out->branches++;
        out->branch_length += length;
    }
}

static void
measure_solution(const struct maze *m, const struct maze_path *p,
                 struct maze_metrics *out)
{
    out->solution_cells = p->length;
    for (size_t i = 0; i + 1 < p->length; i++) {
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        unsigned n = open_links(m, p->cells[i], links);
        /* Choices: open sides other than the way in. */
        unsigned choices = i == 0 ? n : n - 1;
        out->decisions += choices >= 2;
        if (i > 0 && !collinear(m->grid, p->cells[i - 1], p->cells[i],
                                p->cells[i + 1])) {
            out->solution_turns++;
        }
    }
}

/*
 * The cells of the shortest crossing winding is measured against:
 * width + height - 1, corner to corner, on the kinds whose mazes run
 * across; on a kind that leads to a goal (a circle's centre), the cells of
 * the shortest route from the start to the finish with every wall open
 * (from the outer ring to the centre, the rings plus the centre), since
 * its width and height are not lengths. 0 when memory runs out.
 */
static uint64_t
crossing(const struct maze *m)
{
    const struct maze_grid *g = m->grid;
    if (maze__grid_is_rect(g) || g->kind->goal == NULL) {
        return (uint64_t)g->width + g->height - 1;
    }
    uint32_t *dist = malloc((size_t)g->cells * sizeof(*dist));
    uint32_t *queue = malloc((size_t)g->cells * sizeof(*queue));
    uint64_t found = 0;
    if (dist != NULL && queue != NULL) {
        for (uint32_t c = 0; c < g->cells; c++) {
            dist[c] = UINT32_MAX;
        }
        size_t head = 0, tail = 0;
        dist[m->start] = 0;
        queue[tail++] = m->start;
        while (head < tail && found == 0) {
            uint32_t c = queue[head++];
            if (c == m->finish) {
                found = (uint64_t)dist[c] + 1;
                break;
            }
            struct maze_link links[MAZE_GRID_MAX_DEGREE];
            unsigned n = maze__neighbors(g, c, links);
            for (unsigned i = 0; i < n; i++) {
                if (dist[links[i].cell] == UINT32_MAX) {
                    dist[links[i].cell] = dist[c] + 1;
                    queue[tail++] = links[i].cell;
                }
            }
        }
    }
    free(dist);
    free(queue);
    return found;
}

static int measure(const struct maze *maze, struct maze_metrics *out);

int
maze_measure(const struct maze *maze, struct maze_metrics *given)
{
    maze__detail_clear();
    if (maze == NULL || given == NULL) {
        return MAZE_ERR_INVALID;
    }
    size_t size = maze__options_out_size(
        given, sizeof(*given), MAZE__SIZE_THROUGH(struct maze_metrics, tunnels),
        "maze_metrics", "MAZE_METRICS_INIT");
    if (size == 0) {
        return MAZE_ERR_INVALID;
    }
    struct maze_metrics full;
    int rc = measure(maze, &full);
    if (rc == MAZE_OK) {
        /* The members the caller has; its struct_size stays. */
        memcpy((char *)given + sizeof(size_t), (char *)&full + sizeof(size_t),
               size - sizeof(size_t));
    }
    return rc;
}

/* maze_measure() into a struct of this library's size. */
static int
measure(const struct maze *maze, struct maze_metrics *out)
{
    *out = (struct maze_metrics){
        .struct_size = sizeof(struct maze_metrics),
        .cells = maze->grid->cells,
        .crossing = crossing(maze),
    };
    if (out->crossing == 0) {
        return MAZE_ERR_NOMEM;
    }
    count_cells(maze, out);
    count_branches(maze, out);
    struct maze_path *path = NULL;
    int rc = maze_solve(maze, &path);
    if (rc == MAZE_ERR_RANGE) {
        return MAZE_OK; /* finish unreachable: no solution to measure */
    }
    if (rc != MAZE_OK) {
        return rc;
    }
    measure_solution(maze, path, out);
    maze_path_destroy(path);
    return MAZE_OK;
}
