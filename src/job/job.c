/* SPDX-License-Identifier: MIT */
/*
 * The job's public face (<mazegen/job.h>): made with every default, set
 * option by option from text through the option table, checked once as
 * a whole, and asked for its values.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "core/status_impl.h"
#include "job/checks.h"
#include "job/grid.h"
#include "job/job_impl.h"
#include "job/manifest.h"

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
    free(job->book.names);
    free(job->book.texts);
    maze_mask_destroy(job->mask);
    free(job->mask_data.bytes);
    free(job->load_data.bytes);
    for (size_t i = 0; i < job->text_count; i++) {
        free(job->texts[i]);
    }
    free(job->texts);
    free(job);
}

/* --job FILE: the file read, then its "options" set as the command's are
 * (a refusal names the file). */
static int
set_job_file(struct maze_job *job, const struct maze_option *o,
             const char *path)
{
    job->given[o->id] = true;
    job->text[o->id] = path;
    size_t from = job->book.count;
    if (!maze__job_read_manifest(job, path)) {
        return maze__job_last_status();
    }
    for (size_t i = from; i < job->book.count; i++) {
        int rc = maze_job_set(job, job->book.names[i], job->book.texts[i]);
        if (rc != MAZE_OK) {
            char detail[MAZE__DETAIL_MAX];
            snprintf(detail, sizeof(detail), "%s", maze_error_detail());
            return maze__fail(rc, "--job: %s: options: %s", path, detail);
        }
    }
    return MAZE_OK;
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
    if (rc != MAZE_OK && maze__job_size_refused(job, o, kept)) {
        maze__detail_clear();
        job->given[o->id] = true;
        job->text[o->id] = kept;
        return MAZE_OK;
    }
    if (rc != MAZE_OK) {
        return rc;
    }
    if (job->no_files &&
        (o->type == MAZE_OPTION_INPUT || o->type == MAZE_OPTION_DIRECTORY)) {
        return maze__fail(MAZE_ERR_INVALID,
                          "%s: this program reads and writes no files; "
                          "expected the data itself",
                          maze_option_label(o));
    }
    if (o->id == MAZE_OPT_JOB) {
        return set_job_file(job, o, kept);
    }
    if (!maze__job_set_one(job, o, &v)) {
        return maze__job_last_status();
    }
    job->given[o->id] = true;
    job->text[o->id] = kept;
    return MAZE_OK;
}

void
maze_job_no_files(struct maze_job *job)
{
    if (job != NULL && !job->checked) {
        job->no_files = true;
    }
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

/* Options of the job an entry does not take: the book's (files, pages,
 * puzzles), and those an entry sets itself. */
static bool
book_only(enum maze_option_id id)
{
    switch (id) {
    case MAZE_OPT_OUTPUT:
    case MAZE_OPT_ANSWER_KEY:
    case MAZE_OPT_JOB:
    case MAZE_OPT_LOAD:
    case MAZE_OPT_COUNT:
    case MAZE_OPT_PUZZLE:
    case MAZE_OPT_SEED:
    case MAZE_OPT_FORMAT:
    case MAZE_OPT_STATS:
        return true;
    default:
        return false;
    }
}

/* Makes entry i's job from the job's options and the entry's own. */
static int
make_child(const struct maze_job *job, size_t i, struct maze_job **out)
{
    const struct maze__job_entry *e = &job->entries[i];
    struct maze_job *c = NULL;
    int rc = maze_job_create(&c);
    for (size_t id = 0; rc == MAZE_OK && id < MAZE_OPT_COUNT_; id++) {
        if (!job->given[id] || book_only((enum maze_option_id)id)) {
            continue;
        }
        if (id == MAZE_OPT_MASK && job->mask_data.bytes != NULL) {
            /* The book's mask, given as data, is each entry's. */
            rc = maze_job_set_data(c, "mask", job->mask_data.bytes,
                                   job->mask_data.len, job->text[id]);
        } else {
            rc = maze_job_set(c, maze_option_at(id)->name, job->text[id]);
        }
    }
    /* Each entry draws as the book does, from its own derived seed. */
    char seed[24];
    snprintf(seed, sizeof(seed), "%llu",
             (unsigned long long)maze_seed_derive(job->seed, 1000 + i));
    if (rc == MAZE_OK) {
        rc = maze_job_set(c, "format", job->format);
    }
    if (rc == MAZE_OK && !c->sheet.on) {
        rc = maze_job_set(c, "sheet", NULL);
    }
    for (size_t k = 0; rc == MAZE_OK && k < e->count; k++) {
        if (e->names[k][0] != '\0') {
            rc = maze_job_set(c, e->names[k], e->texts[k]);
        }
    }
    /* A loaded maze has its own seed. */
    if (rc == MAZE_OK && !c->seed_set && c->load == NULL) {
        rc = maze_job_set(c, "seed", seed);
    }
    if (rc == MAZE_OK) {
        rc = maze_job_check(c);
    }
    if (rc != MAZE_OK) {
        maze_job_destroy(c);
        return rc;
    }
    *out = c;
    return MAZE_OK;
}

static bool
check_children(struct maze_job *job)
{
    if (!maze__job_has_children(job)) {
        return true;
    }
    job->children = calloc(job->entry_count, sizeof(*job->children));
    if (job->children == NULL) {
        (void)maze__job_fail(MAZE_ERR_NOMEM, "%s",
                             maze_strerror(MAZE_ERR_NOMEM));
        return false;
    }
    uint64_t puzzles = 0;
    for (size_t i = 0; i < job->entry_count; i++) {
        int rc = make_child(job, i, &job->children[i]);
        if (rc != MAZE_OK) {
            char detail[MAZE__DETAIL_MAX];
            snprintf(detail, sizeof(detail), "%s", maze_error_detail());
            if (job->given[MAZE_OPT_JOB]) {
                (void)maze__job_fail(rc, "--job: %s: maze %zu: %s",
                                     job->text[MAZE_OPT_JOB], i + 1, detail);
            } else {
                (void)maze__job_fail(rc, "--load: file %zu: %s", i + 1, detail);
            }
            return false;
        }
        puzzles += maze__job_maze_count(job->children[i]);
    }
    if (puzzles > MAZE_OPTION_MAX_PUZZLES) {
        maze__job_usage_error("--job: the mazes make %llu puzzles, more than "
                              "a book's %u; expected fewer mazes or counts",
                              (unsigned long long)puzzles,
                              MAZE_OPTION_MAX_PUZZLES);
        return false;
    }
    return true;
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
    if (maze__job_has_children(job) && job->load_data.bytes != NULL) {
        maze__job_usage_error(
            "--load: '%s' is given as data, which makes the job's one "
            "maze, not one of a book of several (--job); expected no --job",
            job->load);
        return maze__job_last_status();
    }
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
    if (!check_children(job)) {
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
got_number(struct maze_option_value *value, uint64_t n)
{
    *value = (struct maze_option_value){.number = n};
    return true;
}

static bool
got_text(struct maze_option_value *value, const char *t)
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
        return got_number(value, job->width);
    case MAZE_OPT_HEIGHT:
        return got_number(value, job->height);
    case MAZE_OPT_SEED:
        return (job->seed_set || job->checked) && got_number(value, job->seed);
    case MAZE_OPT_THREADS:
        return job->threads != 0 && got_number(value, job->threads);
    case MAZE_OPT_FORMAT:
        return got_text(value, job->format);
    case MAZE_OPT_ALGORITHM:
        return got_text(value, maze__job_algorithm(job));
    case MAZE_OPT_GRID:
        return got_text(value, maze__job_grid_kind(job)->name);
    case MAZE_OPT_CHARSET:
        return got_number(value, job->charset);
    case MAZE_OPT_DELAY:
        return got_number(value, job->watch.delay_ms);
    case MAZE_OPT_FRACTAL:
        return got_number(value, job->fractal ? job->fractal : 1);
    case MAZE_OPT_VERBOSE:
        return got_number(value, job->verbose);
    case MAZE_OPT_PAPER:
        /* The paper named, or the one the check found for a sheet. */
        return got_text(value, job->sheet.paper);
    case MAZE_OPT_LANG:
        /* The language's code: the one named, or the locale's a sheet's
         * check found. */
        return job->sheet.lang != NULL && got_text(value, job->sheet.lang);
    default:
        break;
    }
    const char *t = job->given[id] ? job->text[id] : o->default_value;
    if (o->type == MAZE_OPTION_FLAG) {
        return got_number(value, job->given[id]);
    }
    if (!job->given[id] && t == NULL) {
        return false;
    }
    return maze_option_parse(o, t, value) == MAZE_OK;
}
