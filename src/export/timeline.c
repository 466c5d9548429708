/* SPDX-License-Identifier: MIT */
/*
 * Timelines: the steps of one carve recorded as, per edge, the number of
 * the passage change that left it in its final state (0: never changed).
 * Four bytes an edge whatever the algorithm did, so an animation of a
 * large maze costs no more to record than its passages; and since every
 * algorithm changes an edge at most once (opens it, or division closes
 * it), "before its change" is simply "the other state".
 */
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "export/timeline.h"
#include <mazegen/animate.h>
#include <mazegen/status.h>

static void
record(void *ctx, const struct maze_step *s)
{
    struct maze_timeline *tl = ctx;
    switch (s->kind) {
    case MAZE_STEP_OPEN:
    case MAZE_STEP_CLOSE:
        if (s->edge < tl->slots && tl->length < UINT32_MAX) {
            tl->when[s->edge] = (uint32_t)++tl->length;
        }
        break;
    case MAZE_STEP_RESET:
        /* A draw started over: only the last one is the maze's. */
        memset(tl->when, 0, (size_t)tl->slots * sizeof(uint32_t));
        tl->length = 0;
        break;
    default:
        /* OPEN_ALL needs nothing: an edge never closed afterwards is open
         * from the start in the final maze too. */
        break;
    }
}

int
maze_timeline_create(const struct maze_grid *grid, struct maze_timeline **out)
{
    if (out == NULL) {
        return MAZE_ERR_INVALID;
    }
    *out = NULL;
    if (grid == NULL) {
        return MAZE_ERR_INVALID;
    }
    struct maze_timeline *tl = calloc(1, sizeof(*tl));
    if (tl == NULL) {
        return MAZE_ERR_NOMEM;
    }
    tl->grid = grid;
    tl->slots = grid->edge_slots;
    tl->when = maze__alloc_array((size_t)tl->slots + 1, sizeof(uint32_t), true);
    if (tl->when == NULL) {
        free(tl);
        return MAZE_ERR_NOMEM;
    }
    tl->listener = (struct maze_steps){record, tl};
    *out = tl;
    return MAZE_OK;
}

void
maze_timeline_destroy(struct maze_timeline *tl)
{
    if (tl != NULL) {
        free(tl->when);
        free(tl);
    }
}

const struct maze_steps *
maze_timeline_listener(struct maze_timeline *tl)
{
    if (tl == NULL) {
        return NULL;
    }
    /* A new carve starts from nothing. */
    memset(tl->when, 0, (size_t)tl->slots * sizeof(uint32_t));
    tl->length = 0;
    return &tl->listener;
}

uint64_t
maze_timeline_length(const struct maze_timeline *tl)
{
    return tl != NULL ? tl->length : 0;
}

int
maze_timeline_frame(const struct maze_timeline *tl, const struct maze *carved,
                    uint64_t at, struct maze *out)
{
    if (tl == NULL || carved == NULL || out == NULL ||
        carved->grid != tl->grid || out->grid != tl->grid) {
        return MAZE_ERR_INVALID;
    }
    memcpy(out->bits, carved->bits, carved->words * sizeof(uint64_t));
    for (uint32_t e = 0; e < tl->slots; e++) {
        if (tl->when[e] > at) {
            out->bits[e >> 6] ^= (uint64_t)1 << (e & 63);
        }
    }
    out->start = carved->start;
    out->finish = carved->finish;
    out->start_opening = carved->start_opening;
    out->finish_opening = carved->finish_opening;
    out->provenance = carved->provenance;
    out->nesting = carved->nesting;
    /* Not the carve's tree: division's early frames have loops. */
    out->tree = false;
    return MAZE_OK;
}
