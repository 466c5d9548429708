/* SPDX-License-Identifier: MIT */
/*
 * The wall-graph loader's state and the member readers (loader.c) that
 * load.c (the document, assembling the maze) and rect_rows.c (the
 * passages, and the checks that depend on them) share.
 *
 * Every reader names the member it reads by its path ("grid.width",
 * "passages.rows[3]") in its messages, and records errors in the JSON
 * reader (load/json.h), whose first error wins.
 */
#ifndef MAZE_LOAD_LOADER_H
#define MAZE_LOAD_LOADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "load/json.h"
#include <mazegen/maze.h>

/* Top-level members, in the order they are read. */
enum {
    MAZE__TOP_FORMAT,
    MAZE__TOP_VERSION,
    MAZE__TOP_GRID,
    MAZE__TOP_START,
    MAZE__TOP_FINISH,
    MAZE__TOP_PROVENANCE,
    MAZE__TOP_PASSAGE_COUNT,
    MAZE__TOP_PASSAGES,
    MAZE__TOP_SOLUTION,
    MAZE__TOP_OPENINGS,
    MAZE__TOP_COUNT,
};

/* Marks a member absent from the file. */
#define MAZE__ABSENT SIZE_MAX

/* Bytes a wall-graph file may hold beyond what its grid needs: unknown
 * members, and whitespace past the bound's. */
#define MAZE__LOAD_SLACK ((uint64_t)16 << 20)

/* The most bytes a file of a grid of `slots` edge slots and `rows` rows
 * may hold (limit.c; maze_load_json_limit()). */
uint64_t maze__load_bound(uint64_t slots, uint64_t rows);

struct maze__loader {
    struct maze__json j;
    /* Position of each top-level member's value, or MAZE__ABSENT. */
    size_t at[MAZE__TOP_COUNT];
    /* The file's format version (1 or 2). */
    unsigned version;
    const struct maze_grid_kind *kind;
    uint32_t width, height;
    uint32_t start, finish;
    uint64_t passage_count;
    struct maze_provenance prov;
    size_t perfect_at; /* position of provenance.perfect */
    size_t rows_at;    /* position of passages.rows, or .pairs */
    bool pairs;        /* the passages are "cell-pairs" */
    struct maze_grid *grid;
    struct maze *maze;
};

/*
 * Finds the members named names[0..n-1] of the object at pos (path names
 * it in messages) and sets at[i] to each value's position, MAZE__ABSENT
 * for those not there; other members are ignored. False (error recorded)
 * when the value at pos is not an object.
 */
bool maze__load_members(struct maze__loader *l, size_t pos, const char *path,
                        const char *const *names, size_t n, size_t *at);

/* Fails (error recorded) for the first of names[0..n-1] whose at[i] is
 * MAZE__ABSENT, naming the object at pos by path. */
bool maze__load_require(struct maze__loader *l, size_t pos, const char *path,
                        const char *const *names, size_t n, const size_t *at);

/* The whole number at pos, from min to max, into *out. */
bool maze__load_uint(struct maze__loader *l, size_t pos, const char *path,
                     uint64_t min, uint64_t max, uint64_t *out);

/* A kind's cell form for messages: "x, y", "ring, position". */
void maze__load_cell_form(const struct maze_grid_kind *kind, char *buf,
                          size_t cap);

/* The string at pos into buf (cap bytes with the NUL). */
bool maze__load_string(struct maze__loader *l, size_t pos, const char *path,
                       char *buf, size_t cap);

#endif
