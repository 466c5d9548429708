/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of every exporter against a failing sink: for each format in
 * the registry, a maze is written once to a sink that never fails (to learn
 * the full size), then to sinks that refuse the write crossing a byte
 * budget. Each must return MAZE_ERR_IO, stop writing once refused, and free
 * everything (the suite runs under ASan in CI; run it under valgrind too).
 *
 * Failures are gathered per format and reported together, so one broken
 * exporter does not hide the state of the others.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "support.h"

/*
 * Takes writes while they fit in budget bytes (SIZE_MAX: always), refuses
 * the first that does not and counts any write attempted after that.
 */
struct budget_sink {
    size_t budget;
    size_t taken;
    unsigned writes;
    int refused;
    unsigned after_refusal;
};

static int
budget_write(void *ctx, const void *data, size_t len)
{
    struct budget_sink *s = ctx;
    (void)data;
    if (s->refused) {
        s->after_refusal++;
        return -1;
    }
    if (len > s->budget - s->taken) {
        s->refused = 1;
        return -1;
    }
    s->taken += len;
    s->writes++;
    return 0;
}

static int
setup(void **state)
{
    static struct fixture f;
    if (maze_grid_create_rect(15, 10, &f.grid) != MAZE_OK ||
        maze_create(f.grid, &f.maze) != MAZE_OK) {
        return -1;
    }
    struct maze_generate_options g = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = "kruskal",
                                      .seed = 42};
    if (maze_generate(f.maze, &g) != MAZE_OK ||
        maze_solve(f.maze, &f.path) != MAZE_OK) {
        return -1;
    }
    *state = &f;
    return 0;
}

static int
teardown(void **state)
{
    fixture_finish(*state);
    return 0;
}

static const size_t budgets[] = {0, 1, 7, 100, 1000, 5000};

/*
 * Exports in every format with opt, and checks the failure behaviour for
 * every budget below the full size. Returns the number of failures, each
 * already described.
 */
static unsigned
check_formats(const struct maze *maze, const struct maze_export_options *opt,
              const char *variant)
{
    unsigned failures = 0;
    for (size_t i = 0; i < maze_format_count(); i++) {
        const char *name = maze_format_at(i)->name;
        struct budget_sink full = {.budget = SIZE_MAX};
        struct maze_sink sink = {budget_write, &full};
        int rc = maze_export(maze, name, opt, &sink);
        if (maze_format_at(i)->draws == 0) {
            /* A core build's pdf and sheet: refused before any write. */
            if (rc != MAZE_ERR_UNSUPPORTED || full.taken != 0) {
                print_error("%s (%s): draws nothing, but gave \"%s\"\n", name,
                            variant, maze_strerror(rc));
                failures++;
            }
            continue;
        }
        if (rc != MAZE_OK) {
            print_error("%s (%s): export to a working sink gave \"%s\"\n", name,
                        variant, maze_strerror(rc));
            failures++;
            continue;
        }
        if (full.taken == 0) {
            print_error("%s (%s): wrote nothing\n", name, variant);
            failures++;
            continue;
        }
        unsigned tried = 0;
        for (size_t b = 0; b < sizeof(budgets) / sizeof(budgets[0]); b++) {
            if (budgets[b] >= full.taken) {
                continue;
            }
            tried++;
            struct budget_sink s = {.budget = budgets[b]};
            sink.ctx = &s;
            rc = maze_export(maze, name, opt, &sink);
            if (rc != MAZE_ERR_IO || !s.refused || s.after_refusal != 0) {
                print_error("%s (%s), sink failing after %zu of %zu bytes: "
                            "\"%s\", %u write(s) after the refusal\n",
                            name, variant, budgets[b], full.taken,
                            maze_strerror(rc), s.after_refusal);
                failures++;
            }
        }
        /* One budget just short of the end, to fail on the last write. */
        struct budget_sink s = {.budget = full.taken - 1};
        sink.ctx = &s;
        rc = maze_export(maze, name, opt, &sink);
        if (rc != MAZE_ERR_IO || s.after_refusal != 0) {
            print_error("%s (%s), sink failing at the last byte: \"%s\"\n",
                        name, variant, maze_strerror(rc));
            failures++;
        }
        print_message("%s (%s): %zu bytes in %u writes, %u budgets below\n",
                      name, variant, full.taken, full.writes, tried + 1);
    }
    return failures;
}

static void
test_sink_failure_without_solution(void **state)
{
    struct fixture *f = *state;
    struct maze_export_options opt = {
        .struct_size = sizeof(struct maze_export_options), .solution = NULL};
    unsigned failures = check_formats(f->maze, &opt, "no solution");
    if (failures) {
        fail_msg("%u failure(s) without a solution", failures);
    }
}

static void
test_sink_failure_with_solution(void **state)
{
    struct fixture *f = *state;
    struct maze_export_options opt = {
        .struct_size = sizeof(struct maze_export_options), .solution = f->path};
    unsigned failures = check_formats(f->maze, &opt, "solution");
    if (failures) {
        fail_msg("%u failure(s) with a solution", failures);
    }
}

static void
test_sink_failure_other_options(void **state)
{
    /* The other code paths options select: UTF-8 text, a paper page. */
    struct fixture *f = *state;
    struct maze_sheet_options a4 = {.struct_size =
                                        sizeof(struct maze_sheet_options),
                                    .page_width = MAZE_A4_WIDTH,
                                    .page_height = MAZE_A4_HEIGHT,
                                    .title = "T\xc3\xa9st",
                                    .instructions = "Find the way out.",
                                    .name_line = true};
    struct maze_export_options opt = {
        .struct_size = sizeof(struct maze_export_options),
        .charset = MAZE_CHARSET_UTF8,
        .sheet = &a4,
        .solution = f->path,
    };
    unsigned failures = check_formats(f->maze, &opt, "utf-8, A4");
    if (failures) {
        fail_msg("%u failure(s) with UTF-8 and A4", failures);
    }
}

static void
test_sink_registry(void **state)
{
    (void)state;
    /* Every exporter is reachable by name and by each of its extensions. */
    assert_true(maze_format_count() >= 1);
    for (size_t i = 0; i < maze_format_count(); i++) {
        const struct maze_format_info *info = maze_format_at(i);
        assert_non_null(info);
        assert_ptr_equal(maze_format_find(info->name), info);
        assert_non_null(info->extensions);
        for (const char *const *x = info->extensions; *x; x++) {
            char path[64];
            snprintf(path, sizeof(path), "dir.d/maze.%s", *x);
            assert_ptr_equal(maze_format_for_path(path), info);
        }
    }
    assert_null(maze_format_at(maze_format_count()));
}

static void
test_sink_bad_arguments(void **state)
{
    struct fixture *f = *state;
    struct budget_sink s = {.budget = SIZE_MAX};
    struct maze_sink sink = {budget_write, &s};
    struct maze_sink no_write = {NULL, &s};
    const char *name = maze_format_at(0)->name;
    assert_int_equal(maze_export(NULL, name, NULL, &sink), MAZE_ERR_INVALID);
    assert_int_equal(maze_export(f->maze, NULL, NULL, &sink), MAZE_ERR_INVALID);
    assert_int_equal(maze_export(f->maze, name, NULL, NULL), MAZE_ERR_INVALID);
    assert_int_equal(maze_export(f->maze, name, NULL, &no_write),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_export(f->maze, "no-such-format", NULL, &sink),
                     MAZE_ERR_INVALID);
    /* None of these touched the sink. */
    assert_int_equal(s.taken, 0);
    assert_int_equal(s.writes, 0);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sink_registry),
        cmocka_unit_test(test_sink_bad_arguments),
        cmocka_unit_test(test_sink_failure_without_solution),
        cmocka_unit_test(test_sink_failure_with_solution),
        cmocka_unit_test(test_sink_failure_other_options),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
