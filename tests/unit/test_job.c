/* SPDX-License-Identifier: MIT */
/*
 * The job (mazegen/job.h): options set from text with the command's
 * messages, checked once as a whole, defaults resolved, mazes made and
 * written to a sink, the same bytes for the same seed, and books whose
 * mazes have options of their own.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "membuf.h"
#include "support.h"
#include <mazegen/mazegen.h>

static void
assert_detail_has(const char *want)
{
    if (strstr(maze_error_detail(), want) == NULL) {
        fail_msg("detail \"%s\" does not say \"%s\"", maze_error_detail(),
                 want);
    }
}

/* A job of the options given as name, text pairs (text NULL: a flag),
 * ended by NULL; returns the status of the first failure, with *out the
 * job (the caller destroys it). */
static int
job_of(struct maze_job **out, ...)
{
    va_list ap;
    va_start(ap, out);
    int rc = maze_job_create(out);
    const char *name;
    while (rc == MAZE_OK && (name = va_arg(ap, const char *)) != NULL) {
        const char *text = va_arg(ap, const char *);
        rc = maze_job_set(*out, name, text);
    }
    va_end(ap);
    return rc == MAZE_OK ? maze_job_check(*out) : rc;
}

/* Makes the job and writes its output `which` into a new buffer. */
static struct membuf
written(struct maze_job *job, unsigned which)
{
    struct membuf b = {0};
    struct maze_sink sink = membuf_sink(&b, SIZE_MAX, SIZE_MAX);
    assert_int_equal(maze_job_make(job, NULL), MAZE_OK);
    assert_int_equal(maze_job_write(job, which, &sink, NULL), MAZE_OK);
    return b;
}

static void
test_job_set_reads_values(void **state)
{
    (void)state;
    struct maze_job *job;
    assert_int_equal(maze_job_create(&job), MAZE_OK);
    assert_int_equal(maze_job_set(job, "no-such", "1"), MAZE_ERR_INVALID);
    assert_detail_has("no-such");
    assert_int_equal(maze_job_set(job, "W", "12"), MAZE_OK);
    assert_int_equal(maze_job_set(job, "center", "2"), MAZE_OK);
    assert_true(maze_job_given(job, MAZE_OPT_WIDTH));
    assert_true(maze_job_given(job, MAZE_OPT_CENTRE));
    assert_false(maze_job_given(job, MAZE_OPT_HEIGHT));
    struct maze_option_value v;
    assert_true(maze_job_get(job, MAZE_OPT_WIDTH, &v));
    assert_int_equal(v.number, 12);
    assert_true(maze_job_get(job, MAZE_OPT_HEIGHT, &v));
    assert_int_equal(v.number, 20); /* the row's default */
    maze_job_destroy(job);
    maze_job_destroy(NULL);
}

static void
test_job_check_resolves_defaults(void **state)
{
    (void)state;
    SKIP_WITHOUT_DRAWING();
    struct maze_job *job;
    assert_int_equal(job_of(&job, "W", "3", "H", "2", "fractal", "2", "output",
                            "maze.png", NULL),
                     MAZE_OK);
    struct maze_option_value v;
    assert_true(maze_job_get(job, MAZE_OPT_FORMAT, &v));
    assert_string_equal(v.text, "png"); /* from the extension */
    assert_true(maze_job_get(job, MAZE_OPT_WIDTH, &v));
    assert_int_equal(v.number, 9);                     /* 3^2 */
    assert_true(maze_job_get(job, MAZE_OPT_SEED, &v)); /* drawn */
    assert_false(maze_job_given(job, MAZE_OPT_SEED));
    assert_int_equal(maze_job_output_count(job), 1);
    assert_string_equal(maze_job_output_path(job, 0), "maze.png");
    assert_null(maze_job_output_path(job, 1));
    /* A checked job is not set again. */
    assert_int_equal(maze_job_set(job, "W", "4"), MAZE_ERR_INVALID);
    maze_job_destroy(job);

    assert_int_equal(job_of(&job, "t", "none", NULL), MAZE_OK);
    assert_int_equal(maze_job_output_count(job), 0);
    maze_job_destroy(job);
}

static void
test_job_check_combinations(void **state)
{
    (void)state;
    struct maze_job *job;
    assert_int_equal(job_of(&job, "a", "kruskal", "growing", "random", NULL),
                     MAZE_ERR_INVALID);
    assert_detail_has("--growing: applies only to -a growing-tree");
    maze_job_destroy(job);
    assert_int_equal(job_of(&job, "start", "1,1", "finish", "1,1", NULL),
                     MAZE_ERR_INVALID);
    assert_detail_has("--finish: is the --start cell");
    maze_job_destroy(job);
    assert_int_equal(job_of(&job, "grid", "hex", "t", "blocks", NULL),
                     MAZE_ERR_INVALID);
    assert_detail_has("whole rectangles");
    maze_job_destroy(job);
    /* The console and --play check what goes with them too. */
    assert_int_equal(job_of(&job, "interactive", NULL, "W", "5", NULL),
                     MAZE_ERR_INVALID);
    assert_detail_has("-i/--interactive");
    maze_job_destroy(job);
    assert_int_equal(job_of(&job, "play", NULL, "grid", "hex", NULL),
                     MAZE_ERR_INVALID);
    assert_detail_has("--play: plays rectangles only");
    maze_job_destroy(job);
    /* A bad size is refused with the limits of the kind set after it,
     * and a later good value does not take it back. */
    assert_int_equal(job_of(&job, "height", "0", "grid", "theta", NULL),
                     MAZE_ERR_INVALID);
    assert_detail_has("-H/--height: '0' is not valid; expected a whole "
                      "number from 1 to 20000, a theta grid's rings");
    maze_job_destroy(job);
    assert_int_equal(job_of(&job, "W", "0", "W", "5", NULL), MAZE_ERR_INVALID);
    assert_detail_has("-W/--width: '0' is not valid; expected a whole number "
                      "from 1 to 1000000, a rect grid's columns");
    maze_job_destroy(job);
}

static void
test_job_same_seed_same_bytes(void **state)
{
    (void)state;
    struct maze_job *a, *b;
    assert_int_equal(job_of(&a, "grid", "theta", "H", "6", "s", "9", "solution",
                            NULL, "t", "svg", NULL),
                     MAZE_OK);
    assert_int_equal(job_of(&b, "grid", "theta", "H", "6", "s", "9", "solution",
                            NULL, "t", "svg", NULL),
                     MAZE_OK);
    struct membuf x = written(a, 0), y = written(b, 0);
    assert_int_equal(x.len, y.len);
    assert_memory_equal(x.data, y.data, x.len);
    assert_non_null(strstr(x.data, "-g theta -W 6 -H 6 --centre 1 -a "
                                   "backtracker -s 9<"));
    /* The job's maze is the library's, solution and all. */
    const struct maze_path *path = NULL;
    const struct maze *m = maze_job_maze(a, 0, &path, NULL);
    assert_non_null(m);
    assert_non_null(path);
    assert_null(maze_job_maze(a, 1, NULL, NULL));
    free(x.data);
    free(y.data);
    maze_job_destroy(a);
    maze_job_destroy(b);
}

struct heard {
    unsigned made, notes;
};

static int
on_made(void *ctx, const struct maze *maze, const struct maze_path *solution,
        unsigned number)
{
    struct heard *h = ctx;
    assert_non_null(maze);
    assert_non_null(solution);
    assert_int_equal(number, h->made + 1);
    h->made++;
    return MAZE_OK;
}

static void
on_note(void *ctx, const char *line)
{
    struct heard *h = ctx;
    assert_non_null(strstr(line, "seed"));
    h->notes++;
}

static void
test_job_book_and_hooks(void **state)
{
    (void)state;
    SKIP_WITHOUT_DRAWING();
    struct maze_job *job;
    assert_int_equal(job_of(&job, "W", "8", "H", "8", "count", "3", "per-page",
                            "2", "solution", NULL, "t", "pdf", "verbose", NULL,
                            "paper", "a4", NULL),
                     MAZE_OK);
    struct heard h = {0};
    struct maze_job_hooks hooks = {
        .struct_size = sizeof(hooks),
        .made = on_made,
        .note = on_note,
        .ctx = &h,
    };
    assert_int_equal(maze_job_make(job, &hooks), MAZE_OK);
    assert_int_equal(h.made, 3);
    assert_int_equal(h.notes, 3); /* each puzzle's seed, with --verbose */
    struct membuf b = {0};
    struct maze_sink sink = membuf_sink(&b, SIZE_MAX, SIZE_MAX);
    assert_int_equal(maze_job_write(job, 0, &sink, NULL), MAZE_OK);
    assert_true(b.len > 1000);
    assert_memory_equal(b.data, "%PDF", 4);
    /* A failing sink is the write's failure. */
    struct membuf full = {0};
    struct maze_sink failing = membuf_sink(&full, SIZE_MAX, 0);
    assert_int_equal(maze_job_write(job, 0, &failing, NULL), MAZE_ERR_IO);
    free(b.data);
    free(full.data);
    maze_job_destroy(job);
}

static void
test_job_file_of_mazes(void **state)
{
    (void)state;
    SKIP_WITHOUT_DRAWING();
    char path[] = "/tmp/mazegen-jobXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    const char book[] =
        "{\"options\": {\"solution\": true, \"per-page\": 2},\n"
        " \"mazes\": [{\"grid\": \"hex\", \"width\": 6, \"height\": 5},\n"
        "           {\"grid\": \"theta\", \"height\": 5, \"count\": 2},\n"
        "           {\"width\": 7, \"height\": 7, \"seed\": 3}]}\n";
    assert_int_equal(write(fd, book, sizeof(book) - 1), sizeof(book) - 1);
    close(fd);
    struct maze_job *job;
    assert_int_equal(job_of(&job, "job", path, "s", "4", "t", "pdf", NULL),
                     MAZE_OK);
    struct membuf b = written(job, 0);
    unsigned number;
    const char *kinds[] = {"hex", "theta", "theta", "rect"};
    for (size_t i = 0; i < 4; i++) {
        const struct maze *m = maze_job_maze(job, i, NULL, &number);
        assert_non_null(m);
        assert_int_equal(number, i + 1);
        assert_string_equal(maze_grid_kind_name(maze_grid(m)), kinds[i]);
    }
    assert_null(maze_job_maze(job, 4, NULL, NULL));
    /* The entry that names its seed keeps it. */
    assert_int_equal(maze_provenance(maze_job_maze(job, 3, NULL, NULL))->seed,
                     3);
    free(b.data);
    maze_job_destroy(job);
    unlink(path);
    assert_int_equal(job_of(&job, "job", path, NULL), MAZE_ERR_INVALID);
    assert_detail_has("--job: cannot read");
    maze_job_destroy(job);
}

/* --page: one page of the book's PDF; how many there are for a client,
 * and a page past them refused when written. */
static void
test_job_page(void **state)
{
    (void)state;
    SKIP_WITHOUT_DRAWING();
    struct maze_job *job;
    assert_int_equal(job_of(&job, "count", "5", "per-page", "2", "solution",
                            NULL, "s", "2", "t", "png", "page", "4", "paper",
                            "a4", NULL),
                     MAZE_OK);
    assert_int_equal(maze_job_page_count(job), 0); /* not made yet */
    struct membuf b = written(job, 0);
    assert_int_equal(maze_job_page_count(job), 4);
    free(b.data);
    maze_job_destroy(job);
    assert_int_equal(job_of(&job, "count", "5", "per-page", "2", "solution",
                            NULL, "s", "2", "t", "svg", "page", "5", "paper",
                            "a4", NULL),
                     MAZE_OK);
    assert_int_equal(maze_job_make(job, NULL), MAZE_OK);
    struct membuf none = {0};
    struct maze_sink sink = membuf_sink(&none, SIZE_MAX, SIZE_MAX);
    assert_int_equal(maze_job_write(job, 0, &sink, NULL), MAZE_ERR_INVALID);
    assert_detail_has("--page: page 5 is past the end of the book, which has "
                      "4 pages");
    assert_int_equal(none.len, 0);
    maze_job_destroy(job);
    /* Not a sheet: no pages. */
    assert_int_equal(job_of(&job, "t", "png", NULL), MAZE_OK);
    assert_int_equal(maze_job_make(job, NULL), MAZE_OK);
    assert_int_equal(maze_job_page_count(job), 0);
    maze_job_destroy(job);
    assert_int_equal(job_of(&job, "count", "5", "t", "pdf", "page", "1", NULL),
                     MAZE_ERR_INVALID);
    assert_detail_has("--page: ");
    maze_job_destroy(job);
}

static void
test_job_take_gives_the_maze(void **state)
{
    (void)state;
    struct maze_job *job;
    assert_int_equal(
        job_of(&job, "W", "20", "H", "20", "s", "2", "t", "json", NULL),
        MAZE_OK);
    struct maze_grid *grid = NULL;
    struct maze *maze = NULL;
    /* Nothing to take before the mazes are made. */
    assert_int_equal(maze_job_take(job, 0, &grid, &maze), MAZE_ERR_INVALID);
    assert_int_equal(maze_job_make(job, NULL), MAZE_OK);
    const struct maze *made = maze_job_maze(job, 0, NULL, NULL);
    assert_int_equal(maze_job_take(job, 1, &grid, &maze), MAZE_ERR_INVALID);
    assert_int_equal(maze_job_take(job, 0, &grid, &maze), MAZE_OK);
    assert_ptr_equal(maze, made);
    assert_ptr_equal(maze_grid(maze), grid);
    /* Taken once: the job holds it no more, and writes nothing. */
    assert_null(maze_job_maze(job, 0, NULL, NULL));
    struct maze *again = NULL;
    assert_int_equal(maze_job_take(job, 0, &grid, &again), MAZE_ERR_INVALID);
    struct membuf b = {0};
    struct maze_sink sink = membuf_sink(&b, SIZE_MAX, SIZE_MAX);
    assert_int_equal(maze_job_write(job, 0, &sink, NULL), MAZE_ERR_INVALID);
    maze_job_destroy(job);
    /* The maze outlives its job. */
    assert_int_equal(maze_passage_count(maze), 20 * 20 - 1);
    assert_int_equal(maze_job_check_export(maze, "svg", NULL), MAZE_OK);
    assert_int_equal(maze_job_check_export(maze, "png", NULL), MAZE_OK);
    /* A PNG past the largest image is refused as the command refuses
     * -c 100000 for this maze, before drawing. */
    struct maze_export_options e = MAZE_EXPORT_OPTIONS_INIT;
    e.cell_size = (struct maze_length){100000, MAZE_UNIT_PX};
    assert_int_equal(maze_job_check_export(maze, "png", &e), MAZE_ERR_INVALID);
    assert_detail_has("-c/--cell-size: the PNG would be past the largest");
    assert_detail_has("expected -c 47233px or less, or a smaller maze");
    maze_destroy(maze);
    maze_grid_destroy(grid);
}

/* A job of maze_job_no_files(): no path read, looked at or written. */
static void
test_job_no_files(void **state)
{
    (void)state;
    SKIP_WITHOUT_DRAWING();
    /* Without it, an output in a directory that does not exist is
     * refused; with it, the path only names the format. */
    struct maze_job *job = NULL;
    assert_int_equal(job_of(&job, "output", "/nonexistent/dir/m.pdf", NULL),
                     MAZE_ERR_INVALID);
    maze_job_destroy(job);
    assert_int_equal(maze_job_create(&job), MAZE_OK);
    maze_job_no_files(job);
    assert_int_equal(maze_job_set(job, "output", "/nonexistent/dir/m.pdf"),
                     MAZE_OK);
    assert_int_equal(maze_job_set(job, "sheet", NULL), MAZE_OK);
    assert_int_equal(maze_job_set(job, "seed", "3"), MAZE_OK);
    /* Files by path: refused, naming the option. */
    static const char *const paths[][2] = {
        {"mask", "/etc/hostname"},
        {"load", "/etc/passwd"},
        {"job", "book.json"},
        {"frames", "/tmp"},
    };
    for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
        assert_int_equal(maze_job_set(job, paths[i][0], paths[i][1]),
                         MAZE_ERR_INVALID);
        assert_detail_has("reads and writes no files");
        assert_detail_has(paths[i][0]);
    }
    /* The paper is letter and the language English whatever the
     * environment says. */
    setenv("PAPERSIZE", "a4", 1);
    setenv("LANG", "fr_FR.UTF-8", 1);
    assert_int_equal(maze_job_check(job), MAZE_OK);
    struct maze_option_value v;
    assert_true(maze_job_get(job, MAZE_OPT_PAPER, &v));
    assert_string_equal(v.text, "letter");
    assert_true(maze_job_get(job, MAZE_OPT_LANG, &v));
    assert_string_equal(v.text, "en");
    struct membuf b = written(job, 0);
    assert_true(b.len > 4 && memcmp(b.data, "%PDF", 4) == 0);
    free(b.data);
    maze_job_destroy(job);
    /* Without it, the environment's paper. */
    assert_int_equal(job_of(&job, "sheet", NULL, "output", "m.pdf", NULL),
                     MAZE_OK);
    assert_true(maze_job_get(job, MAZE_OPT_PAPER, &v));
    assert_string_equal(v.text, "a4");
    assert_true(maze_job_get(job, MAZE_OPT_LANG, &v));
    assert_string_equal(v.text, "fr");
    maze_job_destroy(job);
    /* --lang names it, with its region. */
    assert_int_equal(
        job_of(&job, "sheet", NULL, "lang", "pt_BR", "output", "m.pdf", NULL),
        MAZE_OK);
    assert_true(maze_job_get(job, MAZE_OPT_LANG, &v));
    assert_string_equal(v.text, "pt");
    maze_job_destroy(job);
    setenv("PAPERSIZE", "letter", 1);
    unsetenv("LANG");
}

int
main(void)
{
    /* Sheets default to the environment's paper and language: letter and
     * English here. */
    setenv("PAPERSIZE", "letter", 1);
    unsetenv("LANGUAGE");
    unsetenv("LC_ALL");
    unsetenv("LC_MESSAGES");
    unsetenv("LANG");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_job_set_reads_values),
        cmocka_unit_test(test_job_check_resolves_defaults),
        cmocka_unit_test(test_job_check_combinations),
        cmocka_unit_test(test_job_same_seed_same_bytes),
        cmocka_unit_test(test_job_book_and_hooks),
        cmocka_unit_test(test_job_file_of_mazes),
        cmocka_unit_test(test_job_take_gives_the_maze),
        cmocka_unit_test(test_job_no_files),
        cmocka_unit_test(test_job_page),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
