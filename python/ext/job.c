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

/*
 * job_maze(options) -> Maze: options a sequence of (name, text) pairs
 * (text None for a flag; str, or a path-like for file names), set on a
 * new job in order, checked, made, and its maze taken.
 */
PyObject *
py_job_maze(PyObject *self, PyObject *arg)
{
    (void)self;
    PyObject *seq = PySequence_Fast(arg, "job_maze: expected pairs");
    if (seq == NULL) {
        return NULL;
    }
    struct maze_job *job = NULL;
    int rc = maze_job_create(&job);
    if (rc != MAZE_OK) {
        Py_DECREF(seq);
        return py_raise_job(rc, 0);
    }
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        if (set_pair(job, PySequence_Fast_GET_ITEM(seq, i)) != 0) {
            Py_DECREF(seq);
            maze_job_destroy(job);
            return NULL;
        }
    }
    Py_DECREF(seq);
    struct maze_grid *grid = NULL;
    struct maze *maze = NULL;
    int err = 0;
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
