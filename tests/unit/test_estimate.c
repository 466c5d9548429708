/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for maze_generate_estimate(): every registered algorithm has
 * a memory model, the models meet the documented budgets (the backtracker
 * under a byte per cell, Kruskal under 16), and each is an upper bound of
 * what generating really takes: the peak resident memory of a child
 * process that generates a 1000 x 1000 maze, read from /proc (skipped
 * under AddressSanitizer, whose shadow memory and quarantine are not the
 * library's). Then the errors.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "support.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

static uint64_t
estimate(const char *alg, uint32_t w, uint32_t h, enum maze_endpoints ends)
{
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = alg,
                                      .endpoints = ends};
    uint64_t bytes = 0;
    assert_int_equal(maze_generate_estimate(w, h, &o, &bytes), MAZE_OK);
    return bytes;
}

static void
test_estimate_every_algorithm(void **state)
{
    (void)state;
    for (size_t i = 0; i < maze_algorithm_count(); i++) {
        const char *alg = maze_algorithm_at(i)->name;
        uint64_t cells = 10000ull * 10000;
        uint64_t corners = estimate(alg, 10000, 10000, MAZE_ENDPOINTS_CORNERS);
        uint64_t longest = estimate(alg, 10000, 10000, MAZE_ENDPOINTS_LONGEST);
        /* At least the maze's own bits; the endpoint search's walk may
         * need a byte a cell on top of them (a maze that is one
         * corridor); and every in-memory generator fits 10^8 cells in
         * 4 GiB. */
        assert_true(corners >= cells / 4);
        assert_true(longest >= cells / 4 + cells);
        assert_true(longest <= (uint64_t)4 << 30);
        /* Open rooms make loops: a breadth-first search, up to 4.25
         * bytes a cell. */
        struct maze_generate_options rooms = {
            .struct_size = sizeof(struct maze_generate_options),
            .algorithm = alg,
            .room_size = 3};
        uint64_t with_rooms = 0;
        assert_int_equal(
            maze_generate_estimate(10000, 10000, &rooms, &with_rooms), MAZE_OK);
        assert_true(with_rooms >= cells / 4 + 4 * cells + cells / 4);
        /* Bigger mazes need more. */
        assert_true(estimate(alg, 100, 100, MAZE_ENDPOINTS_CORNERS) < corners);
    }
}

static void
test_estimate_budgets(void **state)
{
    (void)state;
    uint64_t cells = 4000ull * 4000;
    assert_true(estimate("backtracker", 4000, 4000, MAZE_ENDPOINTS_CORNERS) <=
                cells);
    assert_true(estimate("kruskal", 4000, 4000, MAZE_ENDPOINTS_CORNERS) <=
                16 * cells);
    /* The row carvers need memory for rows only, beside the maze. */
    const char *rows[] = {"eller", "sidewinder", "binary-tree"};
    for (int i = 0; i < 3; i++) {
        uint64_t e = estimate(rows[i], 4000, 4000, MAZE_ENDPOINTS_CORNERS);
        assert_true(e < cells / 4 + 1024 * 1024);
    }
}

#ifndef UNDER_ASAN
/* A field of /proc/self/status in bytes, 0 if missing. */
static uint64_t
status_bytes(const char *field)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    uint64_t kb = 0;
    size_t n = strlen(field);
    while (f != NULL && fgets(line, sizeof(line), f) != NULL) {
        if (strncmp(line, field, n) == 0 && line[n] == ':') {
            kb = strtoull(line + n + 1, NULL, 10);
        }
    }
    if (f != NULL) {
        fclose(f);
    }
    return kb * 1024;
}

/*
 * In a child: the peak resident memory that generating a w x h maze by
 * alg added, or 0 if this system cannot tell (no /proc, or no way to
 * reset the peak).
 */
static uint64_t
measured_peak(const char *alg, uint32_t w, uint32_t h, enum maze_endpoints ends)
{
    int fd[2];
    assert_int_equal(pipe(fd), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        uint64_t peak = 0;
        struct maze_grid *g;
        struct maze *m;
        FILE *reset = fopen("/proc/self/clear_refs", "w");
        if (maze_grid_create_rect(w, h, &g) == MAZE_OK &&
            maze_create(g, &m) == MAZE_OK && reset != NULL &&
            fputs("5", reset) >= 0 && fclose(reset) == 0) {
            uint64_t before = status_bytes("VmRSS");
            struct maze_generate_options o = {
                .struct_size = sizeof(struct maze_generate_options),
                .algorithm = alg,
                .seed = 5,
                .endpoints = ends};
            if (maze_generate(m, &o) == MAZE_OK) {
                uint64_t hwm = status_bytes("VmHWM");
                peak = hwm > before ? hwm - before : 1;
            }
        }
        ssize_t n = write(fd[1], &peak, sizeof(peak));
        _exit(n == (ssize_t)sizeof(peak) ? 0 : 1);
    }
    close(fd[1]);
    uint64_t peak = 0;
    assert_int_equal(read(fd[0], &peak, sizeof(peak)), (ssize_t)sizeof(peak));
    close(fd[0]);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    return peak;
}

#endif

static void
test_estimate_bounds_the_peak(void **state)
{
    (void)state;
#ifdef UNDER_ASAN
    skip();
#else
    for (size_t i = 0; i < maze_algorithm_count(); i++) {
        const char *alg = maze_algorithm_at(i)->name;
        /* The carve alone (corners), then with the endpoint search. */
        for (int e = 0; e < 2; e++) {
            enum maze_endpoints ends =
                e ? MAZE_ENDPOINTS_LONGEST : MAZE_ENDPOINTS_CORNERS;
            uint64_t est = estimate(alg, 1000, 1000, ends);
            uint64_t peak = measured_peak(alg, 1000, 1000, ends);
            if (peak == 0) {
                skip();
            }
            print_message("%-14s 1000x1000 %s: peak %.2f MB, estimate %.2f "
                          "MB\n",
                          alg, e ? "longest" : "corners", peak / 1e6,
                          est / 1e6);
            /* A page or two of rounding, and malloc's own bookkeeping. */
            assert_true(peak <= est + 256 * 1024);
        }
    }
#endif
}

static void
test_estimate_errors(void **state)
{
    (void)state;
    struct maze_generate_options o = MAZE_GENERATE_OPTIONS_INIT;
    struct maze_generate_options bogus = {
        .struct_size = sizeof(struct maze_generate_options),
        .algorithm = "bogus"};
    uint64_t bytes = 7;
    assert_int_equal(maze_generate_estimate(10, 10, NULL, &bytes),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_generate_estimate(10, 10, &o, NULL),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_generate_estimate(10, 10, &bogus, &bytes),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_generate_estimate(0, 10, &o, &bytes), MAZE_ERR_RANGE);
    assert_int_equal(maze_generate_estimate(10, 0, &o, &bytes), MAZE_ERR_RANGE);
    assert_int_equal(bytes, 7);
    /* NULL is the default algorithm, as for maze_generate(). */
    assert_int_equal(maze_generate_estimate(10, 10, &o, &bytes), MAZE_OK);
    assert_int_equal(bytes,
                     estimate("backtracker", 10, 10, MAZE_ENDPOINTS_LONGEST));
    /* The largest sizes do not overflow. */
    assert_int_equal(maze_generate_estimate(UINT32_MAX, UINT32_MAX, &o, &bytes),
                     MAZE_OK);
    assert_true(bytes > (uint64_t)UINT32_MAX * UINT32_MAX / 4);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_estimate_every_algorithm),
        cmocka_unit_test(test_estimate_budgets),
        cmocka_unit_test(test_estimate_bounds_the_peak),
        cmocka_unit_test(test_estimate_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
