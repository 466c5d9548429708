/* SPDX-License-Identifier: MIT */
/*
 * Mazes made by a job (<mazegen/job.h>), as the command makes them: the
 * options set by name from the text _options.py writes, checked together
 * (every bound before work, files read bounded), the maze made, then
 * taken out of the job for a Maze object. A refusal raises MazeError
 * with the command's own message, word for word.
 */
#include "ext.h"

#include <errno.h>
#include <string.h>

/* Sets one (name, text) pair of options, text None for a flag; -1 with
 * an exception set on failure. */
static int
set_pair(struct maze_job *job, PyObject *pair)
{
    const char *name;
    PyObject *text;
    if (!PyArg_ParseTuple(pair, "sO:job option", &name, &text)) {
        return -1;
    }
    PyObject *encoded = NULL;
    if (text != Py_None && !PyUnicode_FSConverter(text, &encoded)) {
        return -1;
    }
    int rc =
        maze_job_set(job, name, encoded ? PyBytes_AS_STRING(encoded) : NULL);
    Py_XDECREF(encoded);
    if (rc != MAZE_OK) {
        py_raise_job(rc, 0);
        return -1;
    }
    return 0;
}

/* A new job with options, a sequence of (name, text) pairs, set in
 * order; NULL with an exception set on failure. */
static struct maze_job *
job_of(PyObject *arg, const char *what)
{
    PyObject *seq = PySequence_Fast(arg, what);
    if (seq == NULL) {
        return NULL;
    }
    struct maze_job *job = NULL;
    int rc = maze_job_create(&job);
    if (rc != MAZE_OK) {
        Py_DECREF(seq);
        py_raise_job(rc, 0);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        if (set_pair(job, PySequence_Fast_GET_ITEM(seq, i)) != 0) {
            Py_DECREF(seq);
            maze_job_destroy(job);
            return NULL;
        }
    }
    Py_DECREF(seq);
    return job;
}

/*
 * job_maze(options) -> Maze: options a sequence of (name, text) pairs
 * (text None for a flag; str, or a path-like for file names), set on a
 * new job in order, checked, made, and its maze taken.
 */
PyObject *
py_job_maze(PyObject *self, PyObject *arg)
{
    (void)self;
    struct maze_job *job = job_of(arg, "job_maze: expected pairs");
    if (job == NULL) {
        return NULL;
    }
    struct maze_grid *grid = NULL;
    struct maze *maze = NULL;
    int err = 0;
    int rc;
    /* Checking reads --mask and making reads --load and carves: long,
     * and the job touches no Python object. */
    Py_BEGIN_ALLOW_THREADS;
    rc = maze_job_check(job);
    if (rc == MAZE_OK) {
        errno = 0;
        rc = maze_job_make(job, NULL);
        err = errno;
    }
    if (rc == MAZE_OK) {
        rc = maze_job_take(job, 0, &grid, &maze);
    }
    Py_END_ALLOW_THREADS;
    PyObject *result =
        rc == MAZE_OK ? py_maze_wrap(grid, maze) : py_raise_job(rc, err);
    maze_job_destroy(job);
    return result;
}

/*
 * job_text(options, name) -> str or None: a job of options as for
 * job_maze(), checked (a refusal raised with the command's message), and
 * the text of option `name` as the check resolved it (a sheet's language
 * from the locale, its paper from the machine); None when it has none.
 */
PyObject *
py_job_text(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *options;
    const char *name;
    if (!PyArg_ParseTuple(args, "Os:job_text", &options, &name)) {
        return NULL;
    }
    const struct maze_option *o = maze_option_find(name);
    if (o == NULL) {
        return py_raise(MAZE_ERR_INVALID, "job_text", "no such option");
    }
    struct maze_job *job = job_of(options, "job_text: expected pairs");
    if (job == NULL) {
        return NULL;
    }
    PyObject *result = NULL;
    int rc = maze_job_check(job);
    struct maze_option_value v;
    if (rc != MAZE_OK) {
        py_raise_job(rc, 0);
    } else if (maze_job_get(job, o->id, &v) && v.text != NULL) {
        result = PyUnicode_DecodeFSDefault(v.text);
    } else {
        Py_INCREF(Py_None);
        result = Py_None;
    }
    maze_job_destroy(job);
    return result;
}
