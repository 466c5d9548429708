/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for streaming (stream.h): a streamed maze is row for row the
 * maze maze_generate() makes from the same options, and writing it from
 * the stream gives byte for byte the text and PNG of that maze in memory
 * with the same endpoints, for every streamable algorithm, on thin, odd,
 * word-sized and wide grids, under bias, with the default corner
 * endpoints and with others. Then the errors, progress reports, and that
 * every algorithm the registry calls streamable can stream.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "support.h"

#define ONE MAZE_WEIGHT_ONE
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const char *const streamable[] = {"binary-tree", "sidewinder", "eller"};

static const struct size sizes[] = {
    {1, 1},  {1, 9},   {9, 1},   {2, 2},  {37, 23}, {63, 5},  {64, 4},
    {65, 3}, {128, 3}, {129, 7}, {3, 64}, {7, 65},  {300, 2}, {2, 300},
};

static const struct maze_bias biases[] = {
    {{0, 0}}, {{3 * ONE, ONE}}, {{ONE, 0}}, {{0, ONE}}, {{1, MAZE_WEIGHT_MAX}},
};

static struct maze_stream *
stream_for(const char *alg, uint32_t w, uint32_t h, uint64_t seed,
           struct maze_bias bias)
{
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = alg,
                                      .seed = seed,
                                      .bias = bias};
    struct maze_stream *s = NULL;
    assert_int_equal(maze_stream_create(w, h, &o, &s), MAZE_OK);
    assert_non_null(s);
    assert_int_equal(maze_stream_width(s), w);
    assert_int_equal(maze_stream_height(s), h);
    return s;
}

/* The in-memory maze of the same options, with corner endpoints. */
static void
generate_corners(struct fixture *f, const char *alg, uint64_t seed,
                 struct maze_bias bias)
{
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = alg,
                                      .seed = seed,
                                      .bias = bias,
                                      .endpoints = MAZE_ENDPOINTS_CORNERS};
    assert_int_equal(maze_generate(f->maze, &o), MAZE_OK);
    uint32_t cells = maze_grid_cell_count(f->grid);
    assert_int_equal(maze_start(f->maze), 0);
    assert_int_equal(maze_finish(f->maze), cells - 1);
}

static bool
row_bit(const uint64_t *bits, uint32_t x)
{
    return (bits[x / 64] >> (x % 64)) & 1u;
}

static void
test_stream_rows_match_generate(void **state)
{
    (void)state;
    for (size_t a = 0; a < COUNT(streamable); a++) {
        for (size_t k = 0; k < COUNT(sizes); k++) {
            uint32_t w = sizes[k].w, h = sizes[k].h;
            struct fixture f;
            fixture_create(&f, w, h);
            for (size_t b = 0; b < COUNT(biases); b++) {
                uint64_t seed = maze_seed_derive(k, b);
                generate_corners(&f, streamable[a], seed, biases[b]);
                struct maze_stream *s =
                    stream_for(streamable[a], w, h, seed, biases[b]);
                size_t words = ((size_t)w + 63) / 64;
                for (uint32_t y = 0; y < h; y++) {
                    const uint64_t *east, *south;
                    assert_int_equal(maze_stream_next_row(s, &east, &south),
                                     MAZE_OK);
                    for (uint32_t x = 0; x < w; x++) {
                        uint32_t c = y * w + x;
                        assert_int_equal(row_bit(east, x),
                                         maze_is_open(f.maze, 2 * c));
                        assert_int_equal(row_bit(south, x),
                                         maze_is_open(f.maze, 2 * c + 1));
                    }
                    /* Bits past the width are clear. */
                    for (uint32_t x = w; x < 64 * words; x++) {
                        assert_false(row_bit(east, x) || row_bit(south, x));
                    }
                }
                const uint64_t *east, *south;
                assert_int_equal(maze_stream_next_row(s, &east, &south),
                                 MAZE_ERR_RANGE);
                maze_stream_destroy(s);
            }
            fixture_finish(&f);
        }
    }
}

/* Writes a stream of these options in format into b. */
static int
stream_to(const char *alg, uint32_t w, uint32_t h, uint64_t seed,
          struct maze_bias bias, const uint32_t *ends, const char *format,
          const struct maze_export_options *opt, struct membuf *b)
{
    struct maze_stream *s = stream_for(alg, w, h, seed, bias);
    if (ends != NULL) {
        assert_int_equal(
            maze_stream_set_endpoints(s, ends[0], ends[1], ends[2], ends[3]),
            MAZE_OK);
    }
    struct maze_sink sink = membuf_sink(b, SIZE_MAX, SIZE_MAX);
    int rc = maze_stream_export(s, format, opt, &sink);
    maze_stream_destroy(s);
    return rc;
}

static void
check_same_bytes(const char *alg, uint32_t w, uint32_t h, uint64_t seed,
                 struct maze_bias bias, const uint32_t *ends,
                 const char *format, const struct maze_export_options *opt)
{
    struct fixture f;
    fixture_create(&f, w, h);
    generate_corners(&f, alg, seed, bias);
    if (ends != NULL) {
        assert_int_equal(maze_set_endpoints(f.maze, ends[1] * w + ends[0],
                                            ends[3] * w + ends[2]),
                         MAZE_OK);
    }
    struct membuf mem, str;
    assert_int_equal(export_to(f.maze, format, opt, &mem, SIZE_MAX), MAZE_OK);
    assert_int_equal(stream_to(alg, w, h, seed, bias, ends, format, opt, &str),
                     MAZE_OK);
    if (mem.len != str.len || memcmp(mem.data, str.data, mem.len) != 0) {
        fail_msg("%s %ux%u seed %llu: streamed %s differs from the maze in "
                 "memory (%zu and %zu bytes)",
                 alg, (unsigned)w, (unsigned)h, (unsigned long long)seed,
                 format, str.len, mem.len);
    }
    free(mem.data);
    free(str.data);
    fixture_finish(&f);
}

static void
test_stream_export_same_bytes(void **state)
{
    (void)state;
    struct maze_export_options plain = MAZE_EXPORT_OPTIONS_INIT;
    struct maze_export_options utf8 = {.struct_size =
                                           sizeof(struct maze_export_options),
                                       .charset = MAZE_CHARSET_UTF8};
    struct maze_export_options bars = {.struct_size =
                                           sizeof(struct maze_export_options),
                                       .charset = MAZE_CHARSET_UNDERSCORE};
    struct maze_export_options big = {
        .struct_size = sizeof(struct maze_export_options),
        .cell_size = {7, MAZE_UNIT_PX},
        .wall_width = {2, MAZE_UNIT_PX},
        .margin = {3, MAZE_UNIT_PX},
    };
    /* Cells too big for the packed bilevel rows: the general renderer. */
    struct maze_export_options huge = {.struct_size =
                                           sizeof(struct maze_export_options),
                                       .cell_size = {70, MAZE_UNIT_PX}};
    for (size_t a = 0; a < COUNT(streamable); a++) {
        for (size_t k = 0; k < COUNT(sizes); k++) {
            uint32_t w = sizes[k].w, h = sizes[k].h;
            struct maze_bias bias = biases[k % COUNT(biases)];
            uint64_t seed = 1000 + k;
            const char *alg = streamable[a];
            check_same_bytes(alg, w, h, seed, bias, NULL, "text", &plain);
            check_same_bytes(alg, w, h, seed, bias, NULL, "text", &utf8);
            check_same_bytes(alg, w, h, seed, bias, NULL, "text", &bars);
            check_same_bytes(alg, w, h, seed, bias, NULL, "blocks", &plain);
            check_same_bytes(alg, w, h, seed, bias, NULL, "blocks-raw", &plain);
            check_same_bytes(alg, w, h, seed, bias, NULL, "png", &plain);
            check_same_bytes(alg, w, h, seed, bias, NULL, "png", &big);
            if (w * h < 100) {
                check_same_bytes(alg, w, h, seed, bias, NULL, "png", &huge);
            }
            /* Endpoints elsewhere: inside, on one cell, on the edges. */
            uint32_t inside[4] = {w / 2, h / 2, w - 1, 0};
            uint32_t one[4] = {w - 1, h / 3, w - 1, h / 3};
            uint32_t edges[4] = {w / 3, 0, 0, h - 1};
            const uint32_t *ends[3] = {inside, one, edges};
            for (int e = 0; e < 3; e++) {
                check_same_bytes(alg, w, h, seed, bias, ends[e], "text",
                                 &plain);
                check_same_bytes(alg, w, h, seed, bias, ends[e], "png", &big);
                check_same_bytes(alg, w, h, seed, bias, ends[e], "blocks-csv",
                                 &plain);
            }
        }
    }
}

static void
test_stream_wide(void **state)
{
    (void)state;
    /* Rows far wider than a word, few of them: every word boundary of
     * the row bitsets and of the maze's slots is crossed. */
    for (size_t a = 0; a < COUNT(streamable); a++) {
        check_same_bytes(streamable[a], 20000, 3, 9, biases[0], NULL, "text",
                         &(struct maze_export_options)MAZE_EXPORT_OPTIONS_INIT);
        check_same_bytes(streamable[a], 5003, 4, 9, biases[1], NULL, "png",
                         &(struct maze_export_options)MAZE_EXPORT_OPTIONS_INIT);
    }
}

static void
test_stream_errors(void **state)
{
    (void)state;
    struct maze_generate_options eller = {
        .struct_size = sizeof(struct maze_generate_options),
        .algorithm = "eller",
        .seed = 1};
    struct maze_generate_options kruskal = {
        .struct_size = sizeof(struct maze_generate_options),
        .algorithm = "kruskal"};
    struct maze_generate_options bogus = {
        .struct_size = sizeof(struct maze_generate_options),
        .algorithm = "bogus"};
    struct maze_generate_options heavy = {
        .struct_size = sizeof(struct maze_generate_options),
        .algorithm = "eller",
        .bias = {{MAZE_WEIGHT_MAX + 1, 1}}};
    struct maze_stream *s = (struct maze_stream *)&s;
    assert_int_equal(maze_stream_create(5, 5, &kruskal, &s),
                     MAZE_ERR_UNSUPPORTED);
    assert_null(s);
    assert_int_equal(maze_stream_create(5, 5, &bogus, &s), MAZE_ERR_INVALID);
    assert_int_equal(maze_stream_create(5, 5, &heavy, &s), MAZE_ERR_INVALID);
    assert_int_equal(maze_stream_create(0, 5, &eller, &s), MAZE_ERR_RANGE);
    assert_int_equal(maze_stream_create(5, 0, &eller, &s), MAZE_ERR_RANGE);
    assert_int_equal(maze_stream_create(5, 5, NULL, &s), MAZE_ERR_INVALID);
    assert_int_equal(maze_stream_create(5, 5, &eller, NULL), MAZE_ERR_INVALID);
    maze_stream_destroy(NULL);

    assert_true(maze_stream_format_supported("text"));
    assert_true(maze_stream_format_supported("png"));
    assert_false(maze_stream_format_supported("svg"));
    assert_false(maze_stream_format_supported("pdf"));
    assert_false(maze_stream_format_supported("bogus"));
    assert_false(maze_stream_format_supported(NULL));

    assert_int_equal(maze_stream_create(5, 4, &eller, &s), MAZE_OK);
    struct membuf b;
    struct maze_sink sink = membuf_sink(&b, SIZE_MAX, SIZE_MAX);
    assert_int_equal(maze_stream_export(s, "svg", NULL, &sink),
                     MAZE_ERR_UNSUPPORTED);
    assert_int_equal(maze_stream_export(s, "bogus", NULL, &sink),
                     MAZE_ERR_INVALID);
    struct maze_path path = {.cells = (uint32_t[]){0}, .length = 1};
    struct maze_export_options with_path = {
        .struct_size = sizeof(struct maze_export_options), .solution = &path};
    assert_int_equal(maze_stream_export(s, "text", &with_path, &sink),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_stream_export(NULL, "text", NULL, &sink),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_stream_export(s, "text", NULL, NULL),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_stream_set_endpoints(s, 5, 0, 0, 0), MAZE_ERR_RANGE);
    assert_int_equal(maze_stream_set_endpoints(s, 0, 4, 0, 0), MAZE_ERR_RANGE);
    assert_int_equal(maze_stream_set_endpoints(s, 0, 0, 0, 4), MAZE_ERR_RANGE);
    assert_int_equal(maze_stream_set_endpoints(s, 0, 0, 5, 0), MAZE_ERR_RANGE);
    assert_null(b.data);

    /* Once a row is taken the stream cannot start over. */
    const uint64_t *east, *south;
    assert_int_equal(maze_stream_next_row(s, &east, &south), MAZE_OK);
    assert_int_equal(maze_stream_export(s, "text", NULL, &sink),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_stream_set_endpoints(s, 1, 1, 2, 2),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_stream_next_row(s, NULL, &south), MAZE_ERR_INVALID);
    for (int y = 1; y < 4; y++) {
        assert_int_equal(maze_stream_next_row(s, &east, &south), MAZE_OK);
    }
    assert_int_equal(maze_stream_next_row(s, &east, &south), MAZE_ERR_RANGE);
    maze_stream_destroy(s);
    free(b.data);
}

static void
test_stream_provenance(void **state)
{
    (void)state;
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = "sidewinder",
                                      .seed = 77,
                                      .bias = {{2 * ONE, ONE}}};
    struct maze_stream *s;
    assert_int_equal(maze_stream_create(12, 5, &o, &s), MAZE_OK);
    const struct maze_provenance *p = maze_stream_provenance(s);
    assert_string_equal(p->algorithm, "sidewinder");
    assert_int_equal(p->seed, 77);
    assert_int_equal(p->bias.weight[MAZE_CLASS_H], 2 * ONE);
    assert_int_equal(p->bias.weight[MAZE_CLASS_V], ONE);
    assert_true(p->perfect);
    assert_string_equal(p->params, "");
    struct membuf b;
    struct maze_sink sink = membuf_sink(&b, SIZE_MAX, SIZE_MAX);
    assert_int_equal(maze_stream_export(s, "text", NULL, &sink), MAZE_OK);
    assert_non_null(strstr(b.data, "# mazegen -W 12 -H 5 -a sidewinder "
                                   "-b h=2,v=1 -s 77\n"));
    free(b.data);
    maze_stream_destroy(s);
}

struct reports {
    uint64_t calls, last_done, total;
    bool rising;
};

static int
on_report(void *ctx, const char *phase, uint64_t done, uint64_t total)
{
    struct reports *r = ctx;
    assert_string_equal(phase, "carving");
    r->rising = r->rising && (r->calls == 0 || done >= r->last_done);
    r->calls++;
    r->last_done = done;
    r->total = total;
    return 0;
}

static void
test_stream_progress(void **state)
{
    (void)state;
    struct reports r = {.rising = true};
    struct maze_progress p = {on_report, &r};
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = "eller",
                                      .seed = 3,
                                      .progress = &p};
    struct maze_stream *s;
    assert_int_equal(maze_stream_create(10, 5000, &o, &s), MAZE_OK);
    struct membuf b;
    struct maze_sink sink = membuf_sink(&b, SIZE_MAX, SIZE_MAX);
    assert_int_equal(maze_stream_export(s, "png", NULL, &sink), MAZE_OK);
    assert_true(r.rising);
    assert_int_equal(r.total, 5000);
    assert_int_equal(r.last_done, 5000);
    /* Spaced out: about a thousand reports, not one per row. */
    assert_true(r.calls >= 100 && r.calls <= 2100);
    free(b.data);
    maze_stream_destroy(s);
}

static void
test_stream_registry_agrees(void **state)
{
    (void)state;
    /* Exactly the algorithms the registry marks streamable can stream. */
    unsigned count = 0;
    for (size_t i = 0; i < maze_algorithm_count(); i++) {
        const struct maze_algorithm_info *a = maze_algorithm_at(i);
        struct maze_generate_options o = {
            .struct_size = sizeof(struct maze_generate_options),
            .algorithm = a->name};
        struct maze_stream *s;
        int rc = maze_stream_create(3, 3, &o, &s);
        assert_int_equal(rc, a->streamable ? MAZE_OK : MAZE_ERR_UNSUPPORTED);
        count += a->streamable;
        maze_stream_destroy(rc == MAZE_OK ? s : NULL);
    }
    assert_int_equal(count, COUNT(streamable));
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stream_rows_match_generate),
        cmocka_unit_test(test_stream_export_same_bytes),
        cmocka_unit_test(test_stream_wide),
        cmocka_unit_test(test_stream_errors),
        cmocka_unit_test(test_stream_provenance),
        cmocka_unit_test(test_stream_progress),
        cmocka_unit_test(test_stream_registry_agrees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
