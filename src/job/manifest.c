/* SPDX-License-Identifier: MIT */
/*
 * Job files (--job FILE): read, bounded, into the book's options and an
 * entry for each maze (job.c sets the one and makes a job of each of the
 * others). A job file is a JSON object:
 *
 *   {"options": {"paper": "a4", "title": "Mixed", "solution": true},
 *    "mazes": [{"grid": "hex", "width": 10},
 *              {"grid": "theta", "height": 8, "count": 2}]}
 *
 * "options" are set on the job as the command's options are (a string is
 * the option's text, a whole number its decimal, true a flag given, false
 * and null nothing); each element of "mazes" is an entry with options of
 * its own. Once the job is checked, each entry becomes a job of its own:
 * the job's options (its output files, book and seed aside), then the
 * entry's, checked like any job; the entries' puzzles, in order, make the
 * job's book. Each entry's seed is derived from the job's unless it
 * names one, so -s alone regenerates the whole book.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/status_impl.h"
#include "job/input.h"
#include "job/job_impl.h"
#include "job/manifest.h"
#include "load/json.h"

/* The largest job file read: far more than a book of 10000 entries. */
#define MANIFEST_MAX_BYTES ((uint64_t)16 << 20)
/* The longest option value a job file holds. */
#define VALUE_MAX 4096

/* The text of the option value at pos, as the command would be given it:
 * into buf; *flag set for true, *skip for false and null. False when the
 * value is of no type an option takes. */
static bool
value_text(const struct maze__json *j, size_t pos, char *buf, size_t cap,
           bool *flag, bool *skip)
{
    uint64_t n;
    bool b;
    *flag = *skip = false;
    switch (maze__json_type(j, pos)) {
    case MAZE__JSON_STRING:
        return maze__json_string(j, pos, buf, cap) != SIZE_MAX;
    case MAZE__JSON_NUMBER:
        if (maze__json_uint(j, pos, &n) != MAZE__JSON_UINT_OK) {
            return false;
        }
        snprintf(buf, cap, "%llu", (unsigned long long)n);
        return true;
    case MAZE__JSON_BOOL:
        (void)maze__json_bool(j, pos, &b);
        *flag = b;
        *skip = !b;
        return true;
    case MAZE__JSON_NULL:
        *skip = true;
        return true;
    default:
        return false;
    }
}

/* Reads the object at pos as options added to entry `entry` (SIZE_MAX:
 * the book's own, job->book). Returns false after a usage error
 * recorded. */
static bool
read_options(struct maze_job *job, const struct maze__json *j, size_t pos,
             const char *path, const char *where, size_t entry)
{
    if (maze__json_type(j, pos) != MAZE__JSON_OBJECT) {
        maze__job_usage_error("--job: %s: %s is not an object of options; "
                              "expected {\"width\": 10, ...}",
                              path, where);
        return false;
    }
    struct maze__json_iter it;
    maze__json_iter_init(&it, pos);
    char name[64];
    char text[VALUE_MAX];
    size_t value;
    while (maze__json_next_member(j, &it, name, sizeof(name), &value)) {
        const struct maze_option *o = maze_option_find(name);
        bool flag, skip;
        if (o == NULL || name[0] == '\0' || name[1] == '\0') {
            maze__job_usage_error("--job: %s: %s: unknown option '%s'; "
                                  "expected an option's long name, as "
                                  "mazegen --help lists them",
                                  path, where, name);
            return false;
        }
        if (o->id == MAZE_OPT_JOB || (o->flags & MAZE_OPTION_PROGRAM)) {
            maze__job_usage_error("--job: %s: %s: '%s' is not for a job "
                                  "file; expected maze, output and sheet "
                                  "options",
                                  path, where, name);
            return false;
        }
        if (!value_text(j, value, text, sizeof(text), &flag, &skip)) {
            maze__job_usage_error("--job: %s: %s: '%s' has a value of no "
                                  "use; expected a string, a whole number, "
                                  "true, false or null",
                                  path, where, name);
            return false;
        }
        if (skip) {
            continue;
        }
        const char *given = flag ? NULL : text;
        if (!maze__job_entry_add(job, entry, name, given)) {
            (void)maze__job_fail(MAZE_ERR_NOMEM, "--job: %s",
                                 maze_strerror(MAZE_ERR_NOMEM));
            return false;
        }
    }
    return true;
}

/* Reads a checked job file. */
static bool
read_json(struct maze_job *job, const struct maze__json *j, const char *path)
{
    size_t top = maze__json_value_at(j, 0);
    if (maze__json_type(j, top) != MAZE__JSON_OBJECT) {
        maze__job_usage_error("--job: %s is not a JSON object; expected "
                              "{\"options\": {...}, \"mazes\": [...]}",
                              path);
        return false;
    }
    struct maze__json_iter it;
    maze__json_iter_init(&it, top);
    char name[32];
    size_t value, mazes = SIZE_MAX;
    while (maze__json_next_member(j, &it, name, sizeof(name), &value)) {
        if (strcmp(name, "options") == 0) {
            if (!read_options(job, j, value, path, "options", SIZE_MAX)) {
                return false;
            }
        } else if (strcmp(name, "mazes") == 0) {
            mazes = value;
        } else {
            maze__job_usage_error("--job: %s: unknown member '%s'; expected "
                                  "\"options\" and \"mazes\"",
                                  path, name);
            return false;
        }
    }
    if (mazes == SIZE_MAX || maze__json_type(j, mazes) != MAZE__JSON_ARRAY) {
        maze__job_usage_error("--job: %s has no \"mazes\" array; expected "
                              "\"mazes\": [{...}, ...], one object a maze",
                              path);
        return false;
    }
    maze__json_iter_init(&it, mazes);
    size_t n = 0;
    while (maze__json_next_element(j, &it, &value)) {
        if (n == MAZE_OPTION_MAX_PUZZLES) {
            maze__job_usage_error("--job: %s: more than %u mazes; expected "
                                  "at most %u",
                                  path, MAZE_OPTION_MAX_PUZZLES,
                                  MAZE_OPTION_MAX_PUZZLES);
            return false;
        }
        char where[32];
        snprintf(where, sizeof(where), "maze %zu", n + 1);
        /* An empty object is a maze of the book's options alone. */
        if (!maze__job_entry_add(job, job->entry_count, "", NULL) ||
            !read_options(job, j, value, path, where, job->entry_count - 1)) {
            return false;
        }
        n++;
    }
    if (n == 0) {
        maze__job_usage_error("--job: %s lists no mazes; expected at least "
                              "one in \"mazes\"",
                              path);
        return false;
    }
    return true;
}

bool
maze__job_read_manifest(struct maze_job *job, const char *path)
{
    FILE *f = fopen(path, "rb");
    struct stat st;
    if (f != NULL && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        f = NULL;
        errno = EISDIR;
    }
    if (f == NULL) {
        maze__job_usage_error("--job: cannot read '%s': %s; expected a job "
                              "file (JSON)",
                              path, strerror(errno));
        return false;
    }
    char *data = NULL;
    size_t len = 0, at = 0;
    int error = maze__job_read_bounded(f, MANIFEST_MAX_BYTES, NULL, NULL, &data,
                                       &len, &at);
    fclose(f);
    if (error == EFBIG) {
        maze__job_usage_error("--job: %s is larger than %llu bytes; expected "
                              "a job file",
                              path, (unsigned long long)MANIFEST_MAX_BYTES);
        return false;
    }
    if (error != 0) {
        (void)maze__job_fail(MAZE_ERR_IO, "--job: cannot read %s: %s", path,
                             strerror(error));
        return false;
    }
    struct maze__json j;
    maze__json_init(&j, data, len);
    bool ok = maze__json_check(&j) == MAZE_OK;
    if (!ok) {
        unsigned long line, column;
        maze__json_position(&j, j.err_pos, &line, &column);
        maze__job_usage_error("--job: %s:%lu:%lu: %s", path, line, column,
                              j.message);
    } else {
        ok = read_json(job, &j, path);
    }
    maze__json_finish(&j);
    free(data);
    return ok;
}
