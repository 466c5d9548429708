/* SPDX-License-Identifier: MIT */
/*
 * zeta-accept W H TREES: the share of uniform spanning trees of the W x H
 * king graph (eight neighbours) in which no two diagonals cross inside a
 * 2 x 2 block, by Wilson's algorithm with a generator of its own, so the
 * figure does not depend on the library it is used to judge. It sets the
 * bound on zeta mazes made by rejection (docs/algorithms.md).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Cells are bounded so the tables stay small; the shares that matter
 * fall below 1e-3 well before. */
#define MAX_CELLS 4096

static uint64_t state = 88172645463325252ull;

static uint64_t
next_random(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

/* One uniform spanning tree by Wilson's algorithm; whether it is free of
 * crossings. */
static int
tree_has_no_crossing(int w, int h, int (*nb)[8], const int *deg, int *next,
                     char *in, char *se, char *sw)
{
    int n = w * h;
    memset(in, 0, (size_t)n);
    memset(se, 0, (size_t)n);
    memset(sw, 0, (size_t)n);
    in[next_random() % (uint64_t)n] = 1;
    for (int start = 0; start < n; start++) {
        int c = start;
        while (!in[c]) {
            next[c] = nb[c][next_random() % (uint64_t)deg[c]];
            c = next[c];
        }
        for (c = start; !in[c]; c = next[c]) {
            in[c] = 1;
            int a = c < next[c] ? c : next[c], b = c < next[c] ? next[c] : c;
            if (b == a + w + 1) {
                se[a] = 1; /* a to its south-east */
            } else if (b == a + w - 1) {
                sw[a] = 1; /* a to its south-west */
            }
        }
    }
    for (int y = 0; y + 1 < h; y++) {
        for (int x = 0; x + 1 < w; x++) {
            if (se[y * w + x] && sw[y * w + x + 1]) {
                return 0;
            }
        }
    }
    return 1;
}

int
main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: zeta-accept W H TREES\n");
        return 2;
    }
    int w = atoi(argv[1]), h = atoi(argv[2]);
    long trees = atol(argv[3]);
    if (w < 2 || h < 2 || w * h > MAX_CELLS || trees < 1) {
        fprintf(stderr,
                "zeta-accept: W and H from 2, W x H at most %d, "
                "TREES at least 1\n",
                MAX_CELLS);
        return 2;
    }
    int n = w * h;
    int(*nb)[8] = malloc((size_t)n * sizeof(*nb));
    int *deg = malloc((size_t)n * sizeof(*deg));
    int *next = malloc((size_t)n * sizeof(*next));
    char *in = malloc((size_t)n), *se = malloc((size_t)n),
         *sw = malloc((size_t)n);
    if (!nb || !deg || !next || !in || !se || !sw) {
        fprintf(stderr, "zeta-accept: out of memory\n");
        return 1;
    }
    for (int c = 0; c < n; c++) {
        int x = c % w, y = c / w;
        deg[c] = 0;
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                int nx = x + dx, ny = y + dy;
                if ((dx || dy) && nx >= 0 && ny >= 0 && nx < w && ny < h) {
                    nb[c][deg[c]++] = ny * w + nx;
                }
            }
        }
    }
    long ok = 0;
    for (long t = 0; t < trees; t++) {
        ok += tree_has_no_crossing(w, h, nb, deg, next, in, se, sw);
    }
    printf("%dx%d, %d blocks: %ld of %ld trees without a crossing = %.3g\n", w,
           h, (w - 1) * (h - 1), ok, trees, (double)ok / (double)trees);
    free(nb);
    free(deg);
    free(next);
    free(in);
    free(se);
    free(sw);
    return 0;
}
