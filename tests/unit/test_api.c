/* SPDX-License-Identifier: MIT */
/*
 * The API's promises to programs that outlive a release: option structs
 * that carry their size, error details a caller can show, cancellation
 * from the progress callback, and the running library's version.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "membuf.h"
#include <mazegen/mazegen.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void
assert_detail_has(const char *want)
{
    const char *d = maze_error_detail();
    if (strstr(d, want) == NULL) {
        fail_msg("detail \"%s\" does not mention \"%s\"", d, want);
    }
}

static struct maze *
rect_maze(uint32_t w, uint32_t h, struct maze_grid **grid)
{
    struct maze *m;
    assert_int_equal(maze_grid_create_rect(w, h, grid), MAZE_OK);
    assert_int_equal(maze_create(*grid, &m), MAZE_OK);
    return m;
}

static void
test_api_version(void **state)
{
    (void)state;
    assert_string_equal(maze_version(), MAZEGEN_VERSION);
    assert_int_equal(maze_version_number(), MAZEGEN_VERSION_NUMBER);
    assert_int_equal(MAZEGEN_VERSION_NUMBER, MAZEGEN_VERSION_MAJOR * 10000 +
                                                 MAZEGEN_VERSION_MINOR * 100 +
                                                 MAZEGEN_VERSION_PATCH);
    assert_string_equal(maze_strerror(MAZE_ERR_CANCELLED), "cancelled");
}

/* Every entry point refuses a struct whose struct_size was never set. */
static void
test_api_unset_size(void **state)
{
    (void)state;
    struct maze_grid *g;
    struct maze *m = rect_maze(4, 4, &g);
    struct maze_generate_options zero_gen = {.seed = 1};
    assert_int_equal(maze_generate(m, &zero_gen), MAZE_ERR_INVALID);
    assert_detail_has("MAZE_GENERATE_OPTIONS_INIT");
    uint64_t bytes;
    assert_int_equal(maze_generate_estimate(4, 4, &zero_gen, &bytes),
                     MAZE_ERR_INVALID);
    assert_detail_has("maze_generate_options.struct_size is 0");
    struct maze_stream *s;
    assert_int_equal(maze_stream_create(4, 4, &zero_gen, &s), MAZE_ERR_INVALID);
    assert_null(s);

    struct maze_grid_params zero_params = {.size = {4, 4}};
    struct maze_grid *g2;
    assert_int_equal(
        maze_grid_create(maze_grid_kind_find("rect"), &zero_params, &g2),
        MAZE_ERR_INVALID);
    assert_detail_has("MAZE_GRID_PARAMS_INIT");
    assert_int_equal(maze_grid_measure(maze_grid_kind_find("hex"), &zero_params,
                                       NULL, NULL, NULL),
                     MAZE_ERR_INVALID);

    struct maze_generate_options gen = MAZE_GENERATE_OPTIONS_INIT;
    assert_int_equal(maze_generate(m, &gen), MAZE_OK);
    assert_string_equal(maze_error_detail(), "");

    struct membuf b = {0};
    struct maze_sink sink = membuf_sink(&b, SIZE_MAX, SIZE_MAX);
    struct maze_export_options zero_exp = {.dpi = 96};
    assert_int_equal(maze_export(m, "svg", &zero_exp, &sink), MAZE_ERR_INVALID);
    assert_detail_has("MAZE_EXPORT_OPTIONS_INIT");
    /* Nested structs are checked too. */
    struct maze_sheet_options zero_sheet = {.per_page = 1};
    struct maze_export_options exp = MAZE_EXPORT_OPTIONS_INIT;
    exp.sheet = &zero_sheet;
    assert_int_equal(maze_export(m, "pdf", &exp, &sink), MAZE_ERR_INVALID);
    assert_detail_has("MAZE_SHEET_OPTIONS_INIT");
    struct maze_svg_options zero_svg = {.plotter = true};
    exp = (struct maze_export_options)MAZE_EXPORT_OPTIONS_INIT;
    exp.svg = &zero_svg;
    assert_int_equal(maze_export(m, "svg", &exp, &sink), MAZE_ERR_INVALID);
    assert_detail_has("MAZE_SVG_OPTIONS_INIT");
    double cell;
    /* A core build refuses every sheet first: nothing to check. */
    assert_int_equal(maze_sheet_fit(NULL, &zero_sheet, 4, 4, &cell),
                     MAZE_HAS_DRAWING ? MAZE_ERR_INVALID
                                      : MAZE_ERR_UNSUPPORTED);
    uint64_t pw, ph;
    assert_int_equal(maze_png_size(g, 0, 0, &zero_exp, &pw, &ph),
                     MAZE_ERR_INVALID);
    assert_int_equal(b.len, 0);

    struct maze_metrics zero_metrics;
    memset(&zero_metrics, 0x5a, sizeof(zero_metrics));
    zero_metrics.struct_size = 0;
    assert_int_equal(maze_measure(m, &zero_metrics), MAZE_ERR_INVALID);
    assert_detail_has("MAZE_METRICS_INIT");
    assert_int_equal(zero_metrics.cells, 0x5a5a5a5a5a5a5a5aull);
    struct maze_metrics metrics = MAZE_METRICS_INIT;
    assert_int_equal(maze_measure(m, &metrics), MAZE_OK);
    assert_int_equal(metrics.cells, 16);
    assert_int_equal(metrics.struct_size, sizeof(metrics));

    free(b.data);
    maze_destroy(m);
    maze_grid_destroy(g);
}

/*
 * A program built against newer headers passes a longer struct: fine
 * while the members this library does not know are zero, refused with a
 * detail when one is set.
 */
static void
test_api_newer_struct(void **state)
{
    (void)state;
    struct maze_grid *g;
    struct maze *m = rect_maze(6, 5, &g);
    struct newer {
        struct maze_generate_options known;
        uint64_t added[3];
    } newer;
    memset(&newer, 0, sizeof(newer));
    newer.known.struct_size = sizeof(newer);
    newer.known.algorithm = "kruskal";
    newer.known.seed = 9;
    assert_int_equal(maze_generate(m, &newer.known), MAZE_OK);
    uint64_t passages = maze_passage_count(m);
    assert_int_equal(passages, 29);
    newer.added[2] = 1;
    assert_int_equal(maze_generate(m, &newer.known), MAZE_ERR_INVALID);
    assert_detail_has("does not know");
    /* The same maze as a struct of exactly this library's size. */
    struct maze_generate_options same = MAZE_GENERATE_OPTIONS_INIT;
    same.algorithm = "kruskal";
    same.seed = 9;
    struct maze *m2;
    assert_int_equal(maze_create(g, &m2), MAZE_OK);
    assert_int_equal(maze_generate(m2, &same), MAZE_OK);
    for (uint32_t e = 0; e < maze_grid_edge_count(g); e++) {
        assert_int_equal(maze_is_open(m, e), maze_is_open(m2, e));
    }
    /* Shorter than the first release of the struct: refused. */
    same.struct_size = offsetof(struct maze_generate_options, seed);
    assert_int_equal(maze_generate(m2, &same), MAZE_ERR_INVALID);
    assert_detail_has("struct_size is");
    maze_destroy(m2);
    maze_destroy(m);
    maze_grid_destroy(g);
}

static void
test_api_details(void **state)
{
    (void)state;
    struct maze_grid *g;
    struct maze *m = rect_maze(5, 5, &g);
    struct maze_generate_options gen = MAZE_GENERATE_OPTIONS_INIT;
    gen.algorithm = "dfs";
    assert_int_equal(maze_generate(m, &gen), MAZE_ERR_INVALID);
    assert_detail_has("unknown algorithm \"dfs\"");
    assert_detail_has("backtracker");
    assert_detail_has("wilson");
    gen.algorithm = "backtracker";
    gen.weave = 101;
    struct maze_grid_params wp = MAZE_GRID_PARAMS_INIT;
    wp.size[MAZE_SIZE_WIDTH] = 5;
    wp.size[MAZE_SIZE_HEIGHT] = 5;
    struct maze_grid *wg;
    assert_int_equal(maze_grid_create(maze_grid_kind_find("weave"), &wp, &wg),
                     MAZE_OK);
    struct maze *wm;
    assert_int_equal(maze_create(wg, &wm), MAZE_OK);
    assert_int_equal(maze_generate(wm, &gen), MAZE_ERR_INVALID);
    assert_detail_has("weave 101");
    gen.weave = 0;
    gen.algorithm = "wilson";
    assert_int_equal(maze_generate(wm, &gen), MAZE_ERR_UNSUPPORTED);
    assert_detail_has("wilson does not carve weave");
    gen.algorithm = "kruskal";
    assert_int_equal(maze_generate(wm, &gen), MAZE_OK);
    assert_string_equal(maze_error_detail(), "");
    struct maze_path *path;
    assert_int_equal(maze_solve_between(wm, 0, 25, &path), MAZE_ERR_RANGE);
    assert_detail_has("cell 25: the grid has 25 cells");
    maze_destroy(wm);
    maze_grid_destroy(wg);

    struct membuf b = {0};
    struct maze_sink sink = membuf_sink(&b, SIZE_MAX, SIZE_MAX);
    assert_int_equal(maze_export(m, "gif", NULL, &sink), MAZE_ERR_INVALID);
    assert_detail_has("unknown format \"gif\"");
    assert_detail_has("svg");

    struct maze_grid *bad;
    assert_int_equal(maze_grid_create_rect(0, 5, &bad), MAZE_ERR_RANGE);
    assert_detail_has("width 0: a rect grid takes 1 to 2147483647 columns");
    struct maze_grid_params hp = MAZE_GRID_PARAMS_INIT;
    hp.size[MAZE_SIZE_WIDTH] = 5;
    hp.size[MAZE_SIZE_HEIGHT] = 5;
    hp.size[MAZE_SIZE_LEVELS] = 3;
    assert_int_equal(maze_grid_create(maze_grid_kind_find("hex"), &hp, &bad),
                     MAZE_ERR_INVALID);
    assert_detail_has("levels 3: a hex grid has no levels");
    uint64_t bytes;
    gen = (struct maze_generate_options)MAZE_GENERATE_OPTIONS_INIT;
    assert_int_equal(maze_generate_estimate(0, 5, &gen, &bytes),
                     MAZE_ERR_RANGE);
    assert_detail_has("width 0");
    /* A detail is never more than one line of printable ASCII. */
    gen.algorithm = "bad\nname\xff";
    assert_int_equal(maze_generate(m, &gen), MAZE_ERR_INVALID);
    for (const char *c = maze_error_detail(); *c != '\0'; c++) {
        assert_true(*c >= 0x20 && *c <= 0x7e);
    }
    free(b.data);
    maze_destroy(m);
    maze_grid_destroy(g);
}

static void *
other_thread(void *arg)
{
    (void)arg;
    /* A fresh thread starts with no detail, whatever the others did. */
    char before = maze_error_detail()[0];
    struct maze_grid *g;
    int rc = maze_grid_create_rect(0, 3, &g);
    return (void *)(uintptr_t)(before == 0 && rc == MAZE_ERR_RANGE &&
                               strstr(maze_error_detail(), "width 0") != NULL);
}

static void
test_api_detail_per_thread(void **state)
{
    (void)state;
    struct maze_generate_options gen = MAZE_GENERATE_OPTIONS_INIT;
    gen.algorithm = "nope";
    uint64_t bytes;
    assert_int_equal(maze_generate_estimate(3, 3, &gen, &bytes),
                     MAZE_ERR_INVALID);
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, other_thread, NULL), 0);
    void *ok;
    assert_int_equal(pthread_join(t, &ok), 0);
    assert_true(ok != NULL);
    assert_detail_has("unknown algorithm \"nope\"");
}

/* A progress callback that cancels at its n-th call, noting how much the
 * sink held then. */
struct canceller {
    unsigned calls, cancel_at;
    const struct membuf *sink;
    size_t written_at_cancel;
};

static int
cancel_report(void *ctx, const char *phase, uint64_t done, uint64_t total)
{
    (void)phase;
    (void)done;
    (void)total;
    struct canceller *c = ctx;
    if (++c->calls == c->cancel_at) {
        c->written_at_cancel = c->sink ? c->sink->len : 0;
        return 1;
    }
    return 0;
}

static void
test_api_cancel_generate(void **state)
{
    (void)state;
    static const char *const algorithms[] = {
        "backtracker", "kruskal", "wilson", "eller", "prim", "division",
    };
    struct maze_grid *g;
    struct maze *m = rect_maze(700, 700, &g);
    for (size_t i = 0; i < COUNT(algorithms); i++) {
        /* At the first report (start), in the middle where the algorithm
         * reports as it carves, and at the last. */
        for (unsigned at = 1; at <= 3; at++) {
            struct canceller c = {.cancel_at = at};
            struct maze_progress p = {cancel_report, &c};
            struct maze_generate_options gen = MAZE_GENERATE_OPTIONS_INIT;
            gen.algorithm = algorithms[i];
            gen.seed = 5;
            gen.progress = &p;
            int rc = maze_generate(m, &gen);
            if (c.calls < at) {
                /* Fewer reports than that: it ran to the end. */
                assert_int_equal(rc, MAZE_OK);
                continue;
            }
            if (rc != MAZE_ERR_CANCELLED) {
                fail_msg("%s, cancelled at report %u: status %d", algorithms[i],
                         at, rc);
            }
            /* Nothing half made is left behind, and no report came
             * after the cancel. */
            assert_int_equal(maze_passage_count(m), 0);
            assert_int_equal(c.calls, at);
        }
    }
    /* A fractal maze reports from its blocks. */
    struct maze_grid *fg;
    struct maze *fm = rect_maze(729, 729, &fg);
    struct canceller c = {.cancel_at = 2};
    struct maze_progress p = {cancel_report, &c};
    struct maze_generate_options gen = MAZE_GENERATE_OPTIONS_INIT;
    gen.fractal = 3;
    gen.progress = &p;
    assert_int_equal(maze_generate(fm, &gen), MAZE_ERR_CANCELLED);
    assert_int_equal(maze_passage_count(fm), 0);
    maze_destroy(fm);
    maze_grid_destroy(fg);
    maze_destroy(m);
    maze_grid_destroy(g);
}

/* A progress callback that cancels at the endpoint search. */
static int
cancel_search(void *ctx, const char *phase, uint64_t done, uint64_t total)
{
    (void)done;
    (void)total;
    unsigned *calls = ctx;
    ++*calls;
    return strcmp(phase, "finding endpoints") == 0;
}

/* Cancelled while it looks for the ends, after the carve: nothing is
 * left either. */
static void
test_api_cancel_endpoints(void **state)
{
    (void)state;
    struct maze_grid *g;
    struct maze *m = rect_maze(1200, 1000, &g);
    unsigned calls = 0;
    struct maze_progress p = {cancel_search, &calls};
    struct maze_generate_options gen = MAZE_GENERATE_OPTIONS_INIT;
    gen.progress = &p;
    assert_int_equal(maze_generate(m, &gen), MAZE_ERR_CANCELLED);
    assert_int_equal(maze_passage_count(m), 0);
    /* Carved again without a callback, then searched alone. */
    gen.progress = NULL;
    gen.endpoints = MAZE_ENDPOINTS_CORNERS;
    assert_int_equal(maze_generate(m, &gen), MAZE_OK);
    calls = 0;
    assert_int_equal(maze_place_endpoints(m, MAZE_ENDPOINTS_LONGEST, &p),
                     MAZE_ERR_CANCELLED);
    assert_int_equal(calls, 1);
    maze_destroy(m);
    maze_grid_destroy(g);
}

/* A stream cancelled half way: the export stops, writes nothing more and
 * says so; the stream stays stopped. */
static void
test_api_cancel_stream(void **state)
{
    (void)state;
    static const char *const formats[] = {"png", "text"};
    for (size_t i = 0; i < COUNT(formats); i++) {
        struct membuf b = {0};
        struct maze_sink sink = membuf_sink(&b, SIZE_MAX, SIZE_MAX);
        struct canceller c = {.cancel_at = 40, .sink = &b};
        struct maze_progress p = {cancel_report, &c};
        struct maze_generate_options gen = MAZE_GENERATE_OPTIONS_INIT;
        gen.algorithm = "eller";
        gen.progress = &p;
        struct maze_stream *s;
        assert_int_equal(maze_stream_create(300, 4000, &gen, &s), MAZE_OK);
        assert_int_equal(maze_stream_export(s, formats[i], NULL, &sink),
                         MAZE_ERR_CANCELLED);
        assert_int_equal(c.calls, 40);
        assert_int_equal(b.len, c.written_at_cancel);
        const uint64_t *east, *south;
        assert_int_equal(maze_stream_next_row(s, &east, &south),
                         MAZE_ERR_CANCELLED);
        maze_stream_destroy(s);
        free(b.data);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_api_version),
        cmocka_unit_test(test_api_unset_size),
        cmocka_unit_test(test_api_newer_struct),
        cmocka_unit_test(test_api_details),
        cmocka_unit_test(test_api_detail_per_thread),
        cmocka_unit_test(test_api_cancel_generate),
        cmocka_unit_test(test_api_cancel_endpoints),
        cmocka_unit_test(test_api_cancel_stream),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
