/* SPDX-License-Identifier: MIT */
/*
 * The job's public face (<mazegen/job.h>): made with every default, set
 * option by option from text through the option table, checked once as
 * a whole, and asked for its values.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "core/status_impl.h"
#include "job/checks.h"
#include "job/grid.h"
#include "job/job_impl.h"

int
maze_job_create(struct maze_job **out)
{
    maze__detail_clear();
    if (out == NULL) {
        return MAZE_ERR_INVALID;
    }
    *out = calloc(1, sizeof(**out));
    if (*out == NULL) {
        return MAZE_ERR_NOMEM;
    }
    (*out)->width = 20;
    (*out)->height = 20;
    (*out)->svg = (struct maze_svg_options)MAZE_SVG_OPTIONS_INIT;
    return MAZE_OK;
}

void
maze_job_destroy(struct maze_job *job)
{
    if (job == NULL) {
        return;
    }
    maze__job_made_free(job);
    for (size_t i = 0; job->children && i < job->entry_count; i++) {
        maze_job_destroy(job->children[i]);
    }
    free(job->children);
    for (size_t i = 0; i < job->entry_count; i++) {
        free(job->entries[i].names);
        free(job->entries[i].texts);
    }
    free(job->entries);
    maze_mask_destroy(job->mask);
    for (size_t i = 0; i < job->text_count; i++) {
        free(job->texts[i]);
    }
    free(job->texts);
    free(job);
}

int
maze_job_set(struct maze_job *job, const char *name, const char *text)
{
    maze__detail_clear();
    if (job == NULL || name == NULL || job->checked) {
        return MAZE_ERR_INVALID;
    }
    const struct maze_option *o = maze_option_find(name);
    if (o == NULL) {
        return maze__fail(MAZE_ERR_INVALID, "unknown option '%s'", name);
    }
    const char *kept = text;
    if (text != NULL && (kept = maze__job_keep(job, text)) == NULL) {
        return MAZE_ERR_NOMEM;
    }
    struct maze_option_value v;
    int rc = maze_option_parse(o, kept, &v);
    if (rc != MAZE_OK) {
        return rc;
    }
    if (!maze__job_set_one(job, o, &v)) {
        return maze__job_last_status();
    }
    job->given[o->id] = true;
    job->text[o->id] = kept;
    return MAZE_OK;
}

/* A seed from the system, when none was given. */
static uint64_t
system_seed(void)
{
    uint64_t seed;
    if (getrandom(&seed, sizeof(seed), 0) == (ssize_t)sizeof(seed)) {
        return seed;
    }
    /* No entropy source: fall back to something that still varies. */
    return (uint64_t)time(NULL) * 0x9e3779b97f4a7c15u ^ (uint64_t)getpid();
}

int
maze_job_check(struct maze_job *job)
{
    maze__detail_clear();
    if (job == NULL || job->checked) {
        return MAZE_ERR_INVALID;
    }
    if (job->threads == 0) {
        job->threads = maze__job_available_cores();
    }
    job->verbose = job->verbose && !job->quiet;
    if (maze__job_has_children(job)) {
        /* A book of entries: the files are the entries', and the mazes
         * go on paper. */
        job->load = NULL;
        if (!job->sheet.on) {
            job->sheet.on = true;
            job->sheet.why = job->given[MAZE_OPT_JOB] ? "--job" : "--load";
        }
    }
    if (!maze__job_check_options(job)) {
        return maze__job_last_status();
    }
    if (!job->seed_set) {
        job->seed = system_seed();
    }
    if (!maze__job_check_children(job)) {
        return maze__job_last_status();
    }
    job->checked = true;
    return MAZE_OK;
}

bool
maze_job_given(const struct maze_job *job, enum maze_option_id id)
{
    return job != NULL && (unsigned)id < MAZE_OPT_COUNT_ && job->given[id];
}

/* A value the job resolved itself: a number. */
static bool
number(struct maze_option_value *value, uint64_t n)
{
    *value = (struct maze_option_value){.number = n};
    return true;
}

static bool
text(struct maze_option_value *value, const char *t)
{
    *value = (struct maze_option_value){.text = t};
    return t != NULL;
}

bool
maze_job_get(const struct maze_job *job, enum maze_option_id id,
             struct maze_option_value *value)
{
    const struct maze_option *o = maze_option_at((size_t)id);
    if (job == NULL || o == NULL || value == NULL) {
        return false;
    }
    switch (id) {
    case MAZE_OPT_WIDTH:
        return number(value, job->width);
    case MAZE_OPT_HEIGHT:
        return number(value, job->height);
    case MAZE_OPT_SEED:
        return (job->seed_set || job->checked) && number(value, job->seed);
    case MAZE_OPT_THREADS:
        return job->threads != 0 && number(value, job->threads);
    case MAZE_OPT_FORMAT:
        return text(value, job->format);
    case MAZE_OPT_ALGORITHM:
        return text(value, maze__job_algorithm(job));
    case MAZE_OPT_GRID:
        return text(value, maze__job_grid_kind(job)->name);
    case MAZE_OPT_CHARSET:
        return number(value, job->charset);
    case MAZE_OPT_DELAY:
        return number(value, job->watch.delay_ms);
    case MAZE_OPT_FRACTAL:
        return number(value, job->fractal ? job->fractal : 1);
    case MAZE_OPT_VERBOSE:
        return number(value, job->verbose);
    default:
        break;
    }
    const char *t = job->given[id] ? job->text[id] : o->default_value;
    if (o->type == MAZE_OPTION_FLAG) {
        return number(value, job->given[id]);
    }
    if (!job->given[id] && t == NULL) {
        return false;
    }
    return maze_option_parse(o, t, value) == MAZE_OK;
}
