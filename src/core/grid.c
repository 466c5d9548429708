/*
 * Grid dispatch: every public maze_grid_* question goes through the kind's
 * operation table, and grids are made only from the kind registry, so
 * adding a kind touches no caller. Sizes are checked against the kind's
 * declared limits here, once, before anything is allocated.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/grid_impl.h"
#include <mazegen/mask.h>
#include <mazegen/status.h>

size_t
maze_grid_kind_count(void)
{
    return maze__grid_kind_total;
}

const struct maze_grid_kind *
maze_grid_kind_at(size_t index)
{
    return index < maze__grid_kind_total ? &maze__grid_kinds[index]->info
                                         : NULL;
}

const struct maze_grid_kind *
maze_grid_kind_find(const char *name)
{
    if (name == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < maze__grid_kind_total; i++) {
        const struct maze_grid_kind *k = &maze__grid_kinds[i]->info;
        if (strcmp(k->name, name) == 0) {
            return k;
        }
        for (size_t a = 0; a < 4 && k->aliases[a] != NULL; a++) {
            if (strcmp(k->aliases[a], name) == 0) {
                return k;
            }
        }
    }
    return NULL;
}

/* The private entry of a public kind (every kind is a registry entry). */
static const struct maze__grid_kind *
entry_of(const struct maze_grid_kind *kind)
{
    for (size_t i = 0; i < maze__grid_kind_total; i++) {
        if (&maze__grid_kinds[i]->info == kind) {
            return maze__grid_kinds[i];
        }
    }
    return NULL;
}

/* Applies defaults and limits; the sizes of the whole (unmasked) grid. */
static int
resolve_sizes(const struct maze__grid_kind *k,
              const struct maze_grid_params *p, uint32_t *size)
{
    for (int i = 0; i < MAZE_SIZE_COUNT; i++) {
        const struct maze_grid_size_info *s = &k->info.sizes[i];
        uint32_t v = p->size[i];
        if (s->meaning == NULL) {
            if (v != 0) {
                return MAZE_ERR_INVALID;
            }
            size[i] = 0;
            continue;
        }
        if (p->mask != NULL && i == MAZE_SIZE_WIDTH) {
            uint32_t mw = maze_mask_width(p->mask);
            if (v != 0 && v != mw) {
                return MAZE_ERR_INVALID;
            }
            v = mw;
        } else if (p->mask != NULL && i == MAZE_SIZE_HEIGHT) {
            uint32_t mh = maze_mask_height(p->mask);
            if (v != 0 && v != mh) {
                return MAZE_ERR_INVALID;
            }
            v = mh;
        }
        if (v == 0) {
            v = s->def;
        }
        if (v < s->min || v > s->max || v == 0) {
            return MAZE_ERR_RANGE;
        }
        size[i] = v;
    }
    return MAZE_OK;
}

int
maze_grid_measure(const struct maze_grid_kind *kind,
                  const struct maze_grid_params *params, uint64_t *cells,
                  uint64_t *edge_slots, uint64_t *bytes)
{
    const struct maze__grid_kind *k = entry_of(kind);
    if (k == NULL || params == NULL ||
        (params->mask != NULL && !kind->maskable)) {
        return MAZE_ERR_INVALID;
    }
    uint32_t size[MAZE_SIZE_COUNT];
    uint64_t whole, slots;
    int rc = resolve_sizes(k, params, size);
    if (rc == MAZE_OK) {
        rc = k->measure(size, &whole, &slots);
    }
    if (rc != MAZE_OK) {
        return rc;
    }
    if (whole == 0 || whole > MAZE_MAX_CELLS || slots > UINT32_MAX) {
        return MAZE_ERR_RANGE;
    }
    uint64_t kept = whole;
    uint64_t table = whole * kind->table_bytes_per_cell;
    if (params->mask != NULL) {
        kept = maze_mask_count(params->mask);
        if (kept == 0) {
            return MAZE_ERR_RANGE;
        }
        /* Our cells to the whole grid's and back, 4 bytes each. */
        table += 4 * whole + 4 * kept;
    }
    if (cells != NULL) {
        *cells = kept;
    }
    if (edge_slots != NULL) {
        *edge_slots = slots;
    }
    if (bytes != NULL) {
        *bytes = sizeof(struct maze_grid) * (params->mask ? 2 : 1) + table;
    }
    return MAZE_OK;
}

int
maze_grid_create(const struct maze_grid_kind *kind,
                 const struct maze_grid_params *params, struct maze_grid **out)
{
    if (out == NULL) {
        return MAZE_ERR_INVALID;
    }
    *out = NULL;
    uint64_t cells, slots;
    int rc = maze_grid_measure(kind, params, NULL, NULL, NULL);
    if (rc != MAZE_OK) {
        return rc;
    }
    const struct maze__grid_kind *k = entry_of(kind);
    struct maze_grid *g = calloc(1, sizeof(*g));
    if (g == NULL) {
        return MAZE_ERR_NOMEM;
    }
    (void)resolve_sizes(k, params, g->size);
    (void)k->measure(g->size, &cells, &slots);
    g->kind = k;
    g->ops = &k->ops;
    g->width = g->size[MAZE_SIZE_WIDTH];
    g->height = g->size[MAZE_SIZE_HEIGHT];
    g->cells = (uint32_t)cells;
    g->edge_slots = (uint32_t)slots;
    rc = k->init(g);
    if (rc != MAZE_OK) {
        free(g);
        return rc;
    }
    if (params->mask != NULL) {
        return maze__grid_mask(g, params->mask, out);
    }
    *out = g;
    return MAZE_OK;
}

int
maze_grid_create_rect(uint32_t width, uint32_t height, struct maze_grid **out)
{
    struct maze_grid_params p = {.size = {width, height}};
    return maze_grid_create(&maze__grid_rect.info, &p, out);
}

void
maze_grid_destroy(struct maze_grid *grid)
{
    if (grid == NULL) {
        return;
    }
    maze_grid_destroy(grid->base);
    if (grid->base == NULL && grid->kind->finish != NULL) {
        grid->kind->finish(grid);
    }
    free(grid->from_base);
    free(grid->to_base);
    free(grid);
}

const struct maze_grid_kind *
maze_grid_kind(const struct maze_grid *grid)
{
    return &grid->kind->info;
}

const char *
maze_grid_kind_name(const struct maze_grid *grid)
{
    return grid->kind->info.name;
}

uint32_t
maze_grid_size(const struct maze_grid *grid, enum maze_grid_size p)
{
    return (unsigned)p < MAZE_SIZE_COUNT ? grid->size[p] : 0;
}

bool
maze_grid_masked(const struct maze_grid *grid)
{
    return grid->base != NULL;
}

uint32_t
maze_grid_width(const struct maze_grid *grid)
{
    return grid->width;
}

uint32_t
maze_grid_height(const struct maze_grid *grid)
{
    return grid->height;
}

uint32_t
maze_grid_cell_count(const struct maze_grid *grid)
{
    return grid->cells;
}

uint32_t
maze_grid_edge_slots(const struct maze_grid *grid)
{
    return grid->edge_slots;
}

uint32_t
maze_grid_edge_count(const struct maze_grid *grid)
{
    return grid->edges;
}

bool
maze_grid_edge_exists(const struct maze_grid *grid, uint32_t edge)
{
    return edge < grid->edge_slots && grid->ops->edge_exists(grid, edge);
}

unsigned
maze_grid_neighbors(const struct maze_grid *grid, uint32_t cell,
                    struct maze_link *out)
{
    return grid->ops->neighbors(grid, cell, out);
}

void
maze_grid_edge_cells(const struct maze_grid *grid, uint32_t edge, uint32_t *a,
                     uint32_t *b)
{
    grid->ops->edge_cells(grid, edge, a, b);
}

uint32_t
maze_grid_edge_between(const struct maze_grid *grid, uint32_t a, uint32_t b)
{
    if (a >= grid->cells || b >= grid->cells) {
        return MAZE_NONE;
    }
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze__neighbors(grid, a, links);
    for (unsigned i = 0; i < n; i++) {
        if (links[i].cell == b) {
            return links[i].edge;
        }
    }
    return MAZE_NONE;
}

unsigned
maze_grid_edge_class(const struct maze_grid *grid, uint32_t edge)
{
    return grid->ops->edge_class(grid, edge);
}

int
maze_grid_cell_at(const struct maze_grid *grid, const uint32_t *coords,
                  unsigned count, uint32_t *cell)
{
    if (grid == NULL || coords == NULL || cell == NULL ||
        count != grid->kind->info.coord_count) {
        return MAZE_ERR_INVALID;
    }
    uint32_t c = grid->ops->cell_at(grid, coords);
    if (c == MAZE_NONE) {
        return MAZE_ERR_RANGE;
    }
    *cell = c;
    return MAZE_OK;
}

unsigned
maze_grid_cell_coords(const struct maze_grid *grid, uint32_t cell,
                      uint32_t *coords)
{
    grid->ops->coords(grid, cell, coords);
    return grid->kind->info.coord_count;
}

int
maze_grid_cell_parse(const struct maze_grid *grid, const char *text,
                     uint32_t *cell)
{
    if (grid == NULL || text == NULL || cell == NULL) {
        return MAZE_ERR_INVALID;
    }
    uint32_t coords[MAZE_MAX_COORDS];
    unsigned n = 0;
    const char *p = text;
    for (;;) {
        if (*p < '0' || *p > '9' || n == MAZE_MAX_COORDS) {
            return MAZE_ERR_INVALID;
        }
        uint64_t v = 0;
        while (*p >= '0' && *p <= '9') {
            v = v * 10 + (uint64_t)(*p++ - '0');
            if (v > UINT32_MAX) {
                return MAZE_ERR_RANGE;
            }
        }
        coords[n++] = (uint32_t)v;
        if (*p == '\0') {
            break;
        }
        if (*p++ != ',') {
            return MAZE_ERR_INVALID;
        }
    }
    return maze_grid_cell_at(grid, coords, n, cell);
}

void
maze_grid_cell_format(const struct maze_grid *grid, uint32_t cell, char *buf,
                      size_t size)
{
    if (buf == NULL || size == 0) {
        return;
    }
    uint32_t coords[MAZE_MAX_COORDS];
    unsigned n = maze_grid_cell_coords(grid, cell, coords);
    size_t used = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < n && used < size; i++) {
        int w = snprintf(buf + used, size - used, "%s%u", i ? "," : "",
                         (unsigned)coords[i]);
        if (w < 0) {
            break;
        }
        used += (size_t)w;
    }
}

void
maze_grid_extent(const struct maze_grid *grid, double *width, double *height)
{
    *width = grid->extent_w;
    *height = grid->extent_h;
}

struct maze_point
maze_grid_cell_center(const struct maze_grid *grid, uint32_t cell)
{
    return grid->ops->cell_center(grid, cell);
}

unsigned
maze_grid_cell_sides(const struct maze_grid *grid, uint32_t cell,
                     struct maze_side *out)
{
    return grid->ops->cell_sides(grid, cell, out);
}

unsigned
maze__grid_opening(const struct maze_grid *g, uint32_t cell, bool finish,
                   unsigned avoid)
{
    if (g->ops->opening != NULL) {
        return g->ops->opening(g, cell, finish, avoid);
    }
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    unsigned n = g->ops->cell_sides(g, cell, sides);
    struct maze_point c = g->ops->cell_center(g, cell);
    /* West first, then north (finish: east, then south): a weighted
     * direction the outward normal is scored against. */
    double px = finish ? 1.0 : -1.0, py = finish ? 0.5 : -0.5;
    unsigned best = MAZE_NONE, fallback = MAZE_NONE;
    double best_score = -INFINITY;
    for (unsigned i = 0; i < n; i++) {
        if (sides[i].edge != MAZE_NONE) {
            continue;
        }
        if (i == avoid) {
            fallback = i;
            continue;
        }
        double mx, my;
        if (sides[i].shape == MAZE_SIDE_ARC) {
            double mid = (sides[i].angle0 + sides[i].angle1) / 2;
            mx = sides[i].center.x + sides[i].radius * cos(mid);
            my = sides[i].center.y + sides[i].radius * sin(mid);
        } else {
            mx = (sides[i].a.x + sides[i].b.x) / 2;
            my = (sides[i].a.y + sides[i].b.y) / 2;
        }
        double dx = mx - c.x, dy = my - c.y;
        double len = sqrt(dx * dx + dy * dy);
        double score = len > 0 ? (dx * px + dy * py) / len : 0;
        /* Ties within rounding go to the lower index, on every machine. */
        if (score > best_score + 1e-9) {
            best_score = score;
            best = i;
        }
    }
    return best != MAZE_NONE ? best : fallback;
}
