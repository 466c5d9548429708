/* SPDX-License-Identifier: MIT */
#include "serve/request.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const struct {
    const char *path, *type, *ext, *format;
    bool sheet;
} targets[SERVE_TARGET_COUNT_] = {
    [SERVE_MAZE_SVG] = {"/maze.svg", "image/svg+xml", "svg", "svg", false},
    [SERVE_MAZE_PNG] = {"/maze.png", "image/png", "png", "png", false},
    [SERVE_MAZE_JSON] = {"/maze.json", "application/json", "json", "json",
                         false},
    [SERVE_MAZE_TEXT] = {"/maze.txt", "text/plain; charset=utf-8", "txt",
                         "text", false},
    [SERVE_BOOK_PDF] = {"/book.pdf", "application/pdf", "pdf", "pdf", true},
    [SERVE_KEY_PDF] = {"/key.pdf", "application/pdf", "pdf", "pdf", true},
    [SERVE_PAGE_SVG] = {"/page.svg", "image/svg+xml", "svg", "svg", true},
    [SERVE_PAGE_PNG] = {"/page.png", "image/png", "png", "png", true},
    [SERVE_CHECK] = {"/api/check", "application/json", "json", "pdf", true},
};

int
serve_target_find(const char *path)
{
    for (int t = 0; t < SERVE_TARGET_COUNT_; t++) {
        if (strcmp(path, targets[t].path) == 0) {
            return t;
        }
    }
    return -1;
}

const char *
serve_target_type(enum serve_target t)
{
    return targets[t].type;
}

const char *
serve_target_extension(enum serve_target t)
{
    return targets[t].ext;
}

bool
serve_target_sheet(enum serve_target t)
{
    return targets[t].sheet;
}

bool
serve_fields_add(struct serve_fields *f, const char *name, const char *data,
                 size_t len, bool append, bool file, size_t max_bytes)
{
    if (len > max_bytes || f->bytes > max_bytes - len) {
        return false;
    }
    struct serve_field *fd = NULL;
    if (append) {
        for (size_t i = f->count; i-- > 0;) {
            if (strcmp(f->v[i].name, name) == 0) {
                fd = &f->v[i];
                break;
            }
        }
    }
    if (fd == NULL) {
        if (f->count == f->cap) {
            size_t cap = f->cap ? 2 * f->cap : 16;
            struct serve_field *v = realloc(f->v, cap * sizeof(*v));
            if (v == NULL) {
                return false;
            }
            f->v = v;
            f->cap = cap;
        }
        fd = &f->v[f->count];
        *fd = (struct serve_field){.name = strdup(name), .file = file};
        fd->value = calloc(1, 1);
        if (fd->name == NULL || fd->value == NULL) {
            free(fd->name);
            free(fd->value);
            return false;
        }
        f->count++;
    }
    char *v = realloc(fd->value, fd->len + len + 1);
    if (v == NULL) {
        return false;
    }
    if (len > 0) {
        memcpy(v + fd->len, data, len);
    }
    fd->len += len;
    v[fd->len] = '\0';
    fd->value = v;
    fd->file = fd->file || file;
    f->bytes += len;
    return true;
}

const struct serve_field *
serve_fields_get(const struct serve_fields *f, const char *name)
{
    for (size_t i = f->count; i-- > 0;) {
        if (strcmp(f->v[i].name, name) == 0) {
            return &f->v[i];
        }
    }
    return NULL;
}

void
serve_fields_free(struct serve_fields *f)
{
    for (size_t i = 0; i < f->count; i++) {
        free(f->v[i].name);
        free(f->v[i].value);
    }
    free(f->v);
    *f = (struct serve_fields){0};
}

bool
serve_option_allowed(const struct maze_option *o)
{
    if (o->flags & (MAZE_OPTION_PROGRAM | MAZE_OPTION_HIDDEN)) {
        return false;
    }
    switch (o->type) {
    case MAZE_OPTION_OUTPUT:
    case MAZE_OPTION_DIRECTORY:
        return false;
    case MAZE_OPTION_INPUT:
        /* Uploads, read from memory; never a job file naming others. */
        return o->id == MAZE_OPT_MASK || o->id == MAZE_OPT_LOAD;
    default:
        break;
    }
    switch (o->id) {
    case MAZE_OPT_FORMAT:     /* the path says */
    case MAZE_OPT_STATS:      /* printed, not drawn */
    case MAZE_OPT_STREAM:     /* the server's bounds are smaller */
    case MAZE_OPT_MAX_MEMORY: /* the server's own */
    case MAZE_OPT_THREADS:
    case MAZE_OPT_DELAY:
    case MAZE_OPT_FRAME_EVERY:
        return false;
    default:
        return true;
    }
}

/* A request's text as a message quotes it: printable ASCII, anything
 * else '?', at most size - 1 bytes. */
static const char *
quoted(const char *text, char *out, size_t size)
{
    size_t n = 0;
    for (; text[n] != '\0' && n + 1 < size; n++) {
        unsigned char c = (unsigned char)text[n];
        out[n] = c >= 0x20 && c < 0x7f ? (char)c : '?';
    }
    out[n] = '\0';
    return out;
}

/* Fills *err; returns NULL for the callers' convenience. */
static void *
refuse(struct serve_error *err, int status, const char *option,
       const char *message)
{
    err->status = status;
    snprintf(err->option, sizeof(err->option), "%s", option ? option : "");
    snprintf(err->message, sizeof(err->message), "%s", message);
    return NULL;
}

/* The option a library message names first ("-W/--width: ..."). */
static const char *
named_option(const char *message)
{
    for (size_t i = 0; i < maze_option_count(); i++) {
        const struct maze_option *o = maze_option_at(i);
        const char *label = maze_option_label(o);
        size_t n = strlen(label);
        if (strncmp(message, label, n) == 0 &&
            (message[n] == ':' || message[n] == ' ')) {
            return o->name;
        }
    }
    return "";
}

/* The library refused: its message, the option it names. */
static void *
refused(struct serve_error *err, int rc)
{
    const char *detail = maze_error_detail();
    if (detail[0] == '\0') {
        detail = maze_strerror(rc);
    }
    return refuse(err, rc == MAZE_ERR_NOMEM ? 503 : 400, named_option(detail),
                  detail);
}

/* A checkbox: on, 1, true or yes; off, 0, false or no. */
static int
flag_value(const char *v)
{
    static const char *const on[] = {"on", "1", "true", "yes"};
    static const char *const off[] = {"off", "0", "false", "no"};
    for (size_t i = 0; i < 4; i++) {
        if (strcmp(v, on[i]) == 0) {
            return 1;
        }
        if (strcmp(v, off[i]) == 0) {
            return 0;
        }
    }
    return -1;
}

/* Fields of the page that are not options. */
static bool
page_field(const char *name)
{
    return strcmp(name, "page") == 0 || strcmp(name, "new") == 0;
}

/* One field into the job. */
static bool
set_field(struct maze_job *job, enum serve_target target,
          const struct serve_field *fd, const struct serve_limits *lim,
          struct serve_error *err)
{
    if (page_field(fd->name)) {
        return true;
    }
    const struct maze_option *o = maze_option_find(fd->name);
    bool named = o && (strcmp(o->name, fd->name) == 0 ||
                       (o->alias && strcmp(o->alias, fd->name) == 0));
    char msg[200], shown[61];
    if (!named) {
        snprintf(msg, sizeof(msg),
                 "unknown field '%s'; expected an option's long name, as "
                 "GET /api/options lists them",
                 quoted(fd->name, shown, sizeof(shown)));
        refuse(err, 400, "", msg);
        return false;
    }
    if (!serve_option_allowed(o)) {
        snprintf(msg, sizeof(msg),
                 "--%s: not taken by the server; expected the options GET "
                 "/api/options lists",
                 o->name);
        refuse(err, 400, o->name, msg);
        return false;
    }
    if (fd->len == 0) {
        return true; /* a field left empty: the default */
    }
    if (o->group == MAZE_GROUP_SHEET && !serve_target_sheet(target)) {
        return true; /* the lone maze has no page */
    }
    if (target == SERVE_KEY_PDF && o->id == MAZE_OPT_ANSWERS) {
        return true; /* the key file is the answers alone */
    }
    int rc;
    if (o->type == MAZE_OPTION_INPUT) {
        if (fd->len > lim->max_upload) {
            snprintf(msg, sizeof(msg),
                     "--%s: the upload is %zu bytes; expected at most %zu",
                     o->name, fd->len, lim->max_upload);
            refuse(err, 413, o->name, msg);
            return false;
        }
        rc = maze_job_set_data(job, o->name, fd->value, fd->len,
                               o->id == MAZE_OPT_MASK ? "the mask"
                                                      : "the wall-graph file");
    } else if (o->type == MAZE_OPTION_FLAG ||
               ((o->flags & MAZE_OPTION_VALUE_OPTIONAL) &&
                flag_value(fd->value) >= 0)) {
        int on = flag_value(fd->value);
        if (on < 0) {
            snprintf(msg, sizeof(msg),
                     "--%s: '%s' is not valid; expected on or off", o->name,
                     quoted(fd->value, shown, 41));
            refuse(err, 400, o->name, msg);
            return false;
        }
        rc = on ? maze_job_set(job, o->name, NULL) : MAZE_OK;
    } else if (strlen(fd->value) != fd->len) {
        snprintf(msg, sizeof(msg), "--%s: holds a NUL byte; expected text",
                 o->name);
        refuse(err, 400, o->name, msg);
        return false;
    } else {
        rc = maze_job_set(job, o->name, fd->value);
    }
    if (rc != MAZE_OK) {
        refused(err, rc);
        return false;
    }
    return true;
}

/* The server's bounds on what the options ask, before the job's check. */
static bool
within_limits(struct maze_job *job, const struct serve_limits *lim,
              struct serve_error *err)
{
    struct maze_option_value v;
    char msg[200];
    if (maze_job_get(job, MAZE_OPT_COUNT, &v) && v.number > lim->max_puzzles) {
        snprintf(msg, sizeof(msg),
                 "--count: %" PRIu64 " puzzles; expected 1 to %u on this "
                 "server",
                 v.number, lim->max_puzzles);
        refuse(err, 400, "count", msg);
        return false;
    }
    if (maze_job_get(job, MAZE_OPT_PUZZLE, &v) && v.number > lim->max_puzzles) {
        snprintf(msg, sizeof(msg),
                 "--puzzle: %" PRIu64 "; expected 1 to %u on this server",
                 v.number, lim->max_puzzles);
        refuse(err, 400, "puzzle", msg);
        return false;
    }
    if (maze_job_given(job, MAZE_OPT_DPI) &&
        maze_job_get(job, MAZE_OPT_DPI, &v) && v.number > lim->max_dpi) {
        snprintf(msg, sizeof(msg),
                 "--dpi: %" PRIu64 "; expected 1 to %u on this server",
                 v.number, lim->max_dpi);
        refuse(err, 400, "dpi", msg);
        return false;
    }
    return true;
}

/* After the check: the cells of one maze, as far as the sizes say. */
static bool
within_cells(struct maze_job *job, const struct serve_limits *lim,
             struct serve_error *err)
{
    struct maze_option_value w, h, l;
    if (!maze_job_get(job, MAZE_OPT_WIDTH, &w) ||
        !maze_job_get(job, MAZE_OPT_HEIGHT, &h)) {
        return true;
    }
    uint64_t levels = 1;
    const struct maze_grid_kind *k =
        maze_job_get(job, MAZE_OPT_GRID, &l) && l.text
            ? maze_grid_kind_find(l.text)
            : NULL;
    if (k && k->sizes[MAZE_SIZE_LEVELS].meaning) {
        levels = maze_job_get(job, MAZE_OPT_LEVELS, &l)
                     ? l.number
                     : k->sizes[MAZE_SIZE_LEVELS].def;
    }
    /* At most 10^6 x 10^6 x 64: no overflow. */
    uint64_t cells = w.number * h.number * levels;
    if (cells > lim->max_cells) {
        char msg[200];
        snprintf(msg, sizeof(msg),
                 "-W/--width: %" PRIu64 "x%" PRIu64 "%s is %" PRIu64
                 " cells; expected at most %" PRIu64 " on this server",
                 w.number, h.number, levels > 1 ? " on several levels" : "",
                 cells, lim->max_cells);
        refuse(err, 400, "width", msg);
        return false;
    }
    return true;
}

/* The server's own options, before the request's (an upload's bound
 * follows --max-memory). */
static int
set_server(struct maze_job *job, enum serve_target target,
           const struct serve_limits *lim)
{
    char bytes[32];
    snprintf(bytes, sizeof(bytes), "%" PRIu64, lim->max_memory);
    int rc = maze_job_set(job, "format", targets[target].format);
    if (rc == MAZE_OK) {
        rc = maze_job_set(job, "threads", "1");
    }
    if (rc == MAZE_OK) {
        rc = maze_job_set(job, "max-memory", bytes);
    }
    return rc;
}

/* What the target sets after the request's fields. */
static int
set_target(struct maze_job *job, enum serve_target target,
           const struct serve_fields *fields, const struct serve_limits *lim)
{
    if (!targets[target].sheet) {
        return MAZE_OK;
    }
    int rc = maze_job_set(job, "sheet", NULL);
    if (rc == MAZE_OK && !maze_job_given(job, MAZE_OPT_PAPER)) {
        rc = maze_job_set(job, "paper", lim->paper);
    }
    const struct serve_field *answers = serve_fields_get(fields, "answers");
    bool answered =
        answers && answers->len > 0 && strcmp(answers->value, "none") != 0;
    if (rc == MAZE_OK && (target == SERVE_KEY_PDF || answered)) {
        rc = maze_job_set(job, "solution", NULL);
    }
    if (rc == MAZE_OK && target == SERVE_KEY_PDF) {
        rc = maze_job_set(job, "answer-key", "key.pdf");
    }
    const struct serve_field *page = serve_fields_get(fields, "page");
    if (rc == MAZE_OK &&
        (target == SERVE_PAGE_SVG || target == SERVE_PAGE_PNG)) {
        rc = maze_job_set(job, "page",
                          page && page->len > 0 ? page->value : "1");
    }
    return rc;
}

struct maze_job *
serve_job(enum serve_target target, const struct serve_fields *fields,
          const struct serve_limits *lim, struct serve_error *err)
{
    struct maze_job *job = NULL;
    if (maze_job_create(&job) != MAZE_OK) {
        return refuse(err, 503, "", maze_strerror(MAZE_ERR_NOMEM));
    }
    maze_job_no_files(job);
    int rc = set_server(job, target, lim);
    bool ok = rc == MAZE_OK || (refused(err, rc), false);
    for (size_t i = 0; ok && i < fields->count; i++) {
        ok = set_field(job, target, &fields->v[i], lim, err);
    }
    if (ok) {
        rc = set_target(job, target, fields, lim);
        ok = rc == MAZE_OK || (refused(err, rc), false);
    }
    ok = ok && within_limits(job, lim, err);
    if (ok) {
        rc = maze_job_check(job);
        ok = rc == MAZE_OK || (refused(err, rc), false);
    }
    ok = ok && within_cells(job, lim, err);
    if (!ok) {
        maze_job_destroy(job);
        return NULL;
    }
    return job;
}

/* The request's clock. */
struct budget {
    struct timespec end;
    bool over;
    struct serve_buf *out;
};

static bool
past(struct budget *b)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec > b->end.tv_sec ||
        (now.tv_sec == b->end.tv_sec && now.tv_nsec >= b->end.tv_nsec)) {
        b->over = true;
    }
    return b->over;
}

static int
report(void *ctx, const char *phase, uint64_t done, uint64_t total)
{
    (void)phase;
    (void)done;
    (void)total;
    return past(ctx) ? 1 : 0;
}

static int
made(void *ctx, const struct maze *maze, const struct maze_path *solution,
     unsigned number)
{
    (void)maze;
    (void)solution;
    (void)number;
    return past(ctx) ? MAZE_ERR_CANCELLED : MAZE_OK;
}

/* Writes into the buffer while the budget lasts. */
static int
budget_write(void *ctx, const void *data, size_t len)
{
    struct budget *b = ctx;
    if (past(b)) {
        return -1;
    }
    serve_buf_add(b->out, data, len);
    return b->out->failed ? -1 : 0;
}

bool
serve_run(struct maze_job *job, enum serve_target target,
          const struct serve_limits *lim, struct serve_buf *out,
          struct serve_error *err)
{
    struct budget b = {.out = out};
    clock_gettime(CLOCK_MONOTONIC, &b.end);
    b.end.tv_sec += lim->time_limit_ms / 1000;
    b.end.tv_nsec += (long)(lim->time_limit_ms % 1000) * 1000000L;
    if (b.end.tv_nsec >= 1000000000L) {
        b.end.tv_sec++;
        b.end.tv_nsec -= 1000000000L;
    }
    struct maze_progress progress = {report, &b};
    struct maze_job_hooks hooks = {.struct_size = sizeof(hooks),
                                   .progress = &progress,
                                   .made = made,
                                   .ctx = &b};
    int rc = maze_job_make(job, &hooks);
    if (rc == MAZE_OK && target == SERVE_CHECK) {
        struct maze_option_value seed;
        (void)maze_job_get(job, MAZE_OPT_SEED, &seed);
        serve_buf_printf(
            out, "{\"ok\":true,\"seed\":\"%" PRIu64 "\",\"pages\":%zu}\n",
            seed.number, maze_job_page_count(job));
        return out->failed
                   ? (refuse(err, 503, "", maze_strerror(MAZE_ERR_NOMEM)),
                      false)
                   : true;
    }
    if (rc == MAZE_OK) {
        struct maze_sink sink = {budget_write, &b};
        rc =
            maze_job_write(job, target == SERVE_KEY_PDF ? 1 : 0, &sink, &hooks);
    }
    if (rc == MAZE_OK) {
        return true;
    }
    if (b.over) {
        char msg[200];
        snprintf(msg, sizeof(msg),
                 "the maze took longer than this server's limit of %u.%03u "
                 "s; expected a smaller maze, fewer puzzles or a lower "
                 "--dpi",
                 lim->time_limit_ms / 1000, lim->time_limit_ms % 1000);
        refuse(err, 422, "", msg);
        return false;
    }
    if (out->failed) {
        refuse(err, 503, "", maze_strerror(MAZE_ERR_NOMEM));
        return false;
    }
    refused(err, rc);
    return false;
}

bool
serve_mask_text(const struct serve_field *mask, const struct serve_limits *lim,
                struct serve_buf *out, struct serve_error *err)
{
    static const unsigned char sig[8] = {0x89, 'P',  'N',  'G',
                                         '\r', '\n', 0x1a, '\n'};
    if (mask->len > lim->max_upload) {
        char msg[160];
        snprintf(msg, sizeof(msg),
                 "--mask: the upload is %zu bytes; expected at most %zu",
                 mask->len, lim->max_upload);
        refuse(err, 413, "mask", msg);
        return false;
    }
    struct maze_mask *m = NULL;
    bool png = mask->len >= 8 && memcmp(mask->value, sig, 8) == 0;
    int rc = png ? maze_mask_read_png(mask->value, mask->len, 4096, &m)
                 : maze_mask_read_text(mask->value, mask->len, 4096, &m);
    if (rc != MAZE_OK) {
        refuse(err, 400, "mask",
               "--mask: the upload is not a mask; expected a PNG (dark "
               "pixels are cells) or a text picture (one line a row; '.', "
               "' ' and '_' are not cells) of at most 4096x4096");
        return false;
    }
    uint32_t w = maze_mask_width(m), h = maze_mask_height(m);
    if ((uint64_t)w * h > lim->max_cells) {
        char msg[160];
        snprintf(msg, sizeof(msg),
                 "--mask: %" PRIu32 "x%" PRIu32
                 " cells; expected at most %" PRIu64 " on this server",
                 w, h, lim->max_cells);
        maze_mask_destroy(m);
        refuse(err, 400, "mask", msg);
        return false;
    }
    for (uint32_t y = 0; y < h; y++) {
        for (uint32_t x = 0; x < w; x++) {
            serve_buf_add(out, maze_mask_get(m, x, y) ? "#" : ".", 1);
        }
        serve_buf_add(out, "\n", 1);
    }
    maze_mask_destroy(m);
    if (out->failed) {
        refuse(err, 503, "", maze_strerror(MAZE_ERR_NOMEM));
        return false;
    }
    return true;
}
