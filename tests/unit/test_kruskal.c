/* SPDX-License-Identifier: MIT */
/*
 * Kruskal on every grid kind makes the mazes it made before its walls
 * were named by stencil data (owner cell and step kind) and weave's
 * crossings read the stencil's under-cells: the passages of each case,
 * hashed, against digests taken from the library as it was (commit
 * f532a87). The cases cover the small carve (equal weights, up to 2^21
 * cells), the general one (weights, and past 2^21 cells), grids without
 * a stencil (one cell wide, theta), weave densities and 3D levels. A
 * wrong step kind or under-cell changes which walls come down, and the
 * digest.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

/* Kruskal's cases: kind, sizes, weave density, bias, seed. */
struct kcase {
    const char *kind;
    uint32_t w, h, levels, room;
    uint32_t weave;
    const char *bias; /* NULL: none */
    uint64_t seed;
};

static const struct kcase kcases[] = {
    {"hex", 40, 30, 0, 0, 0, NULL, 1},
    {"hex", 40, 30, 0, 0, 0, NULL, 99},
    {"hex", 1, 5, 0, 0, 0, NULL, 3},
    {"hex", 33, 20, 0, 0, 0, "h=3,ne=0.5", 5},
    {"hex", 1500, 1450, 0, 0, 0, NULL, 7},
    {"triangle", 31, 20, 0, 0, 0, NULL, 1},
    {"triangle", 31, 20, 0, 0, 0, "v=0,ne=2", 2},
    {"upsilon", 25, 25, 0, 0, 0, NULL, 1},
    {"upsilon", 25, 24, 0, 0, 0, "diag=4", 8},
    {"zeta", 20, 16, 0, 0, 0, NULL, 1},
    {"zeta", 21, 15, 0, 0, 0, "orth=0.2", 4},
    {"3d", 12, 9, 3, 0, 0, NULL, 1},
    {"3d", 12, 9, 4, 0, 0, "ud=0.1", 6},
    {"theta", 6, 30, 0, 2, 0, NULL, 1},
    {"theta", 8, 25, 0, 0, 0, "inout=3", 2},
    {"weave", 30, 30, 0, 0, 50, NULL, 1},
    {"weave", 30, 30, 0, 0, 100, NULL, 2},
    {"weave", 31, 17, 0, 0, 10, NULL, 3},
    {"weave", 2, 9, 0, 0, 50, NULL, 4},
    {"weave", 1, 9, 0, 0, 50, NULL, 4},
    {"weave", 40, 35, 0, 0, 60, "h=2", 5},
    {"weave", 1500, 1450, 0, 0, 50, NULL, 9},
    {"rect", 70, 66, 0, 0, 0, NULL, 1},
    /* From commit e6f9aab, before the shuffle took two steps a draw and
     * placed inner cells' walls untested: grids narrower than a step's
     * reach, and a million cells, whose buckets are large enough that
     * some draws take the rejecting path. */
    {"zeta", 2, 9, 0, 0, 0, NULL, 2},
    {"zeta", 3, 3, 0, 0, 0, NULL, 3},
    {"zeta", 1000, 1000, 0, 0, 0, NULL, 2},
    {"weave", 1000, 1000, 0, 0, 30, NULL, 3},
    {"weave", 3, 3, 0, 0, 100, NULL, 5},
    {"weave", 4, 40, 0, 0, 100, NULL, 6},
    {"hex", 2, 7, 0, 0, 0, NULL, 1},
    {"triangle", 2, 2, 0, 0, 0, NULL, 1},
    {"upsilon", 3, 2, 0, 0, 0, NULL, 1},
    {"3d", 2, 2, 2, 0, 0, NULL, 1},
    {"rect", 1000, 1000, 0, 0, 0, NULL, 4},
};

/* FNV-1a over the open bit of every edge slot, then start and finish;
 * 0 when the maze could not be made. */
static uint64_t
kdigest(const struct kcase *c)
{
    const struct maze_grid_kind *kind = maze_grid_kind_find(c->kind);
    struct maze_grid_params p = MAZE_GRID_PARAMS_INIT;
    p.size[MAZE_SIZE_WIDTH] = c->w;
    p.size[MAZE_SIZE_HEIGHT] = c->h;
    p.size[MAZE_SIZE_LEVELS] = c->levels;
    p.size[MAZE_SIZE_ROOM] = c->room;
    struct maze_grid *g = NULL;
    struct maze *m = NULL;
    uint64_t h = 0;
    if (kind == NULL || maze_grid_create(kind, &p, &g) != MAZE_OK ||
        maze_create(g, &m) != MAZE_OK) {
        goto out;
    }
    struct maze_generate_options o = MAZE_GENERATE_OPTIONS_INIT;
    o.algorithm = "kruskal";
    o.seed = c->seed;
    o.weave = c->weave;
    if (c->bias != NULL && maze_bias_parse(c->bias, kind, &o.bias) != MAZE_OK) {
        goto out;
    }
    if (maze_generate(m, &o) != MAZE_OK) {
        goto out;
    }
    h = 14695981039346656037u;
    uint32_t slots = maze_grid_edge_slots(g);
    for (uint32_t e = 0; e < slots; e++) {
        h = (h ^ (maze_is_open(m, e) ? 1u : 0u)) * 1099511628211u;
    }
    h = (h ^ maze_start(m)) * 1099511628211u;
    h = (h ^ maze_finish(m)) * 1099511628211u;
out:
    maze_destroy(m);
    maze_grid_destroy(g);
    return h;
}

static const uint64_t pinned[] = {
    UINT64_C(0x7858f42d0c6be296), UINT64_C(0xf7ef81aa1ee584f7),
    UINT64_C(0xb830fa0784525533), UINT64_C(0x58d1105b75481abf),
    UINT64_C(0xb0d2fa5c98d66d69), UINT64_C(0x2f67751b9efbfcc8),
    UINT64_C(0xb5683e3cadffbd0c), UINT64_C(0x9f51c9757bdb1dcf),
    UINT64_C(0x2a4717bd466661ec), UINT64_C(0x96f2af40a1c2f59e),
    UINT64_C(0xa3f431b223c7fcb9), UINT64_C(0x76613f3ad271f755),
    UINT64_C(0x0f0d34bd25dde6d4), UINT64_C(0xd740c9a0c3c50621),
    UINT64_C(0x415b32364e4b466c), UINT64_C(0x0000a34f3e6e0a01),
    UINT64_C(0x11cee58f52312c53), UINT64_C(0xfb55c03ec075b4cc),
    UINT64_C(0xff1688d5eac38e80), UINT64_C(0x22c1604e34c28365),
    UINT64_C(0x3610a67d99a5e3ec), UINT64_C(0x32ca1e993d7c4d71),
    UINT64_C(0x6f5c9d9e9a5474ab), UINT64_C(0x84121a6196a09e5f),
    UINT64_C(0xff87d3e751718a7d), UINT64_C(0x9c2b60bc73e9ae11),
    UINT64_C(0x5ba5de8221c0b055), UINT64_C(0x02daba297198ceb3),
    UINT64_C(0xb7ac4f4054fff76c), UINT64_C(0x1fad25f77f5cf8b0),
    UINT64_C(0x08053ef34452e1fa), UINT64_C(0x229b17b80687be54),
    UINT64_C(0xe837d2ed831277c6), UINT64_C(0xfe0ff928b5a511b2),
};

static void
test_kruskal_same_mazes(void **state)
{
    (void)state;
    _Static_assert(sizeof(pinned) / sizeof(pinned[0]) ==
                       sizeof(kcases) / sizeof(kcases[0]),
                   "a digest per case");
    for (size_t i = 0; i < sizeof(kcases) / sizeof(kcases[0]); i++) {
        const struct kcase *c = &kcases[i];
        uint64_t got = kdigest(c);
        if (got != pinned[i]) {
            fail_msg("%s %ux%u L%u weave %u bias %s seed %llu: digest "
                     "%016llx, was %016llx",
                     c->kind, c->w, c->h, c->levels, c->weave,
                     c->bias ? c->bias : "-", (unsigned long long)c->seed,
                     (unsigned long long)got, (unsigned long long)pinned[i]);
        }
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kruskal_same_mazes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
