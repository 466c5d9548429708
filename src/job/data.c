/* SPDX-License-Identifier: MIT */
/*
 * Inputs given as bytes (maze_job_set_data()): a program that holds a
 * file's contents (an upload) gives them instead of a path. The job keeps
 * a copy, held to the bound the file would be held to, and reads it where
 * it would read the file (grid.c for --mask, load.c for --load), so every
 * check and message is the file's, the label standing for its name.
 */
#include <stdlib.h>
#include <string.h>

#include "core/status_impl.h"
#include "job/grid.h"
#include "job/job_impl.h"
#include "job/load.h"

/* The name contents are given under when the caller gives none. */
#define DATA_LABEL "the data given"

/* --load given as data makes the job's one maze: a book's entries are
 * files (or --job's), which the data cannot be one of. */
static bool
load_alone(const struct maze_job *job, const char *label)
{
    if (job->entry_count == 0 && !job->given[MAZE_OPT_JOB]) {
        return true;
    }
    maze__job_usage_error(
        "--load: '%s' is given as data, which makes the job's one maze, "
        "not one of a book of several (--job, --load more than once); "
        "expected one --load",
        label);
    return false;
}

/* The bound of input o's contents, in bytes, as its file's. */
static int
check_bound(const struct maze_job *job, const struct maze_option *o,
            const char *label, size_t len)
{
    if (o->id == MAZE_OPT_MASK && len > JOB_MASK_MAX_BYTES) {
        return maze__fail(MAZE_ERR_INVALID,
                          "--mask: cannot read '%s': larger than 64 MiB",
                          label);
    }
    uint64_t limit = maze__job_load_limit(job);
    if (o->id == MAZE_OPT_LOAD && len > limit) {
        return maze__fail(
            MAZE_ERR_INVALID,
            "--load: '%s' is larger than the %llu bytes that half of the "
            "memory %s allows; expected a wall-graph file of a maze that "
            "fits, or a larger --max-memory",
            label, (unsigned long long)limit,
            job->max_memory ? "--max-memory" : "available");
    }
    return MAZE_OK;
}

int
maze_job_set_data(struct maze_job *job, const char *name, const void *data,
                  size_t len, const char *label)
{
    maze__detail_clear();
    if (job == NULL || name == NULL || (data == NULL && len > 0) ||
        job->checked) {
        return MAZE_ERR_INVALID;
    }
    const struct maze_option *o = maze_option_find(name);
    if (o == NULL) {
        return maze__fail(MAZE_ERR_INVALID, "unknown option '%s'", name);
    }
    if (o->id != MAZE_OPT_MASK && o->id != MAZE_OPT_LOAD) {
        return maze__fail(MAZE_ERR_INVALID,
                          "%s: takes %s, not contents given as data; "
                          "expected --mask or --load",
                          maze_option_label(o),
                          o->type == MAZE_OPTION_INPUT ? "a file's path"
                                                       : "text");
    }
    label = label != NULL ? label : DATA_LABEL;
    int rc = check_bound(job, o, label, len);
    if (rc != MAZE_OK) {
        return rc;
    }
    if (o->id == MAZE_OPT_LOAD && !load_alone(job, label)) {
        return MAZE_ERR_INVALID;
    }
    const char *kept = maze__job_keep(job, label);
    /* One byte more than asked, so no bytes are a copy too. */
    char *copy = malloc(len + 1);
    if (kept == NULL || copy == NULL) {
        free(copy);
        return MAZE_ERR_NOMEM;
    }
    if (len > 0) {
        memcpy(copy, data, len);
    }
    struct maze__job_data *d =
        o->id == MAZE_OPT_MASK ? &job->mask_data : &job->load_data;
    free(d->bytes);
    *d = (struct maze__job_data){copy, len};
    if (o->id == MAZE_OPT_MASK) {
        job->mask_path = kept;
    } else {
        job->load = kept;
    }
    job->given[o->id] = true;
    job->text[o->id] = kept;
    return MAZE_OK;
}

bool
maze__job_data_replace(struct maze_job *job, enum maze_option_id id)
{
    if (id == MAZE_OPT_MASK) {
        free(job->mask_data.bytes);
        job->mask_data = (struct maze__job_data){NULL, 0};
        return true;
    }
    if (id == MAZE_OPT_LOAD && job->load_data.bytes != NULL) {
        maze__job_usage_error(
            "--load: '%s' is given as data, which makes the job's one "
            "maze; expected one --load",
            job->load);
        return false;
    }
    return true;
}
