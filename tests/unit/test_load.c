/* SPDX-License-Identifier: MIT */
/*
 * maze_load_json() on files written by hand: a small valid file and the
 * variants it must accept (members in any order, unknown members, escapes,
 * other whitespace), then a table of malformed files, each of which must
 * be rejected with the right status and a one-line message naming the
 * problem at the right line and column. Every proper prefix of a valid
 * file is rejected as cut short. Nothing is returned on failure (the
 * suite runs under ASan, so nothing may leak either).
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

/*
 * A 3x2 perfect maze: passages 0-1, 1-2, 2-5, 3-4, 4-5 (cells numbered
 * y * 3 + x), start at (0, 0), finish at (2, 1). Line 7 is the longest.
 */
static const char base[] =
    "{\n"
    "  \"format\": \"mazegen-wall-graph\",\n"
    "  \"version\": 1,\n"
    "  \"grid\": {\"kind\": \"rect\", \"width\": 3, \"height\": 2},\n"
    "  \"start\": {\"x\": 0, \"y\": 0},\n"
    "  \"finish\": {\"x\": 2, \"y\": 1},\n"
    "  \"provenance\": {\"algorithm\": \"hand\", \"seed\": \"7\", \"bias\": "
    "\"h=1,v=1\", \"params\": \"\", \"perfect\": true},\n"
    "  \"passage_count\": 5,\n"
    "  \"passages\": {\"encoding\": \"rect-rows\", \"rows\": [\"112\", "
    "\"110\"]},\n"
    "  \"solution\": [[0, 0], [1, 0], [2, 0], [2, 1]]\n"
    "}\n";

/* doc with the first occurrence of from replaced by to; caller frees. */
static char *
mutate_in(const char *doc, const char *from, const char *to)
{
    const char *at = strstr(doc, from);
    if (at == NULL) {
        fail_msg("\"%s\" is not in the base file", from);
    }
    size_t head = (size_t)(at - doc), nf = strlen(from), nt = strlen(to);
    char *s = malloc(strlen(doc) + 1 - nf + nt);
    assert_non_null(s);
    memcpy(s, doc, head);
    memcpy(s + head, to, nt);
    strcpy(s + head + nt, at + nf);
    return s;
}

static char *
mutate(const char *from, const char *to)
{
    return mutate_in(base, from, to);
}

/* The maze of base, checked through the public API. */
static void
check_base_maze(const struct maze *m)
{
    const struct maze_grid *g = maze_grid(m);
    assert_int_equal(maze_grid_width(g), 3);
    assert_int_equal(maze_grid_height(g), 2);
    static const uint32_t open[] = {0, 2, 5, 6, 8}; /* east 0, 1, 3, 4... */
    uint32_t slots = maze_grid_edge_slots(g);
    for (uint32_t e = 0, k = 0; e < slots; e++) {
        bool want = k < 5 && open[k] == e;
        assert_int_equal(maze_is_open(m, e), want);
        k += want;
    }
    assert_int_equal(maze_start(m), 0);
    assert_int_equal(maze_finish(m), 5);
    const struct maze_provenance *p = maze_provenance(m);
    assert_string_equal(p->algorithm, "hand");
    assert_true(p->seed == 7);
    assert_int_equal(p->bias.weight[0], MAZE_WEIGHT_ONE);
    assert_int_equal(p->bias.weight[1], MAZE_WEIGHT_ONE);
    assert_string_equal(p->params, "");
    assert_true(p->perfect);
}

/* Loads text and asserts success; returns the maze (caller frees). */
static struct maze *
load_ok(const char *text, size_t len, struct maze_grid **grid)
{
    struct maze *m;
    struct maze_load_error err;
    int rc = maze_load_json(text, len, grid, &m, &err);
    if (rc != MAZE_OK) {
        fail_msg("rejected (%s) at %lu:%lu: %s\n%s", maze_strerror(rc),
                 err.line, err.column, err.message, text);
    }
    return m;
}

static void
test_load_base(void **state)
{
    (void)state;
    struct maze_grid *g;
    struct maze *m = load_ok(base, strlen(base), &g);
    check_base_maze(m);
    /* The openings are those maze_set_endpoints() chooses. */
    struct maze *ref;
    assert_int_equal(maze_create(g, &ref), MAZE_OK);
    assert_int_equal(maze_set_endpoints(ref, 0, 5), MAZE_OK);
    assert_int_equal(maze_start_opening(m), maze_start_opening(ref));
    assert_int_equal(maze_finish_opening(m), maze_finish_opening(ref));
    maze_destroy(ref);
    maze_destroy(m);
    maze_grid_destroy(g);
}

/* Variants of base that hold the same maze. */
static const struct {
    const char *what, *from, *to;
} same[] = {
    {"no solution", ",\n  \"solution\": [[0, 0], [1, 0], [2, 0], [2, 1]]", ""},
    {"no whitespace", "{\n  \"format\"", "{\"format\""},
    {"CRLF and tabs", "\"version\": 1,\n", "\"version\"\t:\r\n1\r\n,\r\n"},
    {"unknown top-level member", "{\n",
     "{\"comment\": {\"a\": [1, -2.5e-3, 0.0, 1E+2, true, false, null, "
     "\"\\ud83d\\ude00\", {\"b\": []}, {}]}, \"generator\": 5,\n"},
    {"unknown member in grid", "\"kind\": \"rect\"",
     "\"kind\": \"rect\", \"cells\": 6"},
    {"unknown members in start and provenance", "{\"x\": 0, \"y\": 0}",
     "{\"x\": 0, \"z\": [0], \"y\": 0}"},
    {"unknown member in passages", "\"encoding\": \"rect-rows\",",
     "\"encoding\": \"rect-rows\", \"note\": \"x\","},
    {"members in another order",
     "{\"kind\": \"rect\", \"width\": 3, "
     "\"height\": 2}",
     "{\"height\": 2, \"width\": 3, \"kind\": \"rect\"}"},
    {"top-level order",
     "\"format\": \"mazegen-wall-graph\",\n  \"version\": 1,",
     "\"version\": 1,\n  \"format\": \"mazegen-wall-graph\","},
    {"escaped kind", "\"rect\"", "\"\\u0072e\\u0063t\""},
    {"escaped member name", "\"grid\":", "\"gri\\u0064\":"},
    {"escaped digits", "\"112\"", "\"\\u0031\\u00312\""},
    {"escaped hyphen", "\"rect-rows\"", "\"rect\\u002drows\""},
};

static void
test_load_variants(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(same) / sizeof(same[0]); i++) {
        char *text = mutate(same[i].from, same[i].to);
        struct maze_grid *g;
        struct maze *m = load_ok(text, strlen(text), &g);
        check_base_maze(m);
        maze_destroy(m);
        maze_grid_destroy(g);
        free(text);
    }
}

static void
test_load_values(void **state)
{
    /* Values at the edges of their ranges, and strings needing decoding. */
    (void)state;
    char *text = mutate("\"seed\": \"7\", \"bias\": \"h=1,v=1\", \"params\": "
                        "\"\"",
                        "\"seed\": \"18446744073709551615\", \"bias\": "
                        "\"h=0,v=0\", \"params\": \"\\ud83d\\ude00 \\\"q\\\" "
                        "\\u0041\\u00e9\xc3\xa9\"");
    struct maze_grid *g;
    struct maze *m = load_ok(text, strlen(text), &g);
    const struct maze_provenance *p = maze_provenance(m);
    assert_true(p->seed == UINT64_MAX);
    assert_int_equal(p->bias.weight[0], 0);
    assert_int_equal(p->bias.weight[1], 0);
    assert_string_equal(p->params, "\xf0\x9f\x98\x80 \"q\" A\xc3\xa9\xc3\xa9");
    maze_destroy(m);
    maze_grid_destroy(g);
    free(text);
    /* "perfect": false accepts any passages, loops included. */
    text = mutate("\"perfect\": true}", "\"perfect\": false}");
    char *loop = strstr(text, "\"112\"");
    memcpy(loop, "\"132\"", 5);
    loop = strstr(text, "\"passage_count\": 5");
    memcpy(loop, "\"passage_count\": 6", 18);
    m = load_ok(text, strlen(text), &g);
    assert_false(maze_provenance(m)->perfect);
    assert_int_equal(maze_passage_count(m), 6);
    maze_destroy(m);
    maze_grid_destroy(g);
    free(text);
}

/* A malformed file: base with from replaced by to (from NULL: to is the
 * whole file), the status, part of the message, and where (0: not
 * checked). */
struct bad {
    const char *from, *to;
    int status;
    const char *message;
    unsigned long line, column;
};

#define INV MAZE_ERR_INVALID
#define RNG MAZE_ERR_RANGE
#define UNS MAZE_ERR_UNSUPPORTED

static const struct bad bad[] = {
    /* The file as a whole. */
    {NULL, "", INV, "the file is empty", 1, 1},
    {NULL, " \n\t ", INV, "the file holds no JSON value", 2, 3},
    {NULL, "[1, 2]", INV, "expected a JSON object", 1, 1},
    {NULL, "\"mazegen\"", INV, "expected a JSON object", 1, 1},
    {NULL, "\xef\xbb\xbf{}", INV, "expected a value, found byte 0xef", 1, 1},
    {"}\n", "} x\n", INV, "unexpected 'x' after the end of the JSON value", 11,
     3},
    {"}\n", "}{}", INV, "unexpected '{' after the end", 11, 2},
    /* JSON syntax. */
    {"\"version\": 1,", "\"version\": 1,,", INV,
     "expected a member name in double quotes, found ','", 3, 16},
    {"\"version\": 1,", "\"version\" 1,", INV,
     "expected ':' after a member name, found '1'", 3, 13},
    {"\"version\": 1,", "\"version\": 1", INV,
     "expected ',' or '}' after an object member, found '\"'", 4, 3},
    {"\"version\": 1,", "'version': 1,", INV,
     "expected a member name in double quotes, found '''", 3, 3},
    {"\"version\": 1,", "version: 1,", INV, "expected a member name", 3, 3},
    {"\"version\": 1,", "\"version\": 1, // one\n", INV,
     "expected a member name in double quotes, found '/'", 3, 17},
    {"[[0, 0], [1, 0],", "[[0, 0], [1, 0],,", INV, "expected a value", 10, 31},
    {"[2, 1]]", "[2, 1],]", INV, "expected a value, found ']'", 10, 47},
    {"[2, 1]]", "[2, 1]", INV, "expected ',' or ']' after an array element", 11,
     1},
    {"\"perfect\": true}", "\"perfect\": tru}", INV, "invalid literal", 7, 96},
    {"\"perfect\": true}", "\"perfect\": True}", INV,
     "expected a value, found 'T'", 7, 96},
    {"\"perfect\": true}", "\"perfect\": truee}", INV,
     "expected ',' or '}' after an object member, found 'e'", 7, 100},
    {"\"perfect\": true}", "\"perfect\": nul}", INV, "invalid literal", 0, 0},
    /* Numbers (in a member the loader ignores: syntax is still checked). */
    {"{\n", "{\"n\": 01,\n", INV,
     "a number must not start with a 0 followed by more digits", 1, 7},
    {"{\n", "{\"n\": -01,\n", INV, "must not start with a 0", 1, 8},
    {"{\n", "{\"n\": 1.,\n", INV, "expected a digit after the decimal point", 1,
     9},
    {"{\n", "{\"n\": .5,\n", INV, "expected a value, found '.'", 1, 7},
    {"{\n", "{\"n\": -,\n", INV, "expected a digit after '-'", 1, 8},
    {"{\n", "{\"n\": +1,\n", INV, "expected a value, found '+'", 1, 7},
    {"{\n", "{\"n\": 1e,\n", INV, "expected a digit in the exponent", 1, 9},
    {"{\n", "{\"n\": 1E+,\n", INV, "expected a digit in the exponent", 1, 10},
    {"{\n", "{\"n\": NaN,\n", INV, "expected a value, found 'N'", 1, 7},
    {"{\n", "{\"n\": Infinity,\n", INV, "expected a value, found 'I'", 1, 7},
    {"{\n", "{\"n\": -Infinity,\n", INV, "expected a digit after '-'", 1, 8},
    {"{\n", "{\"n\": 0x10,\n", INV, "expected ',' or '}'", 1, 8},
    {"{\n", "{\"n\": 1.5.3,\n", INV, "expected ',' or '}'", 1, 10},
    /* Strings. */
    {"\"params\": \"\"", "\"params\": \"\xff\"", INV,
     "invalid UTF-8 inside a string", 7, 82},
    {"\"params\": \"\"", "\"params\": \"\xc0\xaf\"", INV, "invalid UTF-8", 7,
     82},
    {"\"params\": \"\"", "\"params\": \"\xed\xa0\x80\"", INV, "invalid UTF-8",
     7, 82},
    {"\"params\": \"\"", "\"params\": \"\xf4\x90\x80\x80\"", INV,
     "invalid UTF-8", 7, 82},
    {"\"params\": \"\"", "\"params\": \"\xe2\x82\"", INV, "invalid UTF-8", 7,
     82},
    {"\"params\": \"\"", "\"params\": \"\xc3\xa9\x80\"", INV, "invalid UTF-8",
     7, 83},
    {"\"params\": \"\"", "\"params\": \"\\ud800\"", INV, "lone surrogate", 7,
     82},
    {"\"params\": \"\"", "\"params\": \"\\uDC00\"", INV, "lone surrogate", 7,
     82},
    {"\"params\": \"\"", "\"params\": \"\\ud800\\u0041\"", INV,
     "lone surrogate", 7, 82},
    {"\"params\": \"\"", "\"params\": \"\\ud800x\"", INV, "lone surrogate", 7,
     82},
    {"\"params\": \"\"", "\"params\": \"\\ud800\\ud800\"", INV,
     "lone surrogate", 7, 82},
    {"\"params\": \"\"", "\"params\": \"a\tb\"", INV,
     "control character U+0009 inside a string", 7, 83},
    {"\"params\": \"\"", "\"params\": \"a\nb\"", INV,
     "control character U+000A", 7, 83},
    {"\"params\": \"\"", "\"params\": \"\\x41\"", INV,
     "invalid escape sequence", 7, 82},
    /* Control characters escaped: refused in the provenance's text. */
    {"\"params\": \"\"", "\"params\": \"a\\tb\"", INV,
     "provenance.params: expected text without control characters", 7, 81},
    {"\"params\": \"\"", "\"params\": \"\\u001b]0;x\\u0007\"", INV,
     "provenance.params: expected text without control characters", 7, 81},
    {"\"params\": \"\"", "\"params\": \"\\u009b2J\"", INV,
     "provenance.params: expected text without control characters", 7, 81},
    {"\"params\": \"\"", "\"params\": \"\\u007f\"", INV,
     "provenance.params: expected text without control characters", 7, 81},
    {"\"hand\"", "\"ha\\u001bnd\"", INV,
     "provenance.algorithm: expected text without control characters", 7, 31},
    {"\"params\": \"\"", "\"params\": \"\\u12g4\"", INV, "invalid escape", 7,
     82},
    {"\"params\": \"\"", "\"params\": \"\\U0041\"", INV, "invalid escape", 7,
     82},
    {"\"params\": \"\"", "\"params\": \"\\'\"", INV, "invalid escape", 7, 82},
    /* Duplicate member names, anywhere, however spelled. */
    {"\"version\": 1,", "\"version\": 1, \"version\": 1,", INV,
     "duplicate member name \"version\"", 3, 17},
    {"\"version\": 1,", "\"version\": 1, \"versio\\u006e\": 2,", INV,
     "duplicate member name \"versio\\u006e\"", 3, 17},
    {"\"y\": 0}", "\"y\": 0, \"x\": 0}", INV, "duplicate member name \"x\"", 5,
     29},
    {"\"version\": 1,",
     "\"version\": 1, \"a-long-name-that-does-not-fit-in-a-message\": 1, "
     "\"a-long-name-that-does-not-fit-in-a-message\": 2,",
     INV,
     "duplicate member name \"a-long-name-that-does-not-fit-in-a-messag...\"",
     3, 66},
    {"{\n", "{\"c\": [{\"a\": {\"b\": 1, \"b\": 2}}],\n", INV,
     "duplicate member name \"b\"", 1, 23},
    /* Not a wall-graph file, or not one this version reads. */
    {"\"mazegen-wall-graph\"", "\"mazegen-maze\"", INV,
     "format: expected \"mazegen-wall-graph\"", 2, 13},
    {"\"mazegen-wall-graph\"", "1", INV, "format: expected", 2, 13},
    {"  \"format\": \"mazegen-wall-graph\",\n", "", INV,
     "missing member \"format\"", 1, 1},
    {"  \"version\": 1,\n", "", INV, "missing member \"version\"", 1, 1},
    {"\"version\": 1", "\"version\": 3", INV,
     "version 3 is newer than this mazegen reads (2)", 3, 14},
    {"\"version\": 1", "\"version\": 123456789012345678901234567890", INV,
     "version 12345678901234567890123456... is newer", 3, 14},
    {"\"version\": 1", "\"version\": 0", INV, "version: expected 1", 3, 14},
    {"\"version\": 1", "\"version\": \"1\"", INV, "version: expected 1", 3, 14},
    {"\"version\": 1", "\"version\": 1.0", INV, "version: expected 1", 3, 14},
    {"\"version\": 1", "\"version\": -1", INV, "version: expected 1", 3, 14},
    /* The grid. */
    {"\"rect\"", "\"hex\"", UNS,
     "grid.kind: unknown grid kind \"hex\" (this mazegen reads \"rect\" in "
     "version 1)",
     4, 20},
    {"\"rect\"", "\"a-very-long-kind-name-indeed\"", UNS,
     "unknown grid kind \"a-very-long-kind-name-indeed\"", 4, 20},
    {"\"rect\"", "1", INV, "grid.kind: expected a string", 4, 20},
    {"\"width\": 3", "\"width\": \"3\"", INV,
     "grid.width: expected a whole number from 1 to 2147483647", 4, 37},
    {"\"width\": 3", "\"width\": 0", RNG, "grid.width: expected a whole number",
     4, 37},
    {"\"width\": 3", "\"width\": -3", RNG, "grid.width: expected", 4, 37},
    {"\"width\": 3", "\"width\": 3.0", INV, "grid.width: expected", 4, 37},
    {"\"width\": 3", "\"width\": 3e0", INV, "grid.width: expected", 4, 37},
    {"\"width\": 3", "\"width\": 3000000000", RNG, "grid.width: expected", 4,
     37},
    {"\"width\": 3", "\"width\": 18446744073709551616", RNG,
     "grid.width: expected", 4, 37},
    {"\"height\": 2", "\"height\": 0", RNG, "grid.height: expected", 4, 50},
    {"\"width\": 3, \"height\": 2", "\"width\": 100000, \"height\": 100000",
     RNG,
     "grid: a rect grid of this size has more than the 2147483647 cells a "
     "maze may have",
     4, 11},
    {", \"height\": 2", "", INV, "grid: missing member \"height\"", 4, 11},
    {"\"grid\": {", "\"grid\": 5, \"g\": {", INV, "grid: expected an object", 4,
     11},
    {"\"grid\": {", "\"grid\": null, \"g\": {", INV, "grid: expected an object",
     4, 11},
    {"\"width\": 3, \"height\": 2", "\"width\": 1000000, \"height\": 2000", RNG,
     "passages.rows: expected 2000 rows (grid.height), found 2", 9, 49},
    /* Start and finish. */
    {"\"start\": {\"x\": 0", "\"start\": {\"x\": 3", RNG,
     "start: not a cell of the 3x2 rect grid; expected its x, y", 5, 12},
    {"\"y\": 1}", "\"y\": 2}", RNG,
     "finish: not a cell of the 3x2 rect grid; expected its x, y", 6, 13},
    {"\"start\": {\"x\": 0, \"y\": 0}", "\"start\": {\"x\": 0}", INV,
     "start: missing member \"y\"", 5, 12},
    {"\"start\": {\"x\": 0, \"y\": 0}", "\"start\": [0, 0]", INV,
     "start: expected an object", 5, 12},
    {"  \"finish\": {\"x\": 2, \"y\": 1},\n", "", INV,
     "missing member \"finish\"", 1, 1},
    /* Provenance. */
    {"\"seed\": \"7\"", "\"seed\": \"18446744073709551616\"", RNG,
     "provenance.seed: expected a decimal string from \"0\" to "
     "\"18446744073709551615\"",
     7, 47},
    {"\"seed\": \"7\"", "\"seed\": 7", INV,
     "provenance.seed: expected a string", 7, 47},
    {"\"seed\": \"7\"", "\"seed\": \"07\"", RNG, "provenance.seed", 7, 47},
    {"\"seed\": \"7\"", "\"seed\": \"\"", RNG, "provenance.seed", 7, 47},
    {"\"seed\": \"7\"", "\"seed\": \"-1\"", RNG, "provenance.seed", 7, 47},
    {"\"seed\": \"7\"", "\"seed\": \" 7\"", RNG, "provenance.seed", 7, 47},
    {"\"seed\": \"7\"", "\"seed\": \"1e3\"", RNG, "provenance.seed", 7, 47},
    {"\"h=1,v=1\"", "\"h=2000\"", RNG,
     "provenance.bias: expected weights like \"h=1,v=1\"", 7, 60},
    {"\"h=1,v=1\"", "\"x=1\"", INV, "provenance.bias", 7, 60},
    {"\"h=1,v=1\"", "\"v=0,h=0\"", RNG, "provenance.bias", 7, 60},
    {"\"h=1,v=1\"", "\"h=1,v=1,\"", INV, "provenance.bias", 7, 60},
    {"\"hand\"", "\"abcdefghijklmnopqrstuvwxyz012345\"", RNG,
     "provenance.algorithm: expected a string of at most 31 bytes", 7, 31},
    {"\"hand\"", "\"\\u0000\"", RNG, "provenance.algorithm", 7, 31},
    {"\"params\": \"\"", "\"params\": \"a\\u0000\"", RNG,
     "provenance.params: expected a string of at most 95 bytes of UTF-8, "
     "without \\u0000",
     7, 81},
    {"\"params\": \"\"", "\"params\": null", INV,
     "provenance.params: expected a string", 7, 81},
    {"\"perfect\": true", "\"perfect\": \"yes\"", INV,
     "provenance.perfect: expected true or false", 7, 96},
    {"\"perfect\": true", "\"perfect\": 1", INV, "provenance.perfect", 7, 96},
    {", \"perfect\": true", "", INV, "provenance: missing member \"perfect\"",
     7, 17},
    {"  \"provenance\"", "  \"prov\"", INV, "missing member \"provenance\"", 1,
     1},
    /* Passages. */
    {"\"passage_count\": 5", "\"passage_count\": 6", RNG,
     "passage_count: 6, but passages.rows hold 5 passages", 8, 20},
    {"\"passage_count\": 5", "\"passage_count\": 8", RNG,
     "passage_count: expected a whole number from 0 to 7", 8, 20},
    {"\"passage_count\": 5", "\"passage_count\": -1", RNG, "passage_count", 8,
     20},
    {"\"passage_count\": 5", "\"passage_count\": 5.5", INV, "passage_count", 8,
     20},
    {"\"rect-rows\"", "\"edges\"", UNS,
     "passages.encoding: unknown encoding \"edges\" for this grid (this "
     "mazegen reads \"rect-rows\" or \"cell-pairs\")",
     9, 28},
    {"\"rect-rows\"", "[]", INV, "passages.encoding: expected a string", 9, 28},
    {"[\"112\", \"110\"]", "[\"112\"]", RNG,
     "passages.rows: expected 2 rows (grid.height), found 1", 9, 49},
    {"[\"112\", \"110\"]", "[\"112\", \"110\", \"000\"]", RNG,
     "passages.rows: expected 2 rows (grid.height), found 3", 9, 49},
    {"[\"112\", \"110\"]", "\"112110\"", INV,
     "passages.rows: expected an array of strings", 9, 49},
    {"\"112\"", "\"11\"", RNG,
     "passages.rows[0]: expected 3 digits (grid.width), found 2", 9, 50},
    {"\"112\"", "\"1120\"", RNG,
     "passages.rows[0]: expected 3 digits (grid.width), found 4", 9, 50},
    {"\"112\"", "\"\"", RNG, "found 0", 9, 50},
    {"\"112\"", "\"1x2\"", INV,
     "passages.rows[0]: expected a digit from 0 to 3 for cell 1", 9, 52},
    {"\"110\"", "\"410\"", INV,
     "passages.rows[1]: expected a digit from 0 to 3 for cell 0", 9, 58},
    {"\"110\"", "\"1\\u00340\"", INV, "passages.rows[1]: expected a digit", 9,
     59},
    {"\"112\"", "\"113\"", RNG,
     "passages.rows[0]: cell 2 has a passage east, off the last column", 9, 53},
    {"\"110\"", "\"120\"", RNG,
     "passages.rows[1]: cell 1 has a passage south, off the last row", 9, 59},
    {"\"110\"]", "110]", INV, "passages.rows[1]: expected a string of digits",
     9, 57},
    {", \"rows\": [\"112\", \"110\"]", "", INV,
     "passages: missing member \"rows\"", 9, 15},
};

/* Asserts msg is one line of printable ASCII without a trailing period. */
static void
check_message_form(const char *msg)
{
    size_t n = strlen(msg);
    assert_true(n > 0 && n < 200);
    for (size_t i = 0; i < n; i++) {
        if (msg[i] < 0x20 || msg[i] > 0x7e) {
            fail_msg("message byte %zu is 0x%02x: %s", i,
                     (unsigned)(unsigned char)msg[i], msg);
        }
    }
    assert_true(msg[n - 1] != '.');
}

/* The text from line:column on (a byte offset; ASCII lines assumed). */
static const char *
near(const char *text, size_t len, unsigned long line, unsigned long column)
{
    size_t i = 0;
    for (unsigned long l = 1; l < line && i < len; i++) {
        l += text[i] == '\n';
    }
    i += column - 1;
    return i < len ? text + i : "(end)";
}

/*
 * Loads text, expecting failure with status, a message containing message,
 * at line:column (line 0: anywhere). Returns false after describing a
 * mismatch, so that a table reports all its failures at once.
 */
static bool
rejects(const char *text, size_t len, int status, const char *message,
        unsigned long line, unsigned long column, const char *what)
{
    struct maze_grid *g = (struct maze_grid *)&g; /* must come back NULL */
    struct maze *m = (struct maze *)&m;
    struct maze_load_error err;
    memset(&err, 0x55, sizeof(err));
    int rc = maze_load_json(text, len, &g, &m, &err);
    bool ok = rc == status && strstr(err.message, message) != NULL &&
              (line == 0 || (err.line == line && err.column == column));
    if (!ok) {
        print_error("%s: expected \"%s\" (%s) at %lu:%lu,\n  got \"%.200s\" "
                    "(%s) at %lu:%lu near \"%.12s\"\n",
                    what, message, maze_strerror(status), line, column,
                    err.message, maze_strerror(rc), err.line, err.column,
                    near(text, len, err.line, err.column));
    }
    assert_null(g);
    assert_null(m);
    check_message_form(err.message);
    assert_true(err.line >= 1 && err.column >= 1);
    return ok;
}

static void
expect_bad(const char *text, size_t len, int status, const char *message,
           unsigned long line, unsigned long column, const char *what)
{
    if (!rejects(text, len, status, message, line, column, what)) {
        fail();
    }
}

static void
test_load_malformed(void **state)
{
    (void)state;
    unsigned failures = 0;
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        char *text =
            bad[i].from ? mutate(bad[i].from, bad[i].to) : strdup(bad[i].to);
        assert_non_null(text);
        char what[64];
        snprintf(what, sizeof(what), "case %zu", i);
        failures += !rejects(text, strlen(text), bad[i].status, bad[i].message,
                             bad[i].line, bad[i].column, what);
        free(text);
    }
    if (failures) {
        fail_msg("%u of %zu malformed files not rejected as expected", failures,
                 sizeof(bad) / sizeof(bad[0]));
    }
}

/* Files whose passages break "perfect", and solutions that are no path. */
static const struct {
    const char *rows, *count, *solution;
    int status;
    const char *message;
    unsigned long line, column;
} semantic[] = {
    /* One passage too many: a loop. */
    {"[\"132\", \"110\"]", "6", NULL, RNG,
     "provenance.perfect: true, but the passages form a loop", 7, 96},
    /* cells - 1 passages, but a loop 0-1-4-3 and 2-5 apart. */
    {"[\"322\", \"100\"]", "5", NULL, RNG,
     "provenance.perfect: true, but the passages form a loop", 7, 96},
    /* One passage too few. */
    {"[\"112\", \"100\"]", "4", NULL, RNG,
     "provenance.perfect: true, but the passages do not join every cell", 7,
     96},
    {NULL, NULL, "[[1, 0], [2, 0], [2, 1]]", RNG,
     "solution[0]: the path must begin at the start [0, 0]", 10, 16},
    {NULL, NULL, "[[0, 0], [0, 1], [1, 1], [2, 1]]", RNG,
     "solution[1]: no passage joins it to the cell before", 10, 24},
    {NULL, NULL, "[[0, 0], [2, 0], [2, 1]]", RNG,
     "solution[1]: no passage joins it", 10, 24},
    {NULL, NULL, "[[0, 0], [1, 0], [2, 0]]", RNG,
     "solution[2]: the path must end at the finish [2, 1]", 10, 32},
    {NULL, NULL, "[[0, 0], [1, 0], [2, 0], [2, 1], [2, 0]]", RNG,
     "solution[4]: the path must end at the finish", 10, 48},
    {NULL, NULL, "[]", RNG, "solution: expected at least one cell", 10, 15},
    {NULL, NULL, "[[0, 0], [1], [2, 0], [2, 1]]", INV,
     "solution[1]: expected a cell [x, y]", 10, 24},
    {NULL, NULL, "[[0, 0, 0]]", INV, "solution[0]: expected a cell [x, y]", 10,
     16},
    {NULL, NULL, "[[0, 0], [\"1\", 0]]", INV, "solution[1]: expected a cell",
     10, 24},
    {NULL, NULL, "[[0, 0], [5, 0]]", RNG,
     "solution[1]: expected a cell [x, y] of the grid", 10, 24},
    {NULL, NULL, "[[0, 0], [1, -1]]", INV,
     "solution[1]: expected a cell [x, y] of the grid", 10, 24},
    {NULL, NULL, "[[0, 0], [1.5, 0]]", INV, "solution[1]: expected a cell", 10,
     24},
    {NULL, NULL, "{}", INV, "solution: expected an array of cells [x, y]", 10,
     15},
    {NULL, NULL, "null", INV, "solution: expected an array", 10, 15},
};

static void
test_load_semantic(void **state)
{
    (void)state;
    unsigned failures = 0;
    for (size_t i = 0; i < sizeof(semantic) / sizeof(semantic[0]); i++) {
        char *a = semantic[i].rows
                      ? mutate("[\"112\", \"110\"]", semantic[i].rows)
                      : strdup(base);
        char *text = a;
        if (semantic[i].count) {
            char *c = strstr(text, "\"passage_count\": 5");
            c[strlen("\"passage_count\": ")] = semantic[i].count[0];
        }
        char *sol = strstr(text, "[[0, 0], [1, 0], [2, 0], [2, 1]]");
        assert_non_null(sol);
        if (semantic[i].solution) {
            const char *s = semantic[i].solution;
            size_t head = (size_t)(sol - text), old = 32;
            text = malloc(strlen(a) - old + strlen(s) + 1);
            assert_non_null(text);
            memcpy(text, a, head);
            strcpy(text + head, s);
            strcat(text, sol + old);
            free(a);
        }
        char what[64];
        snprintf(what, sizeof(what), "semantic case %zu", i);
        failures += !rejects(text, strlen(text), semantic[i].status,
                             semantic[i].message, semantic[i].line,
                             semantic[i].column, what);
        free(text);
    }
    if (failures) {
        fail_msg("%u semantic case(s) not rejected as expected", failures);
    }
}

static void
test_load_every_prefix(void **state)
{
    /*
     * Cut anywhere, the file is rejected as cut short, at its end. Each
     * prefix sits in a buffer of exactly its length, so that ASan catches
     * a read past the end.
     */
    (void)state;
    size_t len = strlen(base);
    unsigned long line = 1, column = 1;
    for (size_t n = 0; n < len - 1; n++) {
        char *text = malloc(n ? n : 1);
        assert_non_null(text);
        memcpy(text, base, n);
        struct maze_grid *g;
        struct maze *m;
        struct maze_load_error err;
        assert_int_equal(maze_load_json(text, n, &g, &m, &err),
                         MAZE_ERR_INVALID);
        if ((strstr(err.message, "end of the file") == NULL &&
             strcmp(err.message, "the file is empty") != 0) ||
            err.line != line || err.column != column) {
            fail_msg("prefix of %zu bytes: \"%s\" at %lu:%lu, not at the end "
                     "%lu:%lu",
                     n, err.message, err.line, err.column, line, column);
        }
        free(text);
        column = base[n] == '\n' ? 1 : column + 1;
        line += base[n] == '\n';
    }
    /* Without the final newline the file is still whole. */
    struct maze_grid *g;
    struct maze *m = load_ok(base, len - 1, &g);
    maze_destroy(m);
    maze_grid_destroy(g);
}

/* base with an unknown member nested levels deep (in arrays or objects). */
static char *
nested(size_t levels, bool objects)
{
    size_t cap = levels * 8 + sizeof(base) + 32, n = 0;
    char *s = malloc(cap);
    assert_non_null(s);
    n += (size_t)snprintf(s, cap, "{\"deep\": ");
    for (size_t i = 0; i < levels; i++) {
        n += (size_t)snprintf(s + n, cap - n, objects ? "{\"a\": " : "[");
    }
    n += (size_t)snprintf(s + n, cap - n, "0");
    for (size_t i = 0; i < levels; i++) {
        n += (size_t)snprintf(s + n, cap - n, objects ? "}" : "]");
    }
    snprintf(s + n, cap - n, ",\n%s", base + 2);
    return s;
}

static void
test_load_nesting(void **state)
{
    /* The top-level object is level 1: 63 more levels are fine, 64 not,
     * and a million fail as fast, without recursion. */
    (void)state;
    for (int objects = 0; objects < 2; objects++) {
        char *text = nested(63, objects);
        struct maze_grid *g;
        struct maze *m = load_ok(text, strlen(text), &g);
        check_base_maze(m);
        maze_destroy(m);
        maze_grid_destroy(g);
        free(text);
        text = nested(64, objects);
        expect_bad(text, strlen(text), MAZE_ERR_INVALID,
                   "nested deeper than 64 levels", 1,
                   objects ? 10 + 63 * 6 : 73, "64 levels");
        free(text);
        text = nested(1000000, objects);
        expect_bad(text, strlen(text), MAZE_ERR_INVALID,
                   "nested deeper than 64 levels", 1,
                   objects ? 10 + 63 * 6 : 73, "a million levels");
        free(text);
    }
}

static void
test_load_binary(void **state)
{
    /* Data with a NUL inside is rejected where the NUL is, not cut there. */
    (void)state;
    char *text = mutate("\"params\": \"\"", "\"params\": \"a?\"");
    *strchr(text, '?') = '\0';
    size_t len = strlen(base) + 2;
    expect_bad(text, len, MAZE_ERR_INVALID,
               "control character U+0000 inside a string", 7, 83, "NUL");
    free(text);
    text = mutate("}\n", "}\n?");
    len = strlen(text);
    text[len - 1] = '\0';
    expect_bad(text, len, MAZE_ERR_INVALID,
               "unexpected byte 0x00 after the end of the JSON value", 12, 1,
               "NUL after");
    free(text);
}

static void
test_load_positions_count_characters(void **state)
{
    /* Columns count characters, not bytes: "\xc3\xa9" is one. */
    (void)state;
    char *text = mutate("\"params\": \"\", \"perfect\": true",
                        "\"params\": \"\xc3\xa9\xe2\x82\xac\", \"perfect\": 7");
    expect_bad(text, strlen(text), MAZE_ERR_INVALID,
               "provenance.perfect: expected true or false", 7, 98, "columns");
    free(text);
}

static void
test_load_bad_arguments(void **state)
{
    (void)state;
    struct maze_grid *g;
    struct maze *m;
    struct maze_load_error err;
    assert_int_equal(maze_load_json(base, strlen(base), NULL, &m, &err),
                     MAZE_ERR_INVALID);
    assert_null(m);
    assert_int_equal(err.line, 0);
    check_message_form(err.message);
    assert_int_equal(maze_load_json(base, strlen(base), &g, NULL, &err),
                     MAZE_ERR_INVALID);
    assert_null(g);
    assert_int_equal(maze_load_json(NULL, 5, &g, &m, &err), MAZE_ERR_INVALID);
    assert_null(g);
    assert_null(m);
    assert_int_equal(err.line, 0);
    /* No data at all is an empty file; no error report is fine too. */
    assert_int_equal(maze_load_json(NULL, 0, &g, &m, &err), MAZE_ERR_INVALID);
    assert_string_equal(err.message, "the file is empty");
    assert_int_equal(maze_load_json("{", 1, &g, &m, NULL), MAZE_ERR_INVALID);
    assert_null(g);
    m = load_ok(base, strlen(base), &g);
    maze_destroy(m);
    maze_grid_destroy(g);
}

/*
 * A large unknown object: 200000 members, then one name again at the end.
 * Duplicates are found by sorting, so this is quick, and the second
 * occurrence is the one named.
 */
static void
test_load_many_members(void **state)
{
    (void)state;
    size_t members = 200000, cap = members * 24 + sizeof(base) + 64;
    char *text = malloc(cap);
    assert_non_null(text);
    size_t n = (size_t)snprintf(text, cap, "{\"big\": {\n");
    for (size_t i = 0; i < members; i++) {
        n += (size_t)snprintf(text + n, cap - n, "\"m%zu\": %zu,\n", i, i);
    }
    size_t keep = n;
    n += (size_t)snprintf(text + n, cap - n, "\"m0\": 1},\n%s", base + 2);
    expect_bad(text, n, MAZE_ERR_INVALID, "duplicate member name \"m0\"",
               members + 2, 1, "many members");
    n = keep +
        (size_t)snprintf(text + keep, cap - keep, "\"end\": 1},\n%s", base + 2);
    struct maze_grid *g;
    struct maze *m = load_ok(text, n, &g);
    check_base_maze(m);
    maze_destroy(m);
    maze_grid_destroy(g);
    free(text);
}

/*
 * Version 2: a masked hex grid in cell pairs (the one below loads), and
 * each way of getting one wrong, rejected where the fault is, before any
 * memory the file does not back up is committed.
 */
static const char hex_base[] =
    "{\n"
    "  \"format\": \"mazegen-wall-graph\",\n"
    "  \"version\": 2,\n"
    "  \"grid\": {\"kind\": \"hex\", \"width\": 4, \"height\": 3, "
    "\"cell_count\": 8, \"edge_count\": 13,\n"
    "    \"mask\": [\".##.\", \"####\", \".##.\"]},\n"
    "  \"start\": {\"x\": 1, \"y\": 0},\n"
    "  \"finish\": {\"x\": 2, \"y\": 2},\n"
    "  \"provenance\": {\"algorithm\": \"hand\", \"seed\": \"7\", "
    "\"bias\": \"h=1,ne=1,nw=1\", \"params\": \"\", \"perfect\": true},\n"
    "  \"passage_count\": 7,\n"
    "  \"passages\": {\"encoding\": \"cell-pairs\", \"pairs\": [\n"
    "    [0, 1], [0, 2], [1, 3], [3, 4], [2, 6], [4, 5], [6, 7]]},\n"
    "  \"solution\": [[1, 0], [0, 1], [1, 2], [2, 2]]\n"
    "}\n";

static char *
hex_mutate(const char *from, const char *to)
{
    return mutate_in(hex_base, from, to);
}

static void
test_load_version2(void **state)
{
    (void)state;
    struct maze_grid *g;
    struct maze *m;
    struct maze_load_error err;
    int rc = maze_load_json(hex_base, strlen(hex_base), &g, &m, &err);
    if (rc != MAZE_OK) {
        fail_msg("the hex base does not load: %s at %lu:%lu", err.message,
                 err.line, err.column);
    }
    assert_string_equal(maze_grid_kind_name(g), "hex");
    assert_true(maze_grid_masked(g));
    assert_int_equal(maze_grid_cell_count(g), 8);
    assert_int_equal(maze_passage_count(m), 7);
    maze_destroy(m);
    maze_grid_destroy(g);

    static const struct bad v2[] = {
        {"\"version\": 2", "\"version\": 1", UNS,
         "grid.kind: unknown grid kind \"hex\" (this mazegen reads \"rect\" "
         "in version 1)",
         4, 20},
        {"\"hex\"", "\"sigma\"", UNS, "unknown grid kind \"sigma\"", 4, 20},
        {"\"cell_count\": 8", "\"cell_count\": 9", RNG,
         "grid.cell_count: 9, but the grid has 8", 4, 66},
        {", \"edge_count\": 13", "", INV, "grid: missing member \"edge_count\"",
         0, 0},
        {"\"width\": 4, \"height\": 3", "\"width\": 40000, \"height\": 30000",
         RNG, "grid.mask: expected 30000 rows (grid.height) of 40000", 0, 0},
        {"\".##.\", \"####\"", "\".##.\", \"#x##\"", RNG, "grid.mask[1]", 0, 0},
        {"\"####\", \".##.\"]", "\"####\"]", RNG, "grid.mask: expected 3 rows",
         0, 0},
        {"\"x\": 1, \"y\": 0", "\"x\": 0, \"y\": 0", RNG,
         "start: not a cell of the 4x3 hex grid", 0, 0},
        {"[6, 7]]", "[5, 7]]", RNG, "cells 5 and 7 are not neighbours", 0, 0},
        {"[6, 7]]", "[0, 1]]", RNG, "cells 0 and 1 are listed twice", 0, 0},
        {"[6, 7]]", "[6, 6]]", RNG, "a passage joins two different cells", 0,
         0},
        {"[6, 7]]", "[6, 8]]", RNG, "passages.pairs[6][1]", 0, 0},
        {"[6, 7]]", "[6]]", INV, "passages.pairs[6]: expected a pair", 0, 0},
        {"\"passage_count\": 7", "\"passage_count\": 6", RNG,
         "passages.pairs hold 7 passages", 0, 0},
        {"\"cell-pairs\"", "\"rect-rows\"", UNS,
         "unknown encoding \"rect-rows\" for this grid", 0, 0},
        {"\"h=1,ne=1,nw=1\"", "\"h=1,v=1\"", INV,
         "expected weights like \"h=1,ne=1,nw=1\"", 0, 0},
        {"[1, 2], [2, 2]]", "[1, 2]]", RNG, "must end at the finish [2, 2]", 0,
         0},
    };
    unsigned failures = 0;
    for (size_t i = 0; i < sizeof(v2) / sizeof(v2[0]); i++) {
        char *text = hex_mutate(v2[i].from, v2[i].to);
        char what[64];
        snprintf(what, sizeof(what), "version 2 case %zu", i);
        failures += !rejects(text, strlen(text), v2[i].status, v2[i].message,
                             v2[i].line, v2[i].column, what);
        free(text);
    }
    if (failures) {
        fail_msg("%u version-2 files not rejected as expected", failures);
    }
}

/*
 * maze_load_json_limit(): the bound is the grid's once the prefix holds
 * the top-level grid object whole (16 MiB, 192 bytes a slot, 64 a row),
 * the largest grid's before; maze_load_json() refuses a file past it
 * (spaces after the document, as an endless stream would send).
 */
static void
test_load_limit(void **state)
{
    (void)state;
    const uint64_t mib = (uint64_t)16 << 20;
    uint64_t most, any;
    /* A 3x2 rectangle: 12 slots, 2 rows. */
    assert_true(maze_load_json_limit(base, strlen(base), &most));
    assert_true(most == mib + 192 * 12 + 64 * 2);
    /* Cut inside the grid object, or before it: not known. */
    const char *grid = strstr(base, "\"grid\"");
    assert_false(maze_load_json_limit(base, (size_t)(grid - base) + 20, &any));
    assert_true(any > most && any >= (uint64_t)1 << 39);
    assert_false(maze_load_json_limit(base, 10, NULL));
    assert_false(maze_load_json_limit(NULL, 0, &any));
    /* A "grid" deeper down, or a string "grid", is not the grid. */
    static const char nested[] = "{\"x\": {\"grid\": {\"kind\": \"rect\", "
                                 "\"width\": 3, \"height\": 2}}, \"y\": "
                                 "\"grid\", \"grid\": {\"kind\": \"hex\", "
                                 "\"width\": 4, \"height\": 3, \"mask\": "
                                 "[\"}{\"]}}";
    assert_true(maze_load_json_limit(nested, strlen(nested), &most));
    assert_true(most == mib + 192 * 36 + 64 * 3);
    /* Cells the kind does not take, or an unknown kind: not known. */
    char *doc = mutate_in(base, "\"rect\"", "\"nosuch\"");
    assert_false(maze_load_json_limit(doc, strlen(doc), NULL));
    free(doc);
    /* The hex base with its mask: the whole grid's slots. */
    assert_true(maze_load_json_limit(hex_base, strlen(hex_base), &most));
    assert_true(most == mib + 192 * 36 + 64 * 3);

    /* The base padded to its bound loads; one byte more does not. */
    maze_load_json_limit(base, strlen(base), &most);
    size_t n = (size_t)most;
    char *big = malloc(n + 1);
    assert_non_null(big);
    memset(big, ' ', n + 1);
    memcpy(big, base, strlen(base));
    struct maze_grid *g;
    struct maze *m;
    struct maze_load_error err;
    assert_int_equal(maze_load_json(big, n, &g, &m, &err), MAZE_OK);
    maze_destroy(m);
    maze_grid_destroy(g);
    assert_int_equal(maze_load_json(big, n + 1, &g, &m, &err), MAZE_ERR_RANGE);
    assert_non_null(strstr(err.message, "grid: the file has"));
    assert_int_equal(err.line, 4);
    free(big);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_load_base),
        cmocka_unit_test(test_load_limit),
        cmocka_unit_test(test_load_variants),
        cmocka_unit_test(test_load_values),
        cmocka_unit_test(test_load_malformed),
        cmocka_unit_test(test_load_semantic),
        cmocka_unit_test(test_load_every_prefix),
        cmocka_unit_test(test_load_nesting),
        cmocka_unit_test(test_load_binary),
        cmocka_unit_test(test_load_positions_count_characters),
        cmocka_unit_test(test_load_bad_arguments),
        cmocka_unit_test(test_load_many_members),
        cmocka_unit_test(test_load_version2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
