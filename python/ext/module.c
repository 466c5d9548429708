/* SPDX-License-Identifier: MIT */
/*
 * mazegen._mazegen: the module, its exception, the registries (algorithms,
 * grid kinds, formats, papers) as plain Python data, and the helpers the
 * other files share. See ext.h.
 */
#include "ext.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

PyObject *py_maze_error;

PyObject *
py_raise(int rc, const char *context, const char *detail)
{
    /* What the library said was wrong, when the caller has nothing more
     * precise. */
    if (detail == NULL || *detail == '\0') {
        detail = maze_error_detail();
    }
    PyObject *msg =
        detail && *detail
            ? PyUnicode_FromFormat("%s: %s; %s", context, maze_strerror(rc),
                                   detail)
            : PyUnicode_FromFormat("%s: %s", context, maze_strerror(rc));
    if (msg == NULL) {
        return NULL;
    }
    return py_raise_message(rc, msg);
}

PyObject *
py_raise_message(int rc, PyObject *msg)
{
    if (msg == NULL) {
        return NULL;
    }
    PyObject *exc = PyObject_CallOneArg(py_maze_error, msg);
    Py_DECREF(msg);
    if (exc == NULL) {
        return NULL;
    }
    PyObject *status = PyLong_FromLong(rc);
    if (status != NULL) {
        (void)PyObject_SetAttrString(exc, "status", status);
        Py_DECREF(status);
    }
    PyErr_SetObject(py_maze_error, exc);
    Py_DECREF(exc);
    return NULL;
}

PyObject *
py_raise_job(int rc, int err)
{
    const char *detail = maze_error_detail();
    if (rc == MAZE_ERR_NOMEM) {
        return PyErr_NoMemory();
    }
    if (rc == MAZE_ERR_IO && err != 0) {
        PyObject *e = Py_BuildValue("(is)", err, detail);
        if (e != NULL) {
            PyErr_SetObject(PyExc_OSError, e);
            Py_DECREF(e);
        }
        return NULL;
    }
    return py_raise_message(
        rc, PyUnicode_FromString(*detail ? detail : maze_strerror(rc)));
}

int
py_u32(PyObject *o, const char *name, uint32_t *out)
{
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s: expected an int", name);
        return -1;
    }
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (overflow || v < 0 || v > (long long)UINT32_MAX) {
        PyErr_Format(PyExc_OverflowError, "%s: %R is outside 0 to 4294967295",
                     name, o);
        return -1;
    }
    *out = (uint32_t)v;
    return 0;
}

int
py_u32_arg(PyObject *o, void *out)
{
    uint32_t v;
    if (py_u32(o, "an option", &v) != 0) {
        return 0;
    }
    *(uint32_t *)out = v;
    return 1;
}

int
py_u64_arg(PyObject *o, void *out)
{
    if (!PyLong_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "expected an int");
        return 0;
    }
    unsigned long long v = PyLong_AsUnsignedLongLong(o);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        return 0;
    }
    *(uint64_t *)out = v;
    return 1;
}

int
py_format_unit(const char *format, enum maze_unit *unit)
{
    const struct maze_format_info *fi = maze_format_find(format);
    if (fi == NULL) {
        py_raise(MAZE_ERR_INVALID, "format", "unknown format");
        return -1;
    }
    *unit = (fi->flags & MAZE_FORMAT_RASTER) ? MAZE_UNIT_PX : MAZE_UNIT_PT;
    return 0;
}

int
py_length(PyObject *o, const char *name, enum maze_unit def,
          struct maze_length *out)
{
    *out = (struct maze_length){0};
    if (o == NULL || o == Py_None) {
        return 0;
    }
    const char *s = PyUnicode_AsUTF8(o);
    if (s == NULL) {
        return -1;
    }
    if (strcmp(s, "none") == 0) {
        *out = MAZE_LENGTH_NONE;
        return 0;
    }
    int rc = maze_length_parse(s, def, out);
    if (rc != MAZE_OK) {
        (void)py_raise(rc, name,
                       "expected a length of 0 to 100000 with a unit px, pt, "
                       "mm or in (e.g. 12pt)");
        return -1;
    }
    return 0;
}

static int
buf_write(void *ctx, const void *data, size_t len)
{
    struct py_buf *b = ctx;
    if (len > (size_t)PY_SSIZE_T_MAX - b->len) {
        return -1;
    }
    if (b->len + len > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + len) {
            if (cap > (size_t)PY_SSIZE_T_MAX / 2) {
                cap = b->len + len;
                break;
            }
            cap *= 2;
        }
        char *p = realloc(b->data, cap);
        if (p == NULL) {
            return -1;
        }
        b->data = p;
        b->cap = cap;
    }
    memcpy(b->data + b->len, data, len);
    b->len += len;
    return 0;
}

struct maze_sink
py_buf_sink(struct py_buf *b)
{
    *b = (struct py_buf){0};
    return (struct maze_sink){.write = buf_write, .ctx = b};
}

PyObject *
py_buf_take(struct py_buf *b)
{
    PyObject *bytes =
        PyBytes_FromStringAndSize(b->data ? b->data : "", (Py_ssize_t)b->len);
    free(b->data);
    *b = (struct py_buf){0};
    return bytes;
}

/* A tuple of the non-NULL strings of a NULL-terminated array (at most n). */
static PyObject *
str_tuple(const char *const *s, size_t n)
{
    size_t count = 0;
    while (count < n && s[count] != NULL) {
        count++;
    }
    PyObject *t = PyTuple_New((Py_ssize_t)count);
    for (size_t i = 0; t != NULL && i < count; i++) {
        PyObject *v = PyUnicode_FromString(s[i]);
        if (v == NULL) {
            Py_CLEAR(t);
            break;
        }
        PyTuple_SET_ITEM(t, (Py_ssize_t)i, v);
    }
    return t;
}

/* Appends the object `item` (a new reference, NULL on failure) to list. */
static int
append_new(PyObject *list, PyObject *item)
{
    if (item == NULL) {
        return -1;
    }
    int rc = PyList_Append(list, item);
    Py_DECREF(item);
    return rc;
}

static PyObject *
py_algorithms(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *list = PyList_New(0);
    for (size_t i = 0; list != NULL && i < maze_algorithm_count(); i++) {
        const struct maze_algorithm_info *a = maze_algorithm_at(i);
        if (append_new(list, Py_BuildValue(
                                 "{s:s,s:s,s:O,s:O,s:O,s:O}", "name", a->name,
                                 "description", a->description, "rect_only",
                                 a->rect_only ? Py_True : Py_False, "perfect",
                                 a->perfect ? Py_True : Py_False, "weaves",
                                 a->weaves ? Py_True : Py_False, "streamable",
                                 a->streamable ? Py_True : Py_False)) != 0) {
            Py_CLEAR(list);
        }
    }
    return list;
}

/* One kind as a dict: name, aliases, description, sizes, classes, coords. */
static PyObject *
kind_dict(const struct maze_grid_kind *k)
{
    static const char *const size_names[MAZE_SIZE_COUNT] = {
        "width", "height", "levels", "room", "panels"};
    PyObject *sizes = PyDict_New();
    for (int s = 0; sizes != NULL && s < MAZE_SIZE_COUNT; s++) {
        const struct maze_grid_size_info *z = &k->sizes[s];
        if (z->meaning == NULL) {
            continue;
        }
        PyObject *v =
            Py_BuildValue("{s:s,s:I,s:I,s:I}", "meaning", z->meaning, "min",
                          z->min, "max", z->max, "default", z->def);
        if (v == NULL || PyDict_SetItemString(sizes, size_names[s], v) != 0) {
            Py_CLEAR(sizes);
        }
        Py_XDECREF(v);
    }
    PyObject *aliases = str_tuple(k->aliases, 4);
    PyObject *classes = str_tuple(k->class_names, k->class_count);
    PyObject *coords = str_tuple(k->coord_names, k->coord_count);
    PyObject *d = NULL;
    if (sizes && aliases && classes && coords) {
        d = Py_BuildValue("{s:s,s:O,s:s,s:O,s:O,s:O,s:O,s:O}", "name", k->name,
                          "aliases", aliases, "description", k->description,
                          "sizes", sizes, "classes", classes, "coords", coords,
                          "maskable", k->maskable ? Py_True : Py_False,
                          "tunnels", k->tunnels ? Py_True : Py_False);
    }
    Py_XDECREF(sizes);
    Py_XDECREF(aliases);
    Py_XDECREF(classes);
    Py_XDECREF(coords);
    return d;
}

static PyObject *
py_grid_kinds(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *list = PyList_New(0);
    for (size_t i = 0; list != NULL && i < maze_grid_kind_count(); i++) {
        if (append_new(list, kind_dict(maze_grid_kind_at(i))) != 0) {
            Py_CLEAR(list);
        }
    }
    return list;
}

static PyObject *
py_formats(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    static const char *const flag_names[] = {"text", "raster", "vector",
                                             "paged", "data"};
    PyObject *list = PyList_New(0);
    for (size_t i = 0; list != NULL && i < maze_format_count(); i++) {
        const struct maze_format_info *f = maze_format_at(i);
        PyObject *exts = str_tuple((const char *const *)f->extensions, 16);
        PyObject *flags = PyList_New(0);
        for (unsigned b = 0; flags != NULL && b < 5; b++) {
            if ((f->flags & (1u << b)) != 0 &&
                append_new(flags, PyUnicode_FromString(flag_names[b])) != 0) {
                Py_CLEAR(flags);
            }
        }
        PyObject *d = NULL;
        if (exts && flags) {
            d = Py_BuildValue("{s:s,s:O,s:s,s:O}", "name", f->name,
                              "extensions", exts, "description", f->description,
                              "flags", flags);
        }
        Py_XDECREF(exts);
        Py_XDECREF(flags);
        if (append_new(list, d) != 0) {
            Py_CLEAR(list);
        }
    }
    return list;
}

static PyObject *
py_papers(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *list = PyList_New(0);
    const char *name;
    for (size_t i = 0; list != NULL && (name = maze_paper_name_at(i)); i++) {
        if (append_new(list, PyUnicode_FromString(name)) != 0) {
            Py_CLEAR(list);
        }
    }
    return list;
}

static PyObject *
py_paper_size(PyObject *self, PyObject *arg)
{
    (void)self;
    const char *s = PyUnicode_AsUTF8(arg);
    if (s == NULL) {
        return NULL;
    }
    double w, h;
    int rc = maze_paper_parse(s, &w, &h);
    if (rc != MAZE_OK) {
        return py_raise(rc, "paper",
                        "expected a paper name (mazegen.papers()) or a size "
                        "such as 210x297mm");
    }
    return Py_BuildValue("(dd)", w, h);
}

static PyObject *
py_seed_derive(PyObject *self, PyObject *args)
{
    (void)self;
    uint64_t base, stream;
    if (!PyArg_ParseTuple(args, "O&O&", py_u64_arg, &base, py_u64_arg,
                          &stream)) {
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(maze_seed_derive(base, stream));
}

static PyObject *
py_strerror(PyObject *self, PyObject *arg)
{
    (void)self;
    long rc = PyLong_AsLong(arg);
    if (rc == -1 && PyErr_Occurred()) {
        return NULL;
    }
    return PyUnicode_FromString(maze_strerror((int)rc));
}

/* translate(language, msgid) -> msgid in language (maze_translate()). */
static PyObject *
py_translate(PyObject *self, PyObject *args)
{
    (void)self;
    const char *language, *msgid;
    if (!PyArg_ParseTuple(args, "zs:translate", &language, &msgid)) {
        return NULL;
    }
    return PyUnicode_FromString(maze_translate(language, msgid));
}

/*
 * write_file(path, data): data written to path through the library's file
 * sink (<mazegen/file.h>), as the command writes its outputs. The GIL is
 * released meanwhile: opening a FIFO waits for its reader, which may be
 * another Python thread. A file-system failure raises OSError (the
 * subclass its errno picks) whose strerror is the library's reason.
 */
static PyObject *
py_write_file(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *path, *encoded;
    Py_buffer data;
    if (!PyArg_ParseTuple(args, "Oy*:write_file", &path, &data)) {
        return NULL;
    }
    if (!PyUnicode_FSConverter(path, &encoded)) {
        PyBuffer_Release(&data);
        return NULL;
    }
    int rc, err;
    char why[256];
    Py_BEGIN_ALLOW_THREADS;
    struct maze_file_sink *f = NULL;
    rc = maze_file_sink_create(PyBytes_AS_STRING(encoded), 0, &f);
    if (rc == MAZE_OK) {
        const struct maze_sink *s = maze_file_sink_as_sink(f);
        /* A failed write leaves the commit to fail, saying why. */
        (void)s->write(s->ctx, data.buf, (size_t)data.len);
        rc = maze_file_sink_commit(f);
    }
    err = rc == MAZE_ERR_IO ? errno : 0;
    snprintf(why, sizeof why, "%s", maze_error_detail());
    maze_file_sink_destroy(f);
    Py_END_ALLOW_THREADS;
    Py_DECREF(encoded);
    PyBuffer_Release(&data);
    if (rc == MAZE_ERR_NOMEM) {
        return PyErr_NoMemory();
    }
    if (rc == MAZE_ERR_IO) {
        PyObject *e = Py_BuildValue("(isO)", err, why, path);
        if (e != NULL) {
            PyErr_SetObject(PyExc_OSError, e);
            Py_DECREF(e);
        }
        return NULL;
    }
    if (rc != MAZE_OK) {
        return py_raise(rc, "path", why);
    }
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"generate", (PyCFunction)(void (*)(void))py_generate,
     METH_VARARGS | METH_KEYWORDS,
     "generate(kind, sizes, **options) -> Maze: make and carve a maze"},
    {"job_maze", py_job_maze, METH_O,
     "job_maze(options) -> Maze: made by a job of (name, text) pairs, as "
     "the command makes it"},
    {"job_text", py_job_text, METH_VARARGS,
     "job_text(options, name) -> str or None: option name's text once a "
     "job of (name, text) pairs is checked"},
    {"load", py_load, METH_VARARGS,
     "load(data) -> Maze: read a wall-graph file held in a bytes-like"},
    {"sheet", (PyCFunction)(void (*)(void))py_sheet,
     METH_VARARGS | METH_KEYWORDS,
     "sheet(puzzles, format, **options) -> bytes: a puzzle sheet"},
    {"algorithms", py_algorithms, METH_NOARGS,
     "The registered algorithms, as dicts"},
    {"grid_kinds", py_grid_kinds, METH_NOARGS,
     "The registered grid kinds, as dicts"},
    {"formats", py_formats, METH_NOARGS, "The export formats, as dicts"},
    {"papers", py_papers, METH_NOARGS, "The paper names sheets know"},
    {"paper_size", py_paper_size, METH_O,
     "paper_size(name) -> (width, height) in points, portrait"},
    {"seed_derive", py_seed_derive, METH_VARARGS,
     "seed_derive(base, stream) -> the seed of puzzle `stream` of a book"},
    {"strerror", py_strerror, METH_O, "strerror(status) -> its description"},
    {"translate", py_translate, METH_VARARGS,
     "translate(language, msgid) -> a sheet's word in language"},
    {"write_file", py_write_file, METH_VARARGS,
     "write_file(path, data): data in path, whole or not at all"},
    {"options", py_options, METH_NOARGS,
     "The option table (<mazegen/option.h>), a dict a row"},
    {"option_parse", py_option_parse, METH_VARARGS,
     "option_parse(name, text) -> the value read, as the command reads it"},
    {"paper_default", py_paper_default, METH_NOARGS,
     "paper_default() -> (name, width, height): the paper when none is "
     "named"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "mazegen._mazegen",
    .m_doc = "The C layer of mazegen; use the mazegen package instead.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__mazegen(void);

PyMODINIT_FUNC
PyInit__mazegen(void)
{
    if (PyType_Ready(&py_maze_type) < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) {
        return NULL;
    }
    py_maze_error = PyErr_NewExceptionWithDoc(
        "mazegen.MazeError",
        "An error reported by libmazegen: the message is maze_strerror()'s "
        "description with what was wrong; `status` is the library's "
        "negative status code.",
        PyExc_ValueError, NULL);
    if (py_maze_error == NULL ||
        PyModule_AddObjectRef(m, "MazeError", py_maze_error) < 0 ||
        PyModule_AddObjectRef(m, "Maze", (PyObject *)&py_maze_type) < 0 ||
        PyModule_AddStringConstant(m, "VERSION", MAZEGEN_VERSION) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
