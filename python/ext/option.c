/* SPDX-License-Identifier: MIT */
/*
 * The option table (<mazegen/option.h>) for Python: every row as a dict,
 * a value read from its text by maze_option_parse(), and the default
 * paper. The package converts each keyword argument to the text the
 * command would be given and reads it here, so Python accepts and refuses
 * what the command does, with the command's message word for word.
 */
#include "ext.h"

#include <string.h>

static const char *const type_names[] = {
    [MAZE_OPTION_FLAG] = "flag",           [MAZE_OPTION_NUMBER] = "number",
    [MAZE_OPTION_FRACTION] = "fraction",   [MAZE_OPTION_LENGTH] = "length",
    [MAZE_OPTION_BYTES] = "bytes",         [MAZE_OPTION_CHOICE] = "choice",
    [MAZE_OPTION_CELL] = "cell",           [MAZE_OPTION_TEXT] = "text",
    [MAZE_OPTION_INPUT] = "input",         [MAZE_OPTION_OUTPUT] = "output",
    [MAZE_OPTION_DIRECTORY] = "directory",
};

static const char *const group_names[MAZE_GROUP_COUNT_] = {
    [MAZE_GROUP_MAZE] = "maze",       [MAZE_GROUP_OUTPUT] = "output",
    [MAZE_GROUP_CONSOLE] = "console", [MAZE_GROUP_SVG] = "svg",
    [MAZE_GROUP_SHEET] = "sheet",     [MAZE_GROUP_LARGE] = "large",
    [MAZE_GROUP_OTHER] = "other",     [MAZE_GROUP_WATCH] = "watch",
};

static const char *const default_names[] = {
    [MAZE_DEFAULT_FIXED] = "fixed",
    [MAZE_DEFAULT_FORMAT] = "format",
    [MAZE_DEFAULT_ENVIRONMENT] = "environment",
    [MAZE_DEFAULT_RANDOM] = "random",
    [MAZE_DEFAULT_CORES] = "cores",
    [MAZE_DEFAULT_DERIVED] = "derived",
};

static int
append_str(PyObject *list, const char *s)
{
    PyObject *v = PyUnicode_FromString(s);
    if (v == NULL) {
        return -1;
    }
    int rc = PyList_Append(list, v);
    Py_DECREF(v);
    return rc;
}

/* The words a choice row accepts: its own, or its registry's names (grid
 * kinds with their aliases, formats with "none"); None for the
 * difficulty levels, which the command reads itself. */
static PyObject *
choices(const struct maze_option *o)
{
    if (o->type != MAZE_OPTION_CHOICE ||
        o->registry == MAZE_REGISTRY_DIFFICULTY) {
        Py_RETURN_NONE;
    }
    PyObject *list = PyList_New(0);
    int rc = list == NULL ? -1 : 0;
    const char *name;
    switch (o->registry) {
    case MAZE_REGISTRY_ALGORITHM:
        for (size_t i = 0; rc == 0 && i < maze_algorithm_count(); i++) {
            rc = append_str(list, maze_algorithm_at(i)->name);
        }
        break;
    case MAZE_REGISTRY_GRID:
        for (size_t i = 0; rc == 0 && i < maze_grid_kind_count(); i++) {
            const struct maze_grid_kind *k = maze_grid_kind_at(i);
            rc = append_str(list, k->name);
            for (size_t a = 0; rc == 0 && a < 4 && k->aliases[a]; a++) {
                rc = append_str(list, k->aliases[a]);
            }
        }
        break;
    case MAZE_REGISTRY_FORMAT:
        for (size_t i = 0; rc == 0 && i < maze_format_count(); i++) {
            rc = append_str(list, maze_format_at(i)->name);
        }
        rc = rc == 0 ? append_str(list, "none") : rc;
        break;
    case MAZE_REGISTRY_PAPER:
        for (size_t i = 0; rc == 0 && (name = maze_paper_name_at(i)); i++) {
            rc = append_str(list, name);
        }
        break;
    default:
        for (size_t i = 0; rc == 0 && o->choices && o->choices[i]; i++) {
            rc = append_str(list, o->choices[i]);
        }
        break;
    }
    if (rc != 0) {
        Py_CLEAR(list);
    }
    return list;
}

/* A row's bound as Python: numbers for a number row, max for text. */
static PyObject *
bound(const struct maze_option *o, uint64_t v, bool is_max)
{
    if (o->type == MAZE_OPTION_NUMBER ||
        (is_max && o->type == MAZE_OPTION_TEXT && v != 0)) {
        return PyLong_FromUnsignedLongLong(v);
    }
    Py_RETURN_NONE;
}

static PyObject *
row_dict(const struct maze_option *o)
{
    size_t need = maze_option_describe(o, NULL, 0);
    char *help = PyMem_Malloc(need + 1);
    if (help == NULL) {
        return PyErr_NoMemory();
    }
    (void)maze_option_describe(o, help, need + 1);
    char letter[2] = {o->letter, '\0'};
    PyObject *d = Py_BuildValue(
        "{s:s,s:z,s:z,s:s,s:s,s:N,s:N,s:N,s:z,s:s,s:z,s:s,s:s,s:O,s:O,s:O}",
        "name", o->name, "alias", o->alias, "letter", o->letter ? letter : NULL,
        "type", type_names[o->type], "group", group_names[o->group], "min",
        bound(o, o->min, false), "max", bound(o, o->max, true), "choices",
        choices(o), "default", o->default_value, "default_rule",
        default_names[o->default_rule], "metavar", o->metavar, "summary",
        o->summary, "help", help, "value_optional",
        (o->flags & MAZE_OPTION_VALUE_OPTIONAL) ? Py_True : Py_False, "program",
        (o->flags & MAZE_OPTION_PROGRAM) ? Py_True : Py_False, "hidden",
        (o->flags & MAZE_OPTION_HIDDEN) ? Py_True : Py_False);
    PyMem_Free(help);
    return d;
}

PyObject *
py_options(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *list = PyList_New(0);
    for (size_t i = 0; list != NULL && i < maze_option_count(); i++) {
        PyObject *d = row_dict(maze_option_at(i));
        if (d == NULL || PyList_Append(list, d) != 0) {
            Py_CLEAR(list);
        }
        Py_XDECREF(d);
    }
    return list;
}

/* What a value read is in Python, by the row's type. */
static PyObject *
value_object(const struct maze_option *o, const struct maze_option_value *v)
{
    switch (o->type) {
    case MAZE_OPTION_FLAG:
        Py_RETURN_TRUE;
    case MAZE_OPTION_NUMBER:
    case MAZE_OPTION_FRACTION:
    case MAZE_OPTION_BYTES:
        if (v->text == NULL) {
            Py_RETURN_NONE; /* an optional value left out */
        }
        return PyLong_FromUnsignedLongLong(v->number);
    case MAZE_OPTION_LENGTH:
        /* The text, for the format's unit; a zero margin is none. */
        if (v->length.value < 0) {
            return PyUnicode_FromString("none");
        }
        return PyUnicode_FromString(v->text);
    case MAZE_OPTION_CELL: {
        PyObject *t = PyTuple_New(v->cell_count);
        for (unsigned i = 0; t != NULL && i < v->cell_count; i++) {
            PyObject *c = PyLong_FromUnsignedLong(v->cell[i]);
            if (c == NULL) {
                Py_CLEAR(t);
                break;
            }
            PyTuple_SET_ITEM(t, i, c);
        }
        return t;
    }
    default:
        if (v->text == NULL) {
            Py_RETURN_NONE;
        }
        return PyUnicode_FromString(v->text);
    }
}

PyObject *
py_option_parse(PyObject *self, PyObject *args)
{
    (void)self;
    const char *name, *text;
    if (!PyArg_ParseTuple(args, "sz", &name, &text)) {
        return NULL;
    }
    const struct maze_option *o = maze_option_find(name);
    if (o == NULL) {
        return PyErr_Format(PyExc_KeyError, "no option %s", name);
    }
    struct maze_option_value v;
    int rc = maze_option_parse(o, text, &v);
    if (rc != MAZE_OK) {
        return py_raise_job(rc, 0);
    }
    return value_object(o, &v);
}

PyObject *
py_paper_default(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    double w, h;
    char name[64];
    int rc = maze_paper_default(&w, &h, name, sizeof(name));
    if (rc != MAZE_OK) {
        return py_raise_job(rc, 0);
    }
    return Py_BuildValue("(sdd)", name, w, h);
}
