/*
 * The algorithm registry and maze_generate(), the one entry point that
 * prepares a carve (clear, seed, weights), runs it, and records provenance
 * and endpoints.
 */
#include <string.h>

#include "gen/gen.h"
#include <mazegen/status.h>

static const struct maze__algorithm *const algorithms[] = {
    &maze__gen_backtracker,   &maze__gen_kruskal,       &maze__gen_prim,
    &maze__gen_prim_simple,   &maze__gen_aldous_broder, &maze__gen_wilson,
    &maze__gen_hunt_and_kill, &maze__gen_binary_tree,   &maze__gen_sidewinder,
    &maze__gen_eller,         &maze__gen_growing_tree,  &maze__gen_division,
};

#define ALGORITHM_COUNT (sizeof(algorithms) / sizeof(algorithms[0]))

size_t
maze_algorithm_count(void)
{
    return ALGORITHM_COUNT;
}

const struct maze_algorithm_info *
maze_algorithm_at(size_t index)
{
    return index < ALGORITHM_COUNT ? &algorithms[index]->info : NULL;
}

const struct maze__algorithm *
maze__algorithm_named(const char *name)
{
    if (name == NULL) {
        name = "backtracker";
    }
    for (size_t i = 0; i < ALGORITHM_COUNT; i++) {
        if (strcmp(algorithms[i]->info.name, name) == 0) {
            return algorithms[i];
        }
    }
    return NULL;
}

const struct maze_algorithm_info *
maze_algorithm_find(const char *name)
{
    const struct maze__algorithm *a = name ? maze__algorithm_named(name) : NULL;
    return a ? &a->info : NULL;
}

bool
maze_algorithm_supports(const struct maze_algorithm_info *alg,
                        const struct maze_grid *grid)
{
    return alg != NULL && grid != NULL &&
           (!alg->rect_only || maze__grid_is_rect(grid));
}

unsigned
maze__pick_weighted(struct maze__carve *ctx, const uint32_t *edges, unsigned n)
{
    const struct maze_grid *g = ctx->maze->grid;
    uint64_t weight[MAZE_GRID_MAX_DEGREE];
    uint64_t total = 0;
    for (unsigned i = 0; i < n; i++) {
        weight[i] = ctx->bias.weight[maze__edge_class(g, edges[i])];
        total += weight[i];
    }
    if (total == 0) {
        return maze__rng_below32(&ctx->rng, n);
    }
    uint64_t r = maze_rng_below(&ctx->rng, total);
    for (unsigned i = 0; i < n; i++) {
        if (r < weight[i]) {
            return i;
        }
        r -= weight[i];
    }
    return n - 1; /* unreachable: r < total */
}

static bool
bias_valid(const struct maze_bias *b, unsigned classes)
{
    for (unsigned c = 0; c < classes; c++) {
        if (b->weight[c] > MAZE_WEIGHT_MAX) {
            return false;
        }
    }
    return true;
}

int
maze__generate_prepare(const struct maze_generate_options *opt,
                       unsigned classes, const struct maze__algorithm **alg,
                       struct maze_bias *bias, struct maze_bias *given)
{
    *alg = maze__algorithm_named(opt->algorithm);
    if (*alg == NULL || !bias_valid(&opt->bias, classes)) {
        return MAZE_ERR_INVALID;
    }
    *bias = opt->bias;
    *given = opt->bias;
    /* Classes the grid does not have carry no weight. */
    for (unsigned c = classes; c < MAZE_MAX_CLASSES; c++) {
        bias->weight[c] = 0;
        given->weight[c] = 0;
    }
    bool all_equal = true;
    for (unsigned c = 0; c < classes; c++) {
        all_equal = all_equal && bias->weight[c] == bias->weight[0];
    }
    /*
     * Equal weights of any size mean "no bias", and the carve sees them as
     * the unit weights: h=5,v=5 then draws exactly what h=1,v=1 draws, in
     * every algorithm (not merely from the same distribution). All zero is
     * the unbiased default too. The provenance keeps the weights as given,
     * with all zero recorded as all one.
     */
    if (all_equal) {
        for (unsigned c = 0; c < classes; c++) {
            bias->weight[c] = MAZE_WEIGHT_ONE;
        }
        if (opt->bias.weight[0] == 0) {
            *given = *bias;
        }
    }
    return MAZE_OK;
}

int
maze_generate(struct maze *maze, const struct maze_generate_options *opt)
{
    if (maze == NULL || opt == NULL ||
        maze_endpoints_name(opt->endpoints) == NULL) {
        return MAZE_ERR_INVALID;
    }
    const struct maze_grid *g = maze->grid;
    struct maze__carve ctx = {.maze = maze,
                              .opt = opt,
                              .progress = opt->progress,
                              .classes = g->kind->info.class_count};
    const struct maze__algorithm *alg;
    struct maze_bias given;
    int rc = maze__generate_prepare(opt, ctx.classes, &alg, &ctx.bias, &given);
    if (rc != MAZE_OK) {
        return rc;
    }
    if (!maze_algorithm_supports(&alg->info, g)) {
        return MAZE_ERR_UNSUPPORTED;
    }
    /* Checked before any work: drawing again could take for ever. */
    uint64_t most = maze_algorithm_conflict_limit(&alg->info, g, &opt->bias);
    if (most != UINT64_MAX && maze_grid_conflict_pairs(g, most + 1) > most) {
        return MAZE_ERR_RANGE;
    }
    maze_rng_seed(&ctx.rng, opt->seed);
    maze_clear(maze);
    maze__report(opt->progress, "carving", 0, g->cells);
    rc = alg->carve(&ctx);
    if (rc != MAZE_OK) {
        return rc;
    }
    maze__report(opt->progress, "carving", g->cells, g->cells);

    struct maze_provenance p = {
        .seed = opt->seed,
        .bias = given,
        .perfect = !ctx.imperfect,
    };
    strncpy(p.algorithm, alg->info.name, sizeof(p.algorithm) - 1);
    strncpy(p.params, ctx.params, sizeof(p.params) - 1);
    /* Endpoints chosen by side are part of what regenerates the maze. */
    if (opt->endpoints == MAZE_ENDPOINTS_LEFT_RIGHT ||
        opt->endpoints == MAZE_ENDPOINTS_TOP_BOTTOM) {
        char token[32] = "openings=";
        strncat(token, maze_endpoints_name(opt->endpoints),
                sizeof(token) - strlen(token) - 1);
        maze__provenance_append(&p, token);
    }
    maze_set_provenance(maze, &p);
    return maze_place_endpoints(maze, opt->endpoints, opt->progress);
}
