/* SPDX-License-Identifier: MIT */
/*
 * zeta-timing W ALGORITHM SEEDS [H]: the mean and worst CPU time of
 * maze_generate() on a W x H zeta grid (H = W when left out) over seeds 0
 * to SEEDS - 1, for wilson and aldous-broder, which draw whole trees
 * until one has no crossing (docs/algorithms.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <mazegen/mazegen.h>

int
main(int argc, char **argv)
{
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: zeta-timing W ALGORITHM SEEDS [H]\n");
        return 2;
    }
    long w = atol(argv[1]), h = argc == 5 ? atol(argv[4]) : w;
    long runs = atol(argv[3]);
    const char *alg = argv[2];
    if (w < 1 || h < 1 || w > 100000 || h > 100000 || runs < 1) {
        fprintf(stderr, "zeta-timing: W, H from 1 to 100000, SEEDS from 1\n");
        return 2;
    }
    struct maze_grid_params p = {.struct_size = sizeof(struct maze_grid_params),
                                 .size = {(uint32_t)w, (uint32_t)h}};
    struct maze_grid *g;
    struct maze *m;
    if (maze_grid_create(maze_grid_kind_find("zeta"), &p, &g) != MAZE_OK) {
        fprintf(stderr, "zeta-timing: no such grid\n");
        return 1;
    }
    if (maze_create(g, &m) != MAZE_OK) {
        maze_grid_destroy(g);
        fprintf(stderr, "zeta-timing: out of memory\n");
        return 1;
    }
    double worst = 0, total = 0;
    int rc = MAZE_OK;
    for (long s = 0; s < runs && rc == MAZE_OK; s++) {
        struct maze_generate_options o = {
            .struct_size = sizeof(struct maze_generate_options),
            .algorithm = alg,
            .seed = (uint64_t)s,
            .endpoints = MAZE_ENDPOINTS_CORNERS};
        clock_t t0 = clock();
        rc = maze_generate(m, &o);
        double t = (double)(clock() - t0) / CLOCKS_PER_SEC;
        total += t;
        worst = t > worst ? t : worst;
    }
    if (rc == MAZE_OK) {
        printf("%ldx%ld (%ld blocks) %-13s mean %.4f s, worst %.4f s over "
               "%ld seeds\n",
               w, h, (w - 1) * (h - 1), alg, total / (double)runs, worst, runs);
    } else {
        fprintf(stderr, "zeta-timing: %s\n", maze_strerror(rc));
    }
    maze_destroy(m);
    maze_grid_destroy(g);
    return rc == MAZE_OK ? 0 : 1;
}
