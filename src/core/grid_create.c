/* SPDX-License-Identifier: MIT */
/*
 * Making grids: only from the kind registry (grid_registry.c), by name or
 * alias, with sizes checked against the kind's declared limits here, once,
 * before anything is allocated; a mask wraps the whole grid in the cells
 * it keeps (grid_mask.c).
 */
#include <stdlib.h>
#include <string.h>

#include "core/grid_impl.h"
#include "core/options.h"
#include "core/status_impl.h"
#include <mazegen/mask.h>
#include <mazegen/status.h>

/* What users call each size parameter, for error details. */
static const char *const size_names[MAZE_SIZE_COUNT] = {
    "width", "height", "levels", "room", "panels",
};

/* Applies defaults and limits; the sizes of the whole (unmasked) grid. */
static int
resolve_sizes(const struct maze__grid_kind *k, const struct maze_grid_params *p,
              uint32_t *size)
{
    for (int i = 0; i < MAZE_SIZE_COUNT; i++) {
        const struct maze_grid_size_info *s = &k->info.sizes[i];
        uint32_t v = p->size[i];
        if (s->meaning == NULL) {
            if (v != 0) {
                return maze__fail(
                    MAZE_ERR_INVALID, "%s %u: a %s grid has no %s (leave it 0)",
                    size_names[i], (unsigned)v, k->info.name, size_names[i]);
            }
            size[i] = 0;
            continue;
        }
        if (p->mask != NULL &&
            (i == MAZE_SIZE_WIDTH || i == MAZE_SIZE_HEIGHT)) {
            uint32_t m = i == MAZE_SIZE_WIDTH ? maze_mask_width(p->mask)
                                              : maze_mask_height(p->mask);
            if (v != 0 && v != m) {
                return maze__fail(
                    MAZE_ERR_INVALID, "%s %u: the mask's is %u (give 0 or %u)",
                    size_names[i], (unsigned)v, (unsigned)m, (unsigned)m);
            }
            v = m;
        }
        if (v == 0) {
            v = s->def;
        }
        if (v == 0 && s->min == 0) {
            size[i] = 0; /* the grid's init chooses */
            continue;
        }
        if (v < s->min || v > s->max || v == 0) {
            return maze__fail(MAZE_ERR_RANGE,
                              "%s %u: a %s grid takes %u to %u %s",
                              size_names[i], (unsigned)v, k->info.name,
                              (unsigned)(s->min > 0 ? s->min : 1),
                              (unsigned)s->max, s->meaning);
        }
        size[i] = v;
    }
    return MAZE_OK;
}

/* The kind's measure, or width x height cells by default. */
static int
measure(const struct maze__grid_kind *k, const uint32_t *size, uint64_t *cells,
        uint64_t *slots)
{
    if (k->measure != NULL) {
        return k->measure(size, cells, slots);
    }
    *cells = (uint64_t)size[MAZE_SIZE_WIDTH] * size[MAZE_SIZE_HEIGHT];
    *slots = *cells * k->info.slots_per_cell;
    return MAZE_OK;
}

/* The caller's params at this library's size, checked against the kind. */
static int
take_params(const struct maze__grid_kind *k,
            const struct maze_grid_params *given, struct maze_grid_params *copy)
{
    if (k == NULL) {
        return maze__fail(MAZE_ERR_INVALID,
                          "not a grid kind of this library's registry");
    }
    if (given == NULL) {
        return maze__fail(MAZE_ERR_INVALID, "no grid parameters (NULL)");
    }
    int rc =
        maze__options_copy(copy, sizeof(*copy), given,
                           MAZE__SIZE_THROUGH(struct maze_grid_params, mask),
                           "maze_grid_params", "MAZE_GRID_PARAMS_INIT");
    if (rc == MAZE_OK && copy->mask != NULL && !k->info.maskable) {
        rc = maze__fail(MAZE_ERR_INVALID, "a %s grid takes no mask",
                        k->info.name);
    }
    return rc;
}

/* maze_grid_measure() on params already taken. */
static int
measure_taken(const struct maze__grid_kind *k,
              const struct maze_grid_params *params, uint64_t *cells,
              uint64_t *edge_slots, uint64_t *bytes)
{
    const struct maze_grid_kind *kind = &k->info;
    uint32_t size[MAZE_SIZE_COUNT];
    uint64_t whole, slots;
    int rc = resolve_sizes(k, params, size);
    if (rc == MAZE_OK) {
        rc = measure(k, size, &whole, &slots);
        if (rc != MAZE_OK && !maze__detail_set()) {
            maze__fail(rc, "%ux%u: sizes a %s grid cannot take",
                       (unsigned)size[MAZE_SIZE_WIDTH],
                       (unsigned)size[MAZE_SIZE_HEIGHT], kind->name);
        }
    }
    if (rc != MAZE_OK) {
        return rc;
    }
    if (whole == 0 || whole > MAZE_MAX_CELLS || slots > UINT32_MAX) {
        return maze__fail(
            MAZE_ERR_RANGE, "%llu cells: a grid has 1 to %llu cells",
            (unsigned long long)whole, (unsigned long long)MAZE_MAX_CELLS);
    }
    uint64_t kept = whole;
    uint64_t table = whole * kind->table_bytes_per_cell;
    if (params->mask != NULL) {
        kept = maze_mask_count(params->mask);
        if (kept == 0) {
            return maze__fail(MAZE_ERR_RANGE, "the mask keeps no cell");
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
maze_grid_measure(const struct maze_grid_kind *kind,
                  const struct maze_grid_params *given, uint64_t *cells,
                  uint64_t *edge_slots, uint64_t *bytes)
{
    maze__detail_clear();
    const struct maze__grid_kind *k = maze__grid_kind_entry(kind);
    struct maze_grid_params params;
    int rc = take_params(k, given, &params);
    if (rc != MAZE_OK) {
        return rc;
    }
    return measure_taken(k, &params, cells, edge_slots, bytes);
}

/*
 * Gives g its kind's stencil, with what maze__stencil_neighbors() needs,
 * where it applies: maze__div() needs divisors of 2 or more, and a grid
 * one cell wide is a corridor no hot loop waits on.
 */
static void
use_stencil(struct maze_grid *g)
{
    const struct maze__stencil *s = g->kind->stencil;
    g->layers = 1;
    if (s == NULL || g->width < 2 || (s->layered && g->height < 2)) {
        return;
    }
    g->layer_cells = g->width * g->height;
    if (s->layered) {
        g->layers = g->size[MAZE_SIZE_LEVELS];
        g->recip_h = maze__recip(g->height);
    }
    g->recip_w = maze__recip(g->width);
    for (unsigned f = 0; f < 2; f++) {
        for (unsigned slot = 0; slot < 4; slot++) {
            g->own_step[f][slot] = -1;
        }
        for (unsigned i = 0; i < s->count[f]; i++) {
            if (!s->step[f][i].theirs) {
                g->own_step[f][s->step[f][i].slot] = (int8_t)i;
            }
        }
    }
    g->stencil = s;
}

int
maze_grid_create(const struct maze_grid_kind *kind,
                 const struct maze_grid_params *given, struct maze_grid **out)
{
    maze__detail_clear();
    if (out == NULL) {
        return MAZE_ERR_INVALID;
    }
    *out = NULL;
    uint64_t cells, slots;
    const struct maze__grid_kind *k = maze__grid_kind_entry(kind);
    struct maze_grid_params copy;
    const struct maze_grid_params *params = &copy;
    int rc = take_params(k, given, &copy);
    if (rc == MAZE_OK) {
        rc = measure_taken(k, params, NULL, NULL, NULL);
    }
    if (rc != MAZE_OK) {
        return rc;
    }
    struct maze_grid *g = calloc(1, sizeof(*g));
    if (g == NULL) {
        return MAZE_ERR_NOMEM;
    }
    (void)resolve_sizes(k, params, g->size);
    (void)measure(k, g->size, &cells, &slots);
    g->kind = k;
    g->ops = &k->ops;
    g->rect = k->info.rectangle;
    g->conflicts = k->ops.conflict != NULL || k->ops.blocked != NULL;
    g->width = g->size[MAZE_SIZE_WIDTH];
    g->height = g->size[MAZE_SIZE_HEIGHT];
    g->cells = (uint32_t)cells;
    g->pieces = 1;
    g->edge_slots = (uint32_t)slots;
    rc = k->init(g);
    if (rc != MAZE_OK) {
        free(g);
        return rc;
    }
    use_stencil(g);
    if (params->mask != NULL) {
        struct maze_grid *m = malloc(sizeof(*m));
        if (m == NULL) {
            maze_grid_destroy(g);
            return MAZE_ERR_NOMEM;
        }
        *m = *g;
        m->tables = NULL;
        m->base = g;
        m->rect = false;
        m->stencil = NULL;
        m->rings = NULL;
        g = m;
        rc = maze__grid_mask(g, params->mask);
        if (rc != MAZE_OK) {
            maze_grid_destroy(g);
            return rc;
        }
    }
    *out = g;
    return MAZE_OK;
}

int
maze_grid_create_rect(uint32_t width, uint32_t height, struct maze_grid **out)
{
    struct maze_grid_params p = MAZE_GRID_PARAMS_INIT;
    p.size[MAZE_SIZE_WIDTH] = width;
    p.size[MAZE_SIZE_HEIGHT] = height;
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
