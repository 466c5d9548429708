/* SPDX-License-Identifier: MIT */
/*
 * The Maze type: made by generate() in the order the mazegen command
 * makes a maze (grid, carve, braid, unicursal, pinned ends; see
 * src/cli/main.c), so the same options give the same bytes, or by load();
 * then only read: solve, measure, passages, export.
 */
#include "ext.h"

#include <string.h>

static void
maze_dealloc(PyObject *self)
{
    struct py_maze *m = (struct py_maze *)self;
    maze_destroy(m->maze);
    maze_grid_destroy(m->grid);
    Py_TYPE(self)->tp_free(self);
}

PyObject *
py_maze_wrap(struct maze_grid *grid, struct maze *maze)
{
    struct py_maze *m = PyObject_New(struct py_maze, &py_maze_type);
    if (m == NULL) {
        maze_destroy(maze);
        maze_grid_destroy(grid);
        return NULL;
    }
    m->grid = grid;
    m->maze = maze;
    return (PyObject *)m;
}

/* A cell as the tuple of its coordinates. */
static PyObject *
cell_tuple(const struct maze_grid *grid, uint32_t cell)
{
    uint32_t c[MAZE_MAX_COORDS];
    unsigned n = maze_grid_cell_coords(grid, cell, c);
    PyObject *t = PyTuple_New(n);
    for (unsigned i = 0; t != NULL && i < n; i++) {
        PyObject *v = PyLong_FromUnsignedLong(c[i]);
        if (v == NULL) {
            Py_CLEAR(t);
            break;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

/* A cell from a sequence of coordinates. */
static int
cell_from(const struct maze_grid *grid, PyObject *o, const char *name,
          uint32_t *cell)
{
    PyObject *seq = PySequence_Fast(o, "a cell is a sequence of ints");
    if (seq == NULL) {
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    uint32_t c[MAZE_MAX_COORDS];
    int rc = 0;
    if (n < 1 || n > MAZE_MAX_COORDS) {
        rc = MAZE_ERR_INVALID;
    }
    for (Py_ssize_t i = 0; rc == 0 && i < n; i++) {
        if (py_u32(PySequence_Fast_GET_ITEM(seq, i), name, &c[i]) != 0) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    if (rc == 0) {
        rc = maze_grid_cell_at(grid, c, (unsigned)n, cell);
    }
    if (rc != 0) {
        (void)py_raise(rc, name,
                       "expected a cell on the grid, one number per "
                       "coordinate of its kind");
        return -1;
    }
    return 0;
}

/* What generate() takes besides the grid. */
struct gen_args {
    struct maze_generate_options g;
    uint32_t braid;
    int unicursal;
    PyObject *start, *finish;
};

/* Carves j's maze as the command's carve() and build_maze() do. */
static int
carve(struct maze_grid **grid, struct maze **maze, const struct gen_args *a,
      bool pinned, const char **what)
{
    int rc;
    *what = "cannot generate the maze";
    Py_BEGIN_ALLOW_THREADS;
    rc = maze_generate(*maze, &a->g);
    if (rc == MAZE_OK && a->braid > 0) {
        rc = maze_braid(*maze, a->braid, maze_seed_derive(a->g.seed, 1));
        if (rc == MAZE_OK && !pinned &&
            a->g.endpoints != MAZE_ENDPOINTS_CORNERS) {
            rc = maze_place_endpoints(*maze, a->g.endpoints, NULL);
        }
    }
    if (rc == MAZE_OK && a->unicursal) {
        struct maze_grid *g2;
        struct maze *m2;
        rc = maze_unicursal(*maze, &g2, &m2);
        if (rc == MAZE_OK) {
            maze_destroy(*maze);
            maze_grid_destroy(*grid);
            *grid = g2;
            *maze = m2;
        }
    }
    Py_END_ALLOW_THREADS;
    return rc;
}

/* --start and --finish, as the command's set_endpoints(). */
static int
pin_ends(struct maze *maze, const struct gen_args *a,
         enum maze_endpoints openings)
{
    const struct maze_grid *grid = maze_grid(maze);
    bool has_start = a->start != Py_None, has_finish = a->finish != Py_None;
    if (!has_start && !has_finish) {
        return 0;
    }
    uint32_t start = maze_start(maze), finish = maze_finish(maze);
    if ((has_start && cell_from(grid, a->start, "start", &start) != 0) ||
        (has_finish && cell_from(grid, a->finish, "finish", &finish) != 0)) {
        return -1;
    }
    int rc = MAZE_OK;
    if (start == finish && has_start != has_finish) {
        rc = maze_farthest_boundary(maze, start, has_start ? &finish : &start);
    }
    if (rc == MAZE_OK) {
        rc = maze_set_endpoints(maze, start, finish);
    }
    if (rc == MAZE_OK) {
        rc = maze_place_openings(maze, openings);
    }
    if (rc != MAZE_OK) {
        (void)py_raise(rc, "cannot place start and finish", NULL);
        return -1;
    }
    return 0;
}

/* The largest side of a mask picture, in cells (as the command's). */
#define MASK_MAX_SIDE 4096u

/* A mask from the bytes of a PNG or a text picture, one piece on kind. */
static int
read_mask(PyObject *o, bool invert, const struct maze_grid_kind *kind,
          struct maze_mask **out)
{
    Py_buffer view;
    if (PyObject_GetBuffer(o, &view, PyBUF_SIMPLE) != 0) {
        return -1;
    }
    static const unsigned char png_sig[8] = {0x89, 'P',  'N',  'G',
                                             '\r', '\n', 0x1a, '\n'};
    bool png = view.len >= 8 && memcmp(view.buf, png_sig, 8) == 0;
    int rc =
        png ? maze_mask_read_png(view.buf, (size_t)view.len, MASK_MAX_SIDE, out)
            : maze_mask_read_text(view.buf, (size_t)view.len, MASK_MAX_SIDE,
                                  out);
    PyBuffer_Release(&view);
    if (rc != MAZE_OK) {
        (void)py_raise(rc, "mask",
                       rc == MAZE_ERR_RANGE
                           ? "expected a picture of at most 4096x4096 cells"
                           : "expected a PNG (dark pixels are cells) or a "
                             "text picture (one line a row; '.', ' ' and '_' "
                             "are not cells, other printable characters are) "
                             "with a cell");
        return -1;
    }
    if (invert) {
        maze_mask_invert(*out);
    }
    uint32_t pieces = 0;
    rc = maze_mask_pieces(*out, kind, &pieces);
    if (rc == MAZE_OK && pieces != 1) {
        char detail[160];
        snprintf(detail, sizeof(detail),
                 "its cells fall into %u pieces on a %s grid; expected a "
                 "shape in one piece",
                 (unsigned)pieces, kind->name);
        rc = MAZE_ERR_RANGE;
        (void)py_raise(rc, "mask", detail);
    } else if (rc != MAZE_OK) {
        (void)py_raise(rc, "mask", NULL);
    }
    if (rc != MAZE_OK) {
        maze_mask_destroy(*out);
        *out = NULL;
        return -1;
    }
    return 0;
}

PyObject *
py_generate(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {
        "kind",  "sizes",   "algorithm", "seed",        "bias",  "growing",
        "rooms", "fractal", "weave",     "endpoints",   "braid", "unicursal",
        "start", "finish",  "mask",      "mask_invert", NULL};
    const char *kind_name, *bias = NULL, *growing = NULL;
    PyObject *sizes;
    int endpoints = 0;
    struct gen_args a = {
        .g = MAZE_GENERATE_OPTIONS_INIT, .start = Py_None, .finish = Py_None};
    PyObject *mask_data = Py_None;
    int mask_invert = 0;
    if (!PyArg_ParseTupleAndKeywords(
            args, kw, "sO|$zO&zzO&O&O&iO&pOOOp", kwlist, &kind_name, &sizes,
            &a.g.algorithm, py_u64_arg, &a.g.seed, &bias, &growing, py_u32_arg,
            &a.g.room_size, py_u32_arg, &a.g.fractal, py_u32_arg, &a.g.weave,
            &endpoints, py_u32_arg, &a.braid, &a.unicursal, &a.start, &a.finish,
            &mask_data, &mask_invert)) {
        return NULL;
    }
    a.g.endpoints = (enum maze_endpoints)endpoints;
    const struct maze_grid_kind *kind = maze_grid_kind_find(kind_name);
    if (kind == NULL) {
        return py_raise(MAZE_ERR_INVALID, "grid", "unknown grid kind");
    }
    struct maze_grid_params p = MAZE_GRID_PARAMS_INIT;
    PyObject *seq = PySequence_Fast(sizes, "sizes: expected a sequence");
    if (seq == NULL) {
        return NULL;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < n && i < MAZE_SIZE_COUNT; i++) {
        if (py_u32(PySequence_Fast_GET_ITEM(seq, i), "size", &p.size[i]) != 0) {
            Py_DECREF(seq);
            return NULL;
        }
    }
    Py_DECREF(seq);
    int rc;
    if (bias != NULL && (rc = maze_bias_parse(bias, kind, &a.g.bias)) != 0) {
        return py_raise(rc, "bias",
                        "expected weights 0 to 1000 of the grid's classes, "
                        "at least one positive");
    }
    if (growing != NULL &&
        (rc = maze_growing_parse(growing, &a.g.growing)) != 0) {
        return py_raise(rc, "growing",
                        "expected newest, random, oldest, middle or a mix "
                        "such as newest:75,random:25");
    }
    if (a.braid > MAZE_FRACTION_ONE) {
        return py_raise(MAZE_ERR_RANGE, "braid", "expected 0 to 1");
    }
    bool pinned = a.start != Py_None && a.finish != Py_None;
    enum maze_endpoints openings = a.g.endpoints;
    if (pinned) {
        a.g.endpoints = MAZE_ENDPOINTS_CORNERS;
    }
    struct maze_grid *grid = NULL;
    struct maze *maze = NULL;
    const char *what = "cannot make the grid";
    struct maze_mask *mask = NULL;
    if (mask_data != Py_None &&
        read_mask(mask_data, mask_invert != 0, kind, &mask) != 0) {
        return NULL;
    }
    p.mask = mask;
    rc = maze_grid_create(kind, &p, &grid);
    /* The grid keeps its own tables of the kept cells. */
    maze_mask_destroy(mask);
    if (rc == MAZE_OK) {
        rc = maze_create(grid, &maze);
    }
    if (rc == MAZE_OK) {
        rc = carve(&grid, &maze, &a, pinned, &what);
    }
    if (rc != MAZE_OK) {
        maze_destroy(maze);
        maze_grid_destroy(grid);
        return py_raise(rc, what, NULL);
    }
    if (pin_ends(maze, &a, openings) != 0) {
        maze_destroy(maze);
        maze_grid_destroy(grid);
        return NULL;
    }
    return py_maze_wrap(grid, maze);
}

PyObject *
py_load(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer view;
    if (!PyArg_ParseTuple(args, "y*", &view)) {
        return NULL;
    }
    struct maze_grid *grid = NULL;
    struct maze *maze = NULL;
    struct maze_load_error err = {0};
    int rc;
    Py_BEGIN_ALLOW_THREADS;
    rc = maze_load_json(view.buf, (size_t)view.len, &grid, &maze, &err);
    Py_END_ALLOW_THREADS;
    PyBuffer_Release(&view);
    if (rc != MAZE_OK) {
        char detail[260];
        if (err.line > 0) {
            snprintf(detail, sizeof(detail), "line %lu, column %lu: %s",
                     err.line, err.column, err.message);
        } else {
            snprintf(detail, sizeof(detail), "%s", err.message);
        }
        return py_raise(rc, "cannot load the maze", detail);
    }
    return py_maze_wrap(grid, maze);
}

static PyObject *
maze_solve_py(PyObject *self, PyObject *unused)
{
    (void)unused;
    struct py_maze *m = (struct py_maze *)self;
    struct maze_path *path = NULL;
    int rc;
    Py_BEGIN_ALLOW_THREADS;
    rc = maze_solve(m->maze, &path);
    Py_END_ALLOW_THREADS;
    if (rc != MAZE_OK) {
        return py_raise(rc, "cannot solve the maze", NULL);
    }
    PyObject *list = PyList_New((Py_ssize_t)path->length);
    for (size_t i = 0; list != NULL && i < path->length; i++) {
        PyObject *c = cell_tuple(m->grid, path->cells[i]);
        if (c == NULL) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, c);
    }
    maze_path_destroy(path);
    return list;
}

static PyObject *
maze_measure_py(PyObject *self, PyObject *unused)
{
    (void)unused;
    struct py_maze *m = (struct py_maze *)self;
    struct maze_metrics s = MAZE_METRICS_INIT;
    int rc;
    Py_BEGIN_ALLOW_THREADS;
    rc = maze_measure(m->maze, &s);
    Py_END_ALLOW_THREADS;
    if (rc != MAZE_OK) {
        return py_raise(rc, "cannot measure the maze", NULL);
    }
    const struct maze_grid_kind *k = maze_grid_kind(m->grid);
    PyObject *by_class = PyDict_New();
    for (unsigned c = 0; by_class != NULL && c < k->class_count; c++) {
        PyObject *v = PyLong_FromUnsignedLongLong(s.by_class[c]);
        if (v == NULL ||
            PyDict_SetItemString(by_class, k->class_names[c], v) != 0) {
            Py_CLEAR(by_class);
        }
        Py_XDECREF(v);
    }
    if (by_class == NULL) {
        return NULL;
    }
    PyObject *d = Py_BuildValue(
        "{s:K,s:K,s:K,s:K,s:K,s:K,s:N,s:K,s:K,s:K,s:K,s:K,s:K,s:K}", "cells",
        s.cells, "passages", s.passages, "dead_ends", s.dead_ends, "junctions3",
        s.junctions3, "junctions4", s.junctions4, "straight_runs",
        s.straight_runs, "by_class", by_class, "solution_cells",
        s.solution_cells, "solution_turns", s.solution_turns, "decisions",
        s.decisions, "branches", s.branches, "branch_length", s.branch_length,
        "crossing", s.crossing, "tunnels", s.tunnels);
    return d;
}

static PyObject *
maze_passages_py(PyObject *self, PyObject *unused)
{
    (void)unused;
    struct py_maze *m = (struct py_maze *)self;
    PyObject *list = PyList_New(0);
    uint32_t slots = maze_grid_edge_slots(m->grid);
    for (uint32_t e = 0; list != NULL && e < slots; e++) {
        if (!maze_grid_edge_exists(m->grid, e) || !maze_is_open(m->maze, e)) {
            continue;
        }
        uint32_t a, b;
        maze_grid_edge_cells(m->grid, e, &a, &b);
        PyObject *pair = Py_BuildValue("(NN)", cell_tuple(m->grid, a),
                                       cell_tuple(m->grid, b));
        if (pair == NULL || PyList_Append(list, pair) != 0) {
            Py_CLEAR(list);
        }
        Py_XDECREF(pair);
    }
    return list;
}

static PyObject *
maze_export_py(PyObject *self, PyObject *args, PyObject *kw)
{
    struct py_maze *m = (struct py_maze *)self;
    static char *kwlist[] = {
        "format",  "solution",  "cell_size",  "wall_width", "margin", "dpi",
        "charset", "id_prefix", "background", "plotter",    "blocks", NULL};
    const char *format;
    int solution = 0, charset = 0, background = 0, plotter = 0;
    uint32_t dpi = 0;
    PyObject *cell = NULL, *wall = NULL, *margin = NULL;
    const char *id_prefix = NULL, *blocks = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|$pOOOO&izipz", kwlist,
                                     &format, &solution, &cell, &wall, &margin,
                                     py_u32_arg, &dpi, &charset, &id_prefix,
                                     &background, &plotter, &blocks)) {
        return NULL;
    }
    enum maze_unit unit;
    if (py_format_unit(format, &unit) != 0) {
        return NULL;
    }
    struct maze_svg_options svg = {
        .struct_size = sizeof(struct maze_svg_options),
        .id_prefix = id_prefix,
        .background = (enum maze_background)background,
        .plotter = plotter != 0,
    };
    struct maze_export_options e = {
        .struct_size = sizeof(struct maze_export_options),
        .dpi = dpi,
        .charset = (enum maze_charset)charset,
        .svg = &svg,
        .blocks = blocks,
    };
    if (py_length(cell, "cell_size", unit, &e.cell_size) != 0 ||
        py_length(wall, "wall_width", unit, &e.wall_width) != 0 ||
        py_length(margin, "margin", unit, &e.margin) != 0) {
        return NULL;
    }
    /* Refused before drawing as the command refuses it (a PNG past the
     * largest image would otherwise be drawn for hours). */
    int rc = maze_job_check_export(m->maze, format, &e);
    if (rc != MAZE_OK) {
        return py_raise_job(rc, 0);
    }
    struct maze_path *path = NULL;
    struct py_buf buf;
    struct maze_sink sink = py_buf_sink(&buf);
    /* Exporters draw with cairo and Pango, whose shared state (fonts)
     * wants one thread at a time: the GIL stays held. */
    if (solution) {
        rc = maze_solve(m->maze, &path);
    }
    e.solution = path;
    if (rc == MAZE_OK) {
        rc = maze_export(m->maze, format, &e, &sink);
    }
    maze_path_destroy(path);
    if (rc != MAZE_OK) {
        PyObject *bytes = py_buf_take(&buf);
        Py_XDECREF(bytes);
        char context[64];
        snprintf(context, sizeof(context), "cannot export to %s", format);
        return py_raise(rc, context, NULL);
    }
    return py_buf_take(&buf);
}

static PyObject *
get_kind(PyObject *self, void *unused)
{
    (void)unused;
    return PyUnicode_FromString(
        maze_grid_kind_name(((struct py_maze *)self)->grid));
}

static PyObject *
get_sizes(PyObject *self, void *unused)
{
    (void)unused;
    const struct maze_grid *g = ((struct py_maze *)self)->grid;
    return Py_BuildValue("(IIIII)", maze_grid_size(g, MAZE_SIZE_WIDTH),
                         maze_grid_size(g, MAZE_SIZE_HEIGHT),
                         maze_grid_size(g, MAZE_SIZE_LEVELS),
                         maze_grid_size(g, MAZE_SIZE_ROOM),
                         maze_grid_size(g, MAZE_SIZE_PANELS));
}

static PyObject *
get_cell_count(PyObject *self, void *unused)
{
    (void)unused;
    return PyLong_FromUnsignedLong(
        maze_grid_cell_count(((struct py_maze *)self)->grid));
}

static PyObject *
get_passage_count(PyObject *self, void *unused)
{
    (void)unused;
    return PyLong_FromUnsignedLongLong(
        maze_passage_count(((struct py_maze *)self)->maze));
}

static PyObject *
get_start(PyObject *self, void *unused)
{
    (void)unused;
    struct py_maze *m = (struct py_maze *)self;
    return cell_tuple(m->grid, maze_start(m->maze));
}

static PyObject *
get_finish(PyObject *self, void *unused)
{
    (void)unused;
    struct py_maze *m = (struct py_maze *)self;
    return cell_tuple(m->grid, maze_finish(m->maze));
}

static PyObject *
get_provenance(PyObject *self, void *unused)
{
    (void)unused;
    struct py_maze *m = (struct py_maze *)self;
    const struct maze_provenance *p = maze_provenance(m->maze);
    char bias[160];
    maze_bias_format(&p->bias, maze_grid_kind(m->grid), bias, sizeof(bias));
    return Py_BuildValue("{s:s,s:K,s:s,s:s,s:O}", "algorithm", p->algorithm,
                         "seed", (unsigned long long)p->seed, "bias", bias,
                         "params", p->params, "perfect",
                         p->perfect ? Py_True : Py_False);
}

static PyMethodDef maze_methods[] = {
    {"solve", maze_solve_py, METH_NOARGS,
     "solve() -> list of cells from start to finish"},
    {"measure", maze_measure_py, METH_NOARGS, "measure() -> dict of metrics"},
    {"passages", maze_passages_py, METH_NOARGS,
     "passages() -> list of (cell, cell) pairs joined by open passages"},
    {"export", (PyCFunction)(void (*)(void))maze_export_py,
     METH_VARARGS | METH_KEYWORDS, "export(format, **options) -> bytes"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef maze_getset[] = {
    {"kind", get_kind, NULL, "the grid kind's name", NULL},
    {"sizes", get_sizes, NULL,
     "(width, height, levels, room, panels), defaults applied", NULL},
    {"cell_count", get_cell_count, NULL, "the number of cells", NULL},
    {"passage_count", get_passage_count, NULL, "open passages", NULL},
    {"start", get_start, NULL, "the start cell's coordinates", NULL},
    {"finish", get_finish, NULL, "the finish cell's coordinates", NULL},
    {"provenance", get_provenance, NULL,
     "algorithm, seed, bias, params and perfect, as a dict", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject py_maze_type = {
    /* PyVarObject_HEAD_INIT(NULL, 0), spelt out so that clang-format
     * keeps one initialiser a line. */
    .ob_base = {.ob_base = {.ob_refcnt = 1, .ob_type = NULL}, .ob_size = 0},
    .tp_name = "mazegen._mazegen.Maze",
    .tp_basicsize = sizeof(struct py_maze),
    .tp_dealloc = maze_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A maze made by libmazegen (see mazegen.Maze).",
    .tp_methods = maze_methods,
    .tp_getset = maze_getset,
};
