/* SPDX-License-Identifier: MIT */
/*
 * The wall-graph exporter and loader together: the exact bytes of a small
 * file; round trips (maze -> json -> maze_load_json()) that must give a
 * maze every exporter draws byte for byte as it drew the original, for
 * every algorithm, shaped mazes (braid, rooms, unicursal), custom
 * endpoints, thin and tiny grids and a 2000 x 2000 maze; provenance text
 * holding any bytes; solutions the exporter refuses; and a sink that fails
 * at every write.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "support.h"

/* A maze read back from a file, with its grid. */
struct loaded {
    struct maze_grid *grid;
    struct maze *maze;
};

static struct membuf
export_json(const struct maze *m, const struct maze_path *sol)
{
    struct membuf b;
    struct maze_export_options opt = {
        .struct_size = sizeof(struct maze_export_options), .solution = sol};
    assert_int_equal(export_to(m, "json", &opt, &b, SIZE_MAX), MAZE_OK);
    assert_non_null(b.data);
    return b;
}

static struct loaded
load(const char *data, size_t len)
{
    struct loaded l;
    struct maze_load_error err;
    int rc = maze_load_json(data, len, &l.grid, &l.maze, &err);
    if (rc != MAZE_OK) {
        fail_msg("load failed (%s) at %lu:%lu: %s", maze_strerror(rc), err.line,
                 err.column, err.message);
    }
    assert_string_equal(err.message, "");
    return l;
}

static void
unload(struct loaded *l)
{
    maze_destroy(l->maze);
    maze_grid_destroy(l->grid);
}

/* Asserts that a and b hold the same passages, endpoints and provenance. */
static void
check_same_maze(const struct maze *a, const struct maze *b)
{
    const struct maze_grid *ga = maze_grid(a), *gb = maze_grid(b);
    assert_int_equal(maze_grid_kind(ga), maze_grid_kind(gb));
    assert_int_equal(maze_grid_width(ga), maze_grid_width(gb));
    assert_int_equal(maze_grid_height(ga), maze_grid_height(gb));
    for (uint32_t e = 0; e < maze_grid_edge_slots(ga); e++) {
        if (maze_is_open(a, e) != maze_is_open(b, e)) {
            fail_msg("edge %u differs", (unsigned)e);
        }
    }
    assert_int_equal(maze_start(a), maze_start(b));
    assert_int_equal(maze_finish(a), maze_finish(b));
    assert_int_equal(maze_start_opening(a), maze_start_opening(b));
    assert_int_equal(maze_finish_opening(a), maze_finish_opening(b));
    const struct maze_provenance *pa = maze_provenance(a);
    const struct maze_provenance *pb = maze_provenance(b);
    assert_string_equal(pa->algorithm, pb->algorithm);
    assert_string_equal(pa->params, pb->params);
    assert_true(pa->seed == pb->seed);
    assert_int_equal(pa->bias.weight[0], pb->bias.weight[0]);
    assert_int_equal(pa->bias.weight[1], pb->bias.weight[1]);
    assert_int_equal(pa->perfect, pb->perfect);
}

/* A sheet of letter paper with a Name / Date line. */
static const struct maze_sheet_options letter = {
    .struct_size = sizeof(struct maze_sheet_options), .name_line = true};

/* The renderings compared: every format and the options that matter. */
static const struct {
    const char *format;
    enum maze_charset charset;
    const struct maze_sheet_options *sheet;
} renders[] = {
    {"text", MAZE_CHARSET_ASCII, NULL},  {"text", MAZE_CHARSET_UTF8, NULL},
    {"png", MAZE_CHARSET_ASCII, NULL},   {"svg", MAZE_CHARSET_ASCII, NULL},
    {"pdf", MAZE_CHARSET_ASCII, NULL},   {"pdf", MAZE_CHARSET_ASCII, &letter},
    {"sheet", MAZE_CHARSET_ASCII, NULL}, {"json", MAZE_CHARSET_ASCII, NULL},
};

/* Exports a and b alike in every rendering, with and without their
 * solutions, and asserts the bytes are the same. */
static void
check_same_renders(const struct maze *a, const struct maze *b, const char *what)
{
    struct maze_path *pa = NULL, *pb = NULL;
    int ra = maze_solve(a, &pa), rb = maze_solve(b, &pb);
    assert_int_equal(ra, rb);
    if (ra == MAZE_OK) {
        assert_int_equal(pa->length, pb->length);
        assert_memory_equal(pa->cells, pb->cells,
                            pa->length * sizeof(pa->cells[0]));
    }
    for (size_t i = 0; i < sizeof(renders) / sizeof(renders[0]); i++) {
        if (maze_format_find(renders[i].format)->draws == 0) {
            continue; /* pdf and sheet in a core build */
        }
        for (int with = 0; with < 2; with++) {
            if (with && ra != MAZE_OK) {
                continue;
            }
            struct maze_export_options opt = {
                .struct_size = sizeof(struct maze_export_options),
                .charset = renders[i].charset,
                .sheet = renders[i].sheet,
                .solution = with ? pa : NULL,
            };
            struct membuf ba, bb;
            assert_int_equal(
                export_to(a, renders[i].format, &opt, &ba, SIZE_MAX), MAZE_OK);
            opt.solution = with ? pb : NULL;
            assert_int_equal(
                export_to(b, renders[i].format, &opt, &bb, SIZE_MAX), MAZE_OK);
            if (ba.len != bb.len || memcmp(ba.data, bb.data, ba.len) != 0) {
                fail_msg("%s: %s (render %zu%s) differs after loading", what,
                         renders[i].format, i, with ? ", solution" : "");
            }
            free(ba.data);
            free(bb.data);
        }
    }
    maze_path_destroy(pa);
    maze_path_destroy(pb);
}

/*
 * The round trip: m to json (with its solution when it has one, which the
 * loader checks), back to a maze that must equal m and draw like it.
 */
static void
round_trip(const struct maze *m, const char *what)
{
    struct maze_path *path = NULL;
    if (maze_solve(m, &path) != MAZE_OK) {
        path = NULL;
    }
    struct membuf b = export_json(m, path);
    struct loaded l = load(b.data, b.len);
    check_same_maze(m, l.maze);
    check_same_renders(m, l.maze, what);
    free(b.data);
    maze_path_destroy(path);
    unload(&l);
}

static void
test_json_registry(void **state)
{
    (void)state;
    const struct maze_format_info *info = maze_format_find("json");
    assert_non_null(info);
    assert_string_equal(info->name, "json");
    assert_string_equal(info->extensions[0], "json");
    assert_null(info->extensions[1]);
    assert_int_equal(info->flags, MAZE_FORMAT_DATA);
    assert_ptr_equal(maze_format_for_path("out/maze.JSON"), info);
    assert_non_null(strstr(info->description, "wall-graph"));
}

/* The 2x2 maze of fixture_2x2(): passages 0-1, 0-2, 2-3. */
#define EXACT_2X2_HEAD                                                         \
    "{\n"                                                                      \
    "  \"format\": \"mazegen-wall-graph\",\n"                                  \
    "  \"version\": 2,\n"                                                      \
    "  \"generator\": \"mazegen " MAZEGEN_VERSION "\",\n"                      \
    "  \"grid\": {\"kind\": \"rect\", \"width\": 2, \"height\": 2, "           \
    "\"cell_count\": 4, \"edge_count\": 4},\n"                                 \
    "  \"start\": {\"x\": 0, \"y\": 0},\n"                                     \
    "  \"finish\": {\"x\": 1, \"y\": 1},\n"                                    \
    "  \"provenance\": {\n"                                                    \
    "    \"algorithm\": \"hand\",\n"                                           \
    "    \"seed\": \"7\",\n"                                                   \
    "    \"bias\": \"h=1,v=1\",\n"                                             \
    "    \"params\": \"\",\n"                                                  \
    "    \"perfect\": false\n"                                                 \
    "  },\n"                                                                   \
    "  \"passage_count\": 3,\n"                                                \
    "  \"passages\": {\n"                                                      \
    "    \"encoding\": \"rect-rows\",\n"                                       \
    "    \"rows\": [\n"                                                        \
    "      \"30\",\n"                                                          \
    "      \"10\"\n"                                                           \
    "    ]\n"                                                                  \
    "  }"

/* Other kinds: the passages as pairs of cells. A 2 x 2 hex grid (cells 0
 * and 1 on the first row, 2 and 3 on the second) with 0-1, 0-2, 2-3. */
static void
test_json_exact_pairs(void **state)
{
    (void)state;
    struct fixture f = {0};
    struct maze_grid_params p = {.struct_size = sizeof(struct maze_grid_params),
                                 .size = {2, 2}};
    assert_int_equal(maze_grid_create(maze_grid_kind_find("hex"), &p, &f.grid),
                     MAZE_OK);
    assert_int_equal(maze_create(f.grid, &f.maze), MAZE_OK);
    open_cells(&f, 0, 1);
    open_cells(&f, 0, 2);
    open_cells(&f, 2, 3);
    struct maze_provenance prov = {.algorithm = "hand", .seed = 7};
    for (int c = 0; c < MAZE_MAX_CLASSES; c++) {
        prov.bias.weight[c] = MAZE_WEIGHT_ONE;
    }
    maze_set_provenance(f.maze, &prov);
    assert_int_equal(maze_set_endpoints(f.maze, 0, 3), MAZE_OK);
    struct membuf b = export_json(f.maze, NULL);
    assert_string_equal(
        b.data, "{\n"
                "  \"format\": \"mazegen-wall-graph\",\n"
                "  \"version\": 2,\n"
                "  \"generator\": \"mazegen " MAZEGEN_VERSION "\",\n"
                "  \"grid\": {\"kind\": \"hex\", \"width\": 2, \"height\": 2, "
                "\"cell_count\": 4, \"edge_count\": 5},\n"
                "  \"start\": {\"x\": 0, \"y\": 0},\n"
                "  \"finish\": {\"x\": 1, \"y\": 1},\n"
                "  \"provenance\": {\n"
                "    \"algorithm\": \"hand\",\n"
                "    \"seed\": \"7\",\n"
                "    \"bias\": \"h=1,ne=1,nw=1\",\n"
                "    \"params\": \"\",\n"
                "    \"perfect\": false\n"
                "  },\n"
                "  \"passage_count\": 3,\n"
                "  \"passages\": {\n"
                "    \"encoding\": \"cell-pairs\",\n"
                "    \"pairs\": [\n"
                "      [0, 1], [0, 2], [2, 3]\n"
                "    ]\n"
                "  }\n}\n");
    /* And back, the same bytes. */
    struct loaded l = load(b.data, b.len);
    struct membuf again = export_json(l.maze, NULL);
    assert_string_equal(again.data, b.data);
    free(again.data);
    unload(&l);
    free(b.data);
    fixture_finish(&f);
}

static void
test_json_exact_bytes(void **state)
{
    (void)state;
    struct fixture f;
    fixture_2x2(&f);
    struct membuf b = export_json(f.maze, NULL);
    assert_string_equal(b.data, EXACT_2X2_HEAD "\n}\n");
    free(b.data);
    b = export_json(f.maze, f.path);
    assert_string_equal(b.data, EXACT_2X2_HEAD ",\n"
                                               "  \"solution\": [\n"
                                               "    [0, 0], [0, 1], [1, 1]\n"
                                               "  ]\n"
                                               "}\n");
    free(b.data);
    fixture_finish(&f);
}

static void
test_json_solution_lines(void **state)
{
    /* Eight cells a line: a corridor of 17 cells takes three lines. */
    (void)state;
    struct fixture f;
    fixture_create(&f, 17, 1);
    for (uint32_t x = 0; x + 1 < 17; x++) {
        open_cells(&f, x, x + 1);
    }
    assert_int_equal(maze_set_endpoints(f.maze, 0, 16), MAZE_OK);
    assert_int_equal(maze_solve(f.maze, &f.path), MAZE_OK);
    struct membuf b = export_json(f.maze, f.path);
    const char *sol = strstr(b.data, "\"solution\": [\n");
    assert_non_null(sol);
    assert_string_equal(sol, "\"solution\": [\n"
                             "    [0, 0], [1, 0], [2, 0], [3, 0], [4, 0], "
                             "[5, 0], [6, 0], [7, 0],\n"
                             "    [8, 0], [9, 0], [10, 0], [11, 0], [12, 0], "
                             "[13, 0], [14, 0], [15, 0],\n"
                             "    [16, 0]\n"
                             "  ]\n"
                             "}\n");
    free(b.data);
    fixture_finish(&f);
}

static void
test_json_round_trip_algorithms(void **state)
{
    (void)state;
    static const struct size sizes[] = {{9, 6}, {1, 1}, {1, 7},
                                        {7, 1}, {2, 2}, {5, 4}};
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const char *alg = maze_algorithm_at(a)->name;
        for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
            struct fixture f;
            fixture_create(&f, sizes[s].w, sizes[s].h);
            uint64_t seed = 1000 + 17 * a + s;
            assert_int_equal(generate(f.maze, alg, seed, 0, 0), MAZE_OK);
            char what[96];
            snprintf(what, sizeof(what), "%s %ux%u seed %llu", alg,
                     (unsigned)sizes[s].w, (unsigned)sizes[s].h,
                     (unsigned long long)seed);
            round_trip(f.maze, what);
            fixture_finish(&f);
        }
    }
}

static void
test_json_round_trip_bias_and_seed(void **state)
{
    /* Fractional weights, a zero weight, and the largest seed. */
    (void)state;
    static const char *const biases[] = {"h=3,v=1", "h=0.5,v=1000", "h=0,v=1",
                                         "h=0.000001,v=2.25"};
    for (size_t i = 0; i < sizeof(biases) / sizeof(biases[0]); i++) {
        struct fixture f;
        fixture_create(&f, 8, 5);
        struct maze_generate_options g = {
            .struct_size = sizeof(struct maze_generate_options),
            .algorithm = "kruskal",
            .seed = UINT64_MAX - i};
        assert_int_equal(maze_bias_parse(biases[i], RECT_KIND, &g.bias),
                         MAZE_OK);
        assert_int_equal(maze_generate(f.maze, &g), MAZE_OK);
        round_trip(f.maze, biases[i]);
        struct membuf b = export_json(f.maze, NULL);
        char expect[64];
        snprintf(expect, sizeof(expect), "\"bias\": \"%s\"", biases[i]);
        assert_non_null(strstr(b.data, expect));
        free(b.data);
        fixture_finish(&f);
    }
}

static void
test_json_round_trip_shaped(void **state)
{
    (void)state;
    /* Braided: loops, no longer perfect. */
    static const uint32_t fractions[] = {MAZE_FRACTION_ONE / 2,
                                         MAZE_FRACTION_ONE};
    for (size_t i = 0; i < 2; i++) {
        struct fixture f;
        fixture_create(&f, 11, 8);
        assert_int_equal(generate(f.maze, "backtracker", 5, 0, 0), MAZE_OK);
        assert_int_equal(maze_braid(f.maze, fractions[i], 9), MAZE_OK);
        assert_false(maze_provenance(f.maze)->perfect);
        assert_true(maze_passage_count(f.maze) > 87);
        round_trip(f.maze, "braid");
        fixture_finish(&f);
    }
    /* Division with rooms: open areas, not perfect. */
    struct fixture f;
    fixture_create(&f, 14, 9);
    struct maze_generate_options g = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = "division",
                                      .seed = 4,
                                      .room_size = 3};
    assert_int_equal(maze_generate(f.maze, &g), MAZE_OK);
    assert_false(maze_provenance(f.maze)->perfect);
    round_trip(f.maze, "division rooms");
    /* Unicursal: the doubled grid, start and finish side by side. */
    struct maze_grid *ug;
    struct maze *um;
    assert_int_equal(generate(f.maze, "wilson", 6, 0, 0), MAZE_OK);
    assert_int_equal(maze_unicursal(f.maze, &ug, &um), MAZE_OK);
    assert_int_equal(maze_grid_width(ug), 28);
    round_trip(um, "unicursal");
    maze_destroy(um);
    maze_grid_destroy(ug);
    fixture_finish(&f);
}

static void
test_json_round_trip_endpoints(void **state)
{
    /* Endpoints inside the grid (no openings), on one cell, at corners. */
    (void)state;
    static const uint32_t pairs[][2] = {{23, 31}, {40, 40}, {0, 59},
                                        {59, 0},  {9, 50},  {0, 0}};
    for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
        struct fixture f;
        fixture_create(&f, 10, 6);
        assert_int_equal(generate(f.maze, "prim", 8, 0, 0), MAZE_OK);
        assert_int_equal(maze_set_endpoints(f.maze, pairs[i][0], pairs[i][1]),
                         MAZE_OK);
        round_trip(f.maze, "endpoints");
        fixture_finish(&f);
    }
    /* A 1x1 maze: start and finish one cell, two openings. */
    struct fixture f;
    fixture_create(&f, 1, 1);
    assert_int_equal(generate(f.maze, NULL, 1, 0, 0), MAZE_OK);
    assert_int_not_equal(maze_start_opening(f.maze),
                         maze_finish_opening(f.maze));
    round_trip(f.maze, "1x1");
    fixture_finish(&f);
}

static void
test_json_round_trip_hand_made(void **state)
{
    /* Never generated: empty algorithm, seed 0, no bias ("h=0,v=0"), a
     * finish that cannot be reached, and a loop while "perfect" is false. */
    (void)state;
    struct fixture f;
    fixture_create(&f, 4, 3);
    open_cells(&f, 0, 1);
    open_cells(&f, 1, 5);
    open_cells(&f, 5, 4);
    open_cells(&f, 4, 0);
    struct membuf b = export_json(f.maze, NULL);
    assert_non_null(strstr(b.data, "\"algorithm\": \"\",\n"));
    assert_non_null(strstr(b.data, "\"bias\": \"h=0,v=0\",\n"));
    assert_non_null(strstr(b.data, "\"seed\": \"0\",\n"));
    free(b.data);
    round_trip(f.maze, "hand-made");
    fixture_finish(&f);
}

/*
 * Provenance holding any bytes: escapes for quotes, backslashes and
 * control characters, well-formed UTF-8 kept, each other byte written as
 * '?' so the text keeps its length and fits its field when read back.
 */
static void
test_json_provenance_bytes(void **state)
{
    (void)state;
    struct fixture f;
    fixture_2x2(&f);
    struct maze_provenance p = *maze_provenance(f.maze);
    strcpy(p.params, "a\"b\\c\n\r\t\x01\x1f\x7f/\xc3\xa9\xf0\x9f\x98\x80"
                     " \xff\xc3"
                     "z\xed\xa0\x80\xe2\x82");
    memset(p.algorithm, 0xff, sizeof(p.algorithm) - 1);
    p.algorithm[sizeof(p.algorithm) - 1] = '\0';
    maze_set_provenance(f.maze, &p);
    struct membuf b = export_json(f.maze, NULL);
    assert_non_null(strstr(b.data, "\"params\": \"a\\\"b\\\\c??????"
                                   "/\xc3\xa9\xf0\x9f\x98"
                                   "\x80 ??z?????\",\n"));
    struct loaded l = load(b.data, b.len);
    const struct maze_provenance *q = maze_provenance(l.maze);
    assert_string_equal(q->params, "a\"b\\c??????"
                                   "/\xc3\xa9\xf0\x9f"
                                   "\x98\x80 ??z?????");
    assert_int_equal(strlen(q->algorithm), 31);
    assert_int_equal(strspn(q->algorithm, "?"), 31);
    /* Written again, the loaded maze gives the same file. */
    struct membuf again = export_json(l.maze, NULL);
    assert_string_equal(again.data, b.data);
    free(again.data);
    free(b.data);
    unload(&l);
    fixture_finish(&f);
}

static void
test_json_refuses_bad_solutions(void **state)
{
    (void)state;
    struct fixture f;
    fixture_2x2(&f); /* passages 0-1, 0-2, 2-3; start 0, finish 3 */
    uint32_t not_from_start[] = {2, 3};
    uint32_t not_to_finish[] = {0, 2};
    uint32_t through_wall[] = {0, 1, 3};
    uint32_t jump[] = {0, 3};
    uint32_t off_grid[] = {0, 2, 3, 4};
    struct maze_path bad[] = {
        {not_from_start, 2}, {not_to_finish, 2}, {through_wall, 3},
        {jump, 2},           {off_grid, 4},      {NULL, 3},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        struct membuf b;
        struct maze_export_options opt = {
            .struct_size = sizeof(struct maze_export_options),
            .solution = &bad[i]};
        assert_int_equal(export_to(f.maze, "json", &opt, &b, SIZE_MAX),
                         MAZE_ERR_INVALID);
        assert_int_equal(b.len, 0); /* refused before writing */
        free(b.data);
    }
    /* An empty path is no solution. */
    struct maze_path empty = {NULL, 0};
    struct maze_export_options opt = {
        .struct_size = sizeof(struct maze_export_options), .solution = &empty};
    struct membuf b;
    assert_int_equal(export_to(f.maze, "json", &opt, &b, SIZE_MAX), MAZE_OK);
    assert_null(strstr(b.data, "solution"));
    free(b.data);
    fixture_finish(&f);
}

static void
test_json_refuses_weights_it_cannot_read(void **state)
{
    (void)state;
    struct fixture f;
    fixture_2x2(&f);
    struct maze_provenance p = *maze_provenance(f.maze);
    p.bias.weight[MAZE_CLASS_V] = MAZE_WEIGHT_MAX + 1;
    maze_set_provenance(f.maze, &p);
    struct membuf b;
    assert_int_equal(export_to(f.maze, "json", NULL, &b, SIZE_MAX),
                     MAZE_ERR_RANGE);
    assert_int_equal(b.len, 0);
    free(b.data);
    fixture_finish(&f);
}

/* Every write refused in turn: MAZE_ERR_IO, and no write after it. */
static void
test_json_failing_sink(void **state)
{
    (void)state;
    struct fixture f;
    fixture_generate(&f, 150, 90, 12, false);
    struct maze_export_options opt = {
        .struct_size = sizeof(struct maze_export_options), .solution = f.path};
    struct membuf full;
    struct maze_sink sink = membuf_sink(&full, SIZE_MAX, SIZE_MAX);
    assert_int_equal(maze_export(f.maze, "json", &opt, &sink), MAZE_OK);
    assert_true(full.writes >= 5);
    for (size_t at = 0; at < full.writes; at++) {
        struct membuf b;
        sink = membuf_sink(&b, SIZE_MAX, at);
        assert_int_equal(maze_export(f.maze, "json", &opt, &sink), MAZE_ERR_IO);
        assert_int_equal(b.writes, at + 1);
        assert_memory_equal(b.data ? b.data : "", full.data, b.len);
        free(b.data);
    }
    free(full.data);
    fixture_finish(&f);
}

/* A 2000 x 2000 maze: a 4 MB file, read back in linear time. */
static void
test_json_large(void **state)
{
    (void)state;
    struct fixture f;
    fixture_create(&f, 2000, 2000);
    assert_int_equal(generate(f.maze, "sidewinder", 3, 0, 0), MAZE_OK);
    assert_int_equal(maze_solve(f.maze, &f.path), MAZE_OK);
    struct membuf b = export_json(f.maze, f.path);
    assert_true(b.len > 4000000);
    struct loaded l = load(b.data, b.len);
    check_same_maze(f.maze, l.maze);
    struct membuf again = export_json(l.maze, f.path);
    assert_int_equal(again.len, b.len);
    assert_memory_equal(again.data, b.data, b.len);
    free(again.data);
    free(b.data);
    unload(&l);
    fixture_finish(&f);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_registry),
        cmocka_unit_test(test_json_exact_bytes),
        cmocka_unit_test(test_json_exact_pairs),
        cmocka_unit_test(test_json_solution_lines),
        cmocka_unit_test(test_json_round_trip_algorithms),
        cmocka_unit_test(test_json_round_trip_bias_and_seed),
        cmocka_unit_test(test_json_round_trip_shaped),
        cmocka_unit_test(test_json_round_trip_endpoints),
        cmocka_unit_test(test_json_round_trip_hand_made),
        cmocka_unit_test(test_json_provenance_bytes),
        cmocka_unit_test(test_json_refuses_bad_solutions),
        cmocka_unit_test(test_json_refuses_weights_it_cannot_read),
        cmocka_unit_test(test_json_failing_sink),
        cmocka_unit_test(test_json_large),
    };
    return cmocka_run_group_tests(tests, NULL, teardown_cairo);
}
