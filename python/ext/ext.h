/* SPDX-License-Identifier: MIT */
/*
 * The C half of the Python module (mazegen._mazegen): a thin layer over
 * the public API. It checks types and ranges the C functions cannot see
 * (Python integers, strings) and turns every status into a MazeError
 * carrying maze_strerror()'s words; the Pythonic names, defaults and
 * messages about unknown names live in python/mazegen/__init__.py.
 *
 * A Maze object owns its grid and maze and never changes after it is
 * made, so exports and solving may read it with the GIL released.
 */
#ifndef MAZEGEN_PY_EXT_H
#define MAZEGEN_PY_EXT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <mazegen/mazegen.h>

struct py_maze {
    PyObject_HEAD struct maze_grid *grid;
    struct maze *maze;
};

extern PyTypeObject py_maze_type;
/* mazegen.MazeError, a subclass of ValueError with a `status` member. */
extern PyObject *py_maze_error;

/* Raises MazeError "context: <maze_strerror(rc)>" (and detail, when not
 * NULL, after a semicolon); returns NULL. */
PyObject *py_raise(int rc, const char *context, const char *detail);

/* Raises MazeError(msg) with its status attribute rc; takes the reference
 * to msg (NULL: the exception already set). Returns NULL. */
PyObject *py_raise_message(int rc, PyObject *msg);

/* Raises a failure of the job (job.h) as the command words it: MazeError
 * whose message is maze_error_detail() alone, or OSError when a file
 * could not be read (err its errno, 0 when unknown); returns NULL. */
PyObject *py_raise_job(int rc, int err);

/* A new Maze owning grid and maze; on failure frees both, returns NULL. */
PyObject *py_maze_wrap(struct maze_grid *grid, struct maze *maze);

/* Converts o (a Python int) to a uint32_t; name goes in the message.
 * An int outside 0 to 2^32 - 1 raises OverflowError (never wraps). */
int py_u32(PyObject *o, const char *name, uint32_t *out);
/* py_u32() as a PyArg "O&" converter into a uint32_t. */
int py_u32_arg(PyObject *o, void *out);
/* A "O&" converter into a uint64_t, OverflowError outside 0 to
 * 2^64 - 1. */
int py_u64_arg(PyObject *o, void *out);

/* A length: None (the default), a string such as "12pt" (bare numbers in
 * def units) or "none" (MAZE_LENGTH_NONE). */
int py_length(PyObject *o, const char *name, enum maze_unit def,
              struct maze_length *out);

/* The unit a bare number of a format's lengths is in: pixels for raster
 * formats, else points; -1 with MazeError set for an unknown format. */
int py_format_unit(const char *format, enum maze_unit *unit);

/* A growing byte buffer behind a struct maze_sink. */
struct py_buf {
    char *data;
    size_t len, cap;
};
struct maze_sink py_buf_sink(struct py_buf *b);
/* The buffer's bytes as a new bytes object; frees the buffer. */
PyObject *py_buf_take(struct py_buf *b);

/* Module functions (maze.c, sheet.c, job.c, option.c). */
PyObject *py_generate(PyObject *self, PyObject *args, PyObject *kw);
PyObject *py_load(PyObject *self, PyObject *args);
PyObject *py_sheet(PyObject *self, PyObject *args, PyObject *kw);
/* A maze made by a job of (name, text) options (job.c). */
PyObject *py_job_maze(PyObject *self, PyObject *arg);
/* The text of an option once a job of options is checked (job.c). */
PyObject *py_job_text(PyObject *self, PyObject *args);
/* The option table (option.c). */
PyObject *py_options(PyObject *self, PyObject *unused);
PyObject *py_option_parse(PyObject *self, PyObject *args);
PyObject *py_paper_default(PyObject *self, PyObject *unused);

#endif
