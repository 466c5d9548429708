/* SPDX-License-Identifier: MIT */
/*
 * Inputs given to a job as bytes (maze_job_set_data()): a mask (PNG or
 * text) and a wall-graph file make exactly the mazes their files make,
 * under the same bounds and messages, the label standing for the path.
 */
#include <png.h>
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

/* Sets the options given as name, text pairs, ended by NULL. */
static void
set_all(struct maze_job *job, ...)
{
    va_list ap;
    va_start(ap, job);
    const char *name;
    while ((name = va_arg(ap, const char *)) != NULL) {
        const char *text = va_arg(ap, const char *);
        assert_int_equal(maze_job_set(job, name, text), MAZE_OK);
    }
    va_end(ap);
}

/* Checks, makes and writes output 0 of job into a new buffer. */
static struct membuf
written(struct maze_job *job)
{
    struct membuf b = {0};
    struct maze_sink sink = membuf_sink(&b, SIZE_MAX, SIZE_MAX);
    if (maze_job_check(job) != MAZE_OK || maze_job_make(job, NULL) != MAZE_OK ||
        maze_job_write(job, 0, &sink, NULL) != MAZE_OK) {
        fail_msg("the job failed: %s", maze_error_detail());
    }
    return b;
}

/* data written to a new temporary file, whose path is put in path. */
static void
temp_file(char path[32], const void *data, size_t len)
{
    snprintf(path, 32, "/tmp/mazegen-dataXXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, data, len), (ssize_t)len);
    close(fd);
}

/* The drawing (-t json; svg of a loaded maze) of a maze whose input
 * `name` is given
 * as a file (path) or as data (path NULL), with option `more` (a flag)
 * too. */
static struct membuf
drawn(const char *name, const char *path, const void *data, size_t len,
      const char *more)
{
    struct maze_job *job;
    assert_int_equal(maze_job_create(&job), MAZE_OK);
    if (path != NULL) {
        assert_int_equal(maze_job_set(job, name, path), MAZE_OK);
    } else {
        assert_int_equal(maze_job_set_data(job, name, data, len, "x"), MAZE_OK);
    }
    if (strcmp(name, "load") == 0) {
        set_all(job, "t", "svg", NULL);
    } else {
        set_all(job, "t", "json", "s", "5", NULL);
    }
    if (more != NULL) {
        set_all(job, more, NULL, NULL);
    }
    struct membuf b = written(job);
    maze_job_destroy(job);
    return b;
}

/* Whether a file and the same bytes as data draw the same maze. */
static void
assert_same_as_file(const char *name, const void *data, size_t len,
                    const char *more)
{
    char path[32];
    temp_file(path, data, len);
    struct membuf a = drawn(name, path, NULL, 0, more);
    struct membuf b = drawn(name, NULL, data, len, more);
    unlink(path);
    assert_true(a.len > 0);
    assert_int_equal(a.len, b.len);
    assert_memory_equal(a.data, b.data, a.len);
    free(a.data);
    free(b.data);
}

enum { SIDE = 9 };

/* A SIDE x SIDE grey PNG, dark where the plus sign is (one piece of
 * 2 * SIDE - 1 cells), or two dark corners (two pieces). */
static void *
plus_png(bool two, size_t *len)
{
    uint8_t px[SIDE * SIDE];
    for (int y = 0; y < SIDE; y++) {
        for (int x = 0; x < SIDE; x++) {
            bool dark = two ? (x + y == 0 || x + y == 2 * SIDE - 2)
                            : (x == SIDE / 2 || y == SIDE / 2);
            px[y * SIDE + x] = dark ? 0 : 255;
        }
    }
    png_image im;
    memset(&im, 0, sizeof(im));
    im.version = PNG_IMAGE_VERSION;
    im.width = SIDE;
    im.height = SIDE;
    im.format = PNG_FORMAT_GRAY;
    png_alloc_size_t n = 0;
    assert_true(png_image_write_to_memory(&im, NULL, &n, 0, px, 0, NULL));
    void *out = malloc(n);
    assert_non_null(out);
    assert_true(png_image_write_to_memory(&im, out, &n, 0, px, 0, NULL));
    *len = n;
    return out;
}

static void
test_job_data_mask_png(void **state)
{
    (void)state;
    size_t len;
    void *png = plus_png(false, &len);
    struct maze_job *job;
    assert_int_equal(maze_job_create(&job), MAZE_OK);
    assert_int_equal(maze_job_set_data(job, "mask", png, len, "heart.png"),
                     MAZE_OK);
    /* The bytes were copied. */
    memset(png, 0, len);
    assert_true(maze_job_given(job, MAZE_OPT_MASK));
    struct maze_option_value v;
    assert_true(maze_job_get(job, MAZE_OPT_MASK, &v));
    assert_string_equal(v.text, "heart.png");
    set_all(job, "t", "json", "s", "3", NULL);
    struct membuf b = written(job);
    const struct maze *m = maze_job_maze(job, 0, NULL, NULL);
    assert_non_null(m);
    assert_int_equal(maze_grid_cell_count(maze_grid(m)), 2 * SIDE - 1);
    assert_int_equal(maze_grid_width(maze_grid(m)), SIDE);
    free(b.data);
    maze_job_destroy(job);
    free(png);

    png = plus_png(false, &len);
    assert_same_as_file("mask", png, len, "solution");
    free(png);
    png = plus_png(false, &len);
    assert_same_as_file("mask", png, len, NULL);
    free(png);
}

static void
test_job_data_mask_text(void **state)
{
    (void)state;
    static const char pic[] = "#####\n#...#\n#.#.#\n###.#\n";
    assert_same_as_file("mask", pic, sizeof(pic) - 1, NULL);

    /* A mask set again takes the later: a path after data, data after a
     * path. */
    char path[32];
    temp_file(path, pic, sizeof(pic) - 1);
    struct maze_job *job;
    assert_int_equal(maze_job_create(&job), MAZE_OK);
    assert_int_equal(maze_job_set_data(job, "mask", "#", 1, NULL), MAZE_OK);
    assert_int_equal(maze_job_set(job, "mask", path), MAZE_OK);
    set_all(job, "t", "none", NULL);
    assert_int_equal(maze_job_check(job), MAZE_OK);
    struct maze_option_value v;
    assert_true(maze_job_get(job, MAZE_OPT_WIDTH, &v));
    assert_int_equal(v.number, 5);
    maze_job_destroy(job);
    assert_int_equal(maze_job_create(&job), MAZE_OK);
    assert_int_equal(maze_job_set(job, "mask", path), MAZE_OK);
    assert_int_equal(maze_job_set_data(job, "mask", "##", 2, NULL), MAZE_OK);
    set_all(job, "t", "none", NULL);
    assert_int_equal(maze_job_check(job), MAZE_OK);
    assert_true(maze_job_get(job, MAZE_OPT_WIDTH, &v));
    assert_int_equal(v.number, 2);
    assert_true(maze_job_get(job, MAZE_OPT_MASK, &v));
    assert_string_equal(v.text, "the data given");
    maze_job_destroy(job);
    unlink(path);
}

/* The checks of a mask file, with the label for its path. */
static void
test_job_data_mask_messages(void **state)
{
    (void)state;
    size_t len;
    void *png = plus_png(true, &len);
    struct maze_job *job;
    assert_int_equal(maze_job_create(&job), MAZE_OK);
    assert_int_equal(
        maze_job_set_data(job, "mask", png, len, "the uploaded mask"), MAZE_OK);
    assert_int_equal(maze_job_check(job), MAZE_ERR_INVALID);
    assert_detail_has("--mask: the cells of 'the uploaded mask' fall into 2 "
                      "pieces");
    maze_job_destroy(job);
    free(png);

    assert_int_equal(maze_job_create(&job), MAZE_OK);
    assert_int_equal(maze_job_set_data(job, "mask", "....\n", 5, NULL),
                     MAZE_OK);
    assert_int_equal(maze_job_check(job), MAZE_ERR_INVALID);
    assert_detail_has("--mask: 'the data given' is not a mask");
    maze_job_destroy(job);

    /* As with a file, -W scales the picture, up to a mask's 4096 cells. */
    assert_int_equal(maze_job_create(&job), MAZE_OK);
    assert_int_equal(maze_job_set_data(job, "mask", "##\n", 3, "m.txt"),
                     MAZE_OK);
    set_all(job, "W", "5000", NULL);
    assert_int_equal(maze_job_check(job), MAZE_ERR_INVALID);
    assert_detail_has("-W/--width: 5000 is not a size a --mask picture "
                      "scales to");
    maze_job_destroy(job);
}

/* A wall-graph file of a 7 x 5 hex maze, written by a job. */
static struct membuf
json_of_maze(void)
{
    struct maze_job *job;
    assert_int_equal(maze_job_create(&job), MAZE_OK);
    set_all(job, "grid", "hex", "W", "7", "H", "5", "s", "11", "t", "json",
            NULL);
    struct membuf b = written(job);
    maze_job_destroy(job);
    return b;
}

static void
test_job_data_load(void **state)
{
    (void)state;
    struct membuf json = json_of_maze();
    assert_same_as_file("load", json.data, json.len, NULL);
    assert_same_as_file("load", json.data, json.len, "solution");

    struct maze_job *job;
    assert_int_equal(maze_job_create(&job), MAZE_OK);
    assert_int_equal(
        maze_job_set_data(job, "load", json.data, json.len, "maze.json"),
        MAZE_OK);
    assert_true(maze_job_given(job, MAZE_OPT_LOAD));
    struct maze_option_value v;
    assert_true(maze_job_get(job, MAZE_OPT_LOAD, &v));
    assert_string_equal(v.text, "maze.json");
    set_all(job, "t", "none", NULL);
    assert_int_equal(maze_job_check(job), MAZE_OK);
    assert_int_equal(maze_job_make(job, NULL), MAZE_OK);
    const struct maze *m = maze_job_maze(job, 0, NULL, NULL);
    assert_string_equal(maze_grid_kind_name(maze_grid(m)), "hex");
    assert_int_equal(maze_grid_width(maze_grid(m)), 7);
    assert_int_equal(maze_provenance(m)->seed, 11);
    maze_job_destroy(job);

    /* A file cut short: its place named by the label. */
    assert_int_equal(maze_job_create(&job), MAZE_OK);
    assert_int_equal(
        maze_job_set_data(job, "load", json.data, json.len / 2, "upload.json"),
        MAZE_OK);
    assert_int_equal(maze_job_check(job), MAZE_OK);
    assert_int_equal(maze_job_make(job, NULL), MAZE_ERR_INVALID);
    assert_detail_has("--load: upload.json:");
    maze_job_destroy(job);
    free(json.data);

    /* Bytes no wall-graph file begins with, and none at all. */
    assert_int_equal(maze_job_create(&job), MAZE_OK);
    assert_int_equal(maze_job_set_data(job, "load", "\x89PNG", 4, NULL),
                     MAZE_OK);
    assert_int_equal(maze_job_check(job), MAZE_OK);
    assert_int_equal(maze_job_make(job, NULL), MAZE_ERR_INVALID);
    assert_detail_has("--load: the data given is not a wall-graph file: "
                      "byte 1");
    maze_job_destroy(job);
    assert_int_equal(maze_job_create(&job), MAZE_OK);
    assert_int_equal(maze_job_set_data(job, "load", NULL, 0, "empty.json"),
                     MAZE_OK);
    assert_int_equal(maze_job_check(job), MAZE_OK);
    assert_int_equal(maze_job_make(job, NULL), MAZE_ERR_INVALID);
    assert_detail_has("--load: empty.json");
    maze_job_destroy(job);
}

/* --load given as data is the job's one maze: no book of files. */
static void
test_job_data_load_alone(void **state)
{
    (void)state;
    struct maze_job *job;
    assert_int_equal(maze_job_create(&job), MAZE_OK);
    assert_int_equal(maze_job_set(job, "load", "a.json"), MAZE_OK);
    assert_int_equal(maze_job_set_data(job, "load", "{}", 2, "b.json"),
                     MAZE_ERR_INVALID);
    assert_detail_has("--load: 'b.json' is given as data");
    maze_job_destroy(job);
    assert_int_equal(maze_job_create(&job), MAZE_OK);
    assert_int_equal(maze_job_set_data(job, "load", "{}", 2, "b.json"),
                     MAZE_OK);
    assert_int_equal(maze_job_set(job, "load", "a.json"), MAZE_ERR_INVALID);
    assert_detail_has("--load: 'b.json' is given as data");
    maze_job_destroy(job);
}

static void
test_job_data_refused(void **state)
{
    (void)state;
    struct maze_job *job;
    assert_int_equal(maze_job_create(&job), MAZE_OK);
    /* Over the bounds: 64 MiB of mask, half the memory of --load. */
    size_t big = ((size_t)64 << 20) + 1;
    char *bytes = calloc(big, 1);
    assert_non_null(bytes);
    assert_int_equal(maze_job_set_data(job, "mask", bytes, big, "big.png"),
                     MAZE_ERR_INVALID);
    assert_detail_has("--mask: cannot read 'big.png': larger than 64 MiB");
    assert_int_equal(maze_job_set_data(job, "mask", bytes, big - 1, "m.png"),
                     MAZE_OK);
    assert_int_equal(maze_job_set(job, "max-memory", "1M"), MAZE_OK);
    assert_int_equal(
        maze_job_set_data(job, "load", bytes, (512 << 10) + 1, "big.json"),
        MAZE_ERR_INVALID);
    assert_detail_has("--load: 'big.json' is larger than the 524288 bytes");
    assert_detail_has("--max-memory");
    assert_false(maze_job_given(job, MAZE_OPT_LOAD));
    free(bytes);
    /* Options that are not inputs, and unknown ones. */
    assert_int_equal(maze_job_set_data(job, "width", "12", 2, NULL),
                     MAZE_ERR_INVALID);
    assert_detail_has("-W/--width: takes text");
    assert_int_equal(maze_job_set_data(job, "job", "{}", 2, NULL),
                     MAZE_ERR_INVALID);
    assert_detail_has("--job: takes a file's path");
    assert_int_equal(maze_job_set_data(job, "no-such", "x", 1, NULL),
                     MAZE_ERR_INVALID);
    assert_detail_has("no-such");
    assert_int_equal(maze_job_set_data(job, "mask", NULL, 3, NULL),
                     MAZE_ERR_INVALID);
    maze_job_destroy(job);
    /* Not after the check. */
    assert_int_equal(maze_job_create(&job), MAZE_OK);
    assert_int_equal(maze_job_check(job), MAZE_OK);
    assert_int_equal(maze_job_set_data(job, "mask", "#", 1, NULL),
                     MAZE_ERR_INVALID);
    maze_job_destroy(job);
}

/* A book whose mask was given as data: each maze of --job has it. */
static void
test_job_data_mask_in_book(void **state)
{
    (void)state;
    SKIP_WITHOUT_DRAWING();
    char path[32];
    static const char book[] =
        "{\"mazes\": [{\"seed\": 1}, {\"seed\": 2, \"grid\": \"hex\"}]}\n";
    temp_file(path, book, sizeof(book) - 1);
    struct maze_job *job;
    assert_int_equal(maze_job_create(&job), MAZE_OK);
    assert_int_equal(
        maze_job_set_data(job, "mask", "###\n#.#\n###\n", 12, "ring.txt"),
        MAZE_OK);
    set_all(job, "job", path, "t", "pdf", NULL);
    struct membuf b = written(job);
    for (size_t i = 0; i < 2; i++) {
        const struct maze *m = maze_job_maze(job, i, NULL, NULL);
        assert_non_null(m);
        assert_int_equal(maze_grid_cell_count(maze_grid(m)), 8);
    }
    free(b.data);
    maze_job_destroy(job);
    unlink(path);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_job_data_mask_png),
        cmocka_unit_test(test_job_data_mask_text),
        cmocka_unit_test(test_job_data_mask_messages),
        cmocka_unit_test(test_job_data_load),
        cmocka_unit_test(test_job_data_load_alone),
        cmocka_unit_test(test_job_data_refused),
        cmocka_unit_test(test_job_data_mask_in_book),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
