/* SPDX-License-Identifier: MIT */
/*
 * sheet(): puzzles (Maze objects with their numbers) drawn as a puzzle
 * sheet through maze_export_sheet(), solved here when answers are drawn.
 * The list of puzzles is held (and so each maze) until the sheet is
 * written.
 */
#include "ext.h"

#include <stdlib.h>

/* The puzzles of seq, each a (Maze, number) pair; solutions when solve. */
static int
gather(PyObject *seq, bool solve, struct maze_puzzle *puzzles,
       struct maze_path **paths)
{
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        PyObject *maze;
        uint32_t number;
        if (!PyArg_ParseTuple(item, "O!O&", &py_maze_type, &maze, py_u32_arg,
                              &number)) {
            return -1;
        }
        const struct maze *mz = ((struct py_maze *)maze)->maze;
        if (solve) {
            int rc = maze_solve(mz, &paths[i]);
            if (rc != MAZE_OK) {
                (void)py_raise(rc, "cannot solve a puzzle", NULL);
                return -1;
            }
        }
        puzzles[i] = (struct maze_puzzle){
            .maze = mz, .solution = paths[i], .number = number};
    }
    return 0;
}

/* The words of labels, a sequence of (word, text) pairs (None: none),
 * into words (MAZE_WORD_COUNT_ of them at most). The texts stay owned by
 * labels, which the caller holds until the sheet is written. */
static int
gather_labels(PyObject *labels, struct maze_sheet_label *words, size_t *count)
{
    *count = 0;
    if (labels == NULL || labels == Py_None) {
        return 0;
    }
    /* A list or tuple, which holds its pairs and so their texts. */
    if (!PyList_Check(labels) && !PyTuple_Check(labels)) {
        PyErr_SetString(PyExc_TypeError, "labels: expected a list of pairs");
        return -1;
    }
    PyObject *seq = PySequence_Fast(labels, "labels: expected pairs");
    if (seq == NULL) {
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    int rc = 0;
    if (n > MAZE_WORD_COUNT_) {
        PyErr_SetString(PyExc_ValueError, "labels: one for each word at most");
        rc = -1;
    }
    for (Py_ssize_t i = 0; rc == 0 && i < n; i++) {
        unsigned word;
        const char *text;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "Is:labels",
                              &word, &text)) {
            rc = -1;
        } else if (word >= MAZE_WORD_COUNT_) {
            PyErr_SetString(PyExc_ValueError, "labels: no such word");
            rc = -1;
        } else {
            words[(*count)++] =
                (struct maze_sheet_label){(enum maze_sheet_word)word, text};
        }
    }
    Py_DECREF(seq);
    return rc;
}

PyObject *
py_sheet(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {
        "puzzles",   "format",      "cell_size",  "wall_width",   "margin",
        "dpi",       "id_prefix",   "background", "page_width",   "page_height",
        "landscape", "per_page",    "title",      "instructions", "name_line",
        "answers",   "upside_down", "seed",       "author",       "gutter",
        "bleed",     "ink_saving",  "language",   "labels",       "footer",
        NULL};
    PyObject *list, *cell = NULL, *wall = NULL, *margin = NULL;
    PyObject *seed = Py_None, *gutter = NULL, *bleed = NULL, *labels = NULL;
    const char *format, *id_prefix = NULL;
    uint32_t dpi = 0, per_page = 0;
    int background = 0, landscape = 0, name_line = 0, answers = 0;
    int upside_down = 0, ink_saving = 0, footer = 0;
    struct maze_sheet_options so = MAZE_SHEET_OPTIONS_INIT;
    if (!PyArg_ParseTupleAndKeywords(
            args, kw,
            "Os|$OOOO&zidd"
            "pO&zzpipOzOOpzOi",
            kwlist, &list, &format, &cell, &wall, &margin, py_u32_arg, &dpi,
            &id_prefix, &background, &so.page_width, &so.page_height,
            &landscape, py_u32_arg, &per_page, &so.title, &so.instructions,
            &name_line, &answers, &upside_down, &seed, &so.author, &gutter,
            &bleed, &ink_saving, &so.language, &labels, &footer)) {
        return NULL;
    }
    so.footer = (enum maze_sheet_footer)footer;
    struct maze_sheet_label words[MAZE_WORD_COUNT_];
    if (gather_labels(labels, words, &so.label_count) != 0) {
        return NULL;
    }
    so.labels = so.label_count ? words : NULL;
    so.per_page = per_page;
    so.landscape = landscape != 0;
    so.name_line = name_line != 0;
    so.answers = (enum maze_answers)answers;
    so.keys_upside_down = upside_down != 0;
    so.ink_saving = ink_saving != 0;
    if (seed != Py_None) {
        if (!py_u64_arg(seed, &so.seed)) {
            return NULL;
        }
        so.has_seed = true;
    }
    enum maze_unit unit;
    if (py_format_unit(format, &unit) != 0) {
        return NULL;
    }
    struct maze_svg_options svg = {
        .struct_size = sizeof(struct maze_svg_options),
        .id_prefix = id_prefix,
        .background = (enum maze_background)background,
    };
    struct maze_export_options e = {.struct_size =
                                        sizeof(struct maze_export_options),
                                    .dpi = dpi,
                                    .svg = &svg};
    if (py_length(cell, "cell_size", unit, &e.cell_size) != 0 ||
        py_length(wall, "wall_width", unit, &e.wall_width) != 0 ||
        py_length(margin, "margin", unit, &e.margin) != 0 ||
        py_length(gutter, "gutter", MAZE_UNIT_PT, &so.gutter) != 0 ||
        py_length(bleed, "bleed", MAZE_UNIT_PT, &so.bleed) != 0) {
        return NULL;
    }
    PyObject *seq = PySequence_Fast(list, "puzzles: expected a sequence");
    if (seq == NULL) {
        return NULL;
    }
    size_t n = (size_t)PySequence_Fast_GET_SIZE(seq);
    struct maze_puzzle *puzzles = calloc(n ? n : 1, sizeof(*puzzles));
    struct maze_path **paths = calloc(n ? n : 1, sizeof(*paths));
    PyObject *result = NULL;
    if (puzzles == NULL || paths == NULL) {
        PyErr_NoMemory();
    } else if (gather(seq, so.answers != MAZE_ANSWERS_NONE, puzzles, paths) ==
               0) {
        struct py_buf buf;
        struct maze_sink sink = py_buf_sink(&buf);
        int rc = maze_export_sheet(puzzles, n, format, &e, &so, &sink);
        result = py_buf_take(&buf);
        if (rc != MAZE_OK) {
            Py_CLEAR(result);
            char context[64];
            snprintf(context, sizeof(context), "cannot draw the sheet as %s",
                     format);
            (void)py_raise(rc, context, NULL);
        }
    }
    for (size_t i = 0; paths != NULL && i < n; i++) {
        maze_path_destroy(paths[i]);
    }
    free(paths);
    free(puzzles);
    Py_DECREF(seq);
    return result;
}
