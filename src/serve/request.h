/* SPDX-License-Identifier: MIT */
/*
 * A web request as a library job: the request's fields are options by
 * their long names (grid=hex&width=12), read and checked by the library
 * exactly as the command reads them, and bounded by the server's limits
 * before any work. Nothing here touches the network or a file, so the
 * fuzz target (tests/fuzz/fuzz_serve.c) drives this path alone.
 */
#ifndef MAZEGEN_SERVE_REQUEST_H
#define MAZEGEN_SERVE_REQUEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mazegen/mazegen.h>

#include "serve/buf.h"

/* What the server allows one request; serve --help gives the defaults. */
struct serve_limits {
    /* Cells of one maze (width x height x levels, or the mask's). */
    uint64_t max_cells;
    /* Puzzles of a book (--count). */
    unsigned max_puzzles;
    /* PNG resolution (--dpi). */
    unsigned max_dpi;
    /* The memory a job may be estimated to need (--max-memory). */
    uint64_t max_memory;
    /* Milliseconds a request's work may take before it is cancelled. */
    unsigned time_limit_ms;
    /* Bytes of an uploaded mask or wall-graph file. */
    size_t max_upload;
    /* The paper of a sheet that names none. */
    const char *paper;
};

/* What a request asks for. */
enum serve_target {
    SERVE_MAZE_SVG,  /* /maze.svg: the lone maze */
    SERVE_MAZE_PNG,  /* /maze.png */
    SERVE_MAZE_JSON, /* /maze.json: the wall-graph file */
    SERVE_MAZE_TEXT, /* /maze.txt */
    SERVE_BOOK_PDF,  /* /book.pdf: the sheet or book */
    SERVE_KEY_PDF,   /* /key.pdf: its answer key alone */
    SERVE_PAGE_SVG,  /* /page.svg?page=N: one page of the book */
    SERVE_PAGE_PNG,  /* /page.png?page=N */
    SERVE_CHECK,     /* /api/check: the book checked and made, no file */
    SERVE_TARGET_COUNT_
};

/* The target a path names, or -1. */
int serve_target_find(const char *path);
/* Its media type and file extension. */
const char *serve_target_type(enum serve_target t);
const char *serve_target_extension(enum serve_target t);
/* Whether it draws a sheet. */
bool serve_target_sheet(enum serve_target t);

/* One field of a request. */
struct serve_field {
    char *name;
    char *value; /* NUL-terminated; may hold NULs when a file */
    size_t len;
    bool file; /* an upload (multipart with a file name) */
};

struct serve_fields {
    struct serve_field *v;
    size_t count, cap;
    /* Bytes held in all values. */
    size_t bytes;
};

/*
 * Adds len bytes to the field name: a new field when append is false,
 * else to the last field of that name (a value that arrives in pieces).
 * Returns false when out of memory or past max_bytes in all.
 */
bool serve_fields_add(struct serve_fields *f, const char *name,
                      const char *data, size_t len, bool append, bool file,
                      size_t max_bytes);
/* The last field named name, or NULL. */
const struct serve_field *serve_fields_get(const struct serve_fields *f,
                                           const char *name);
void serve_fields_free(struct serve_fields *f);

/* Why a request was refused: an HTTP status, the option (long name, or
 * "" for none) and the library's one-line message. */
struct serve_error {
    int status;
    char option[32];
    char message[600];
};

/* Whether a request may set the option (not a program's, not a file's,
 * not the server's own: format, threads, memory). */
bool serve_option_allowed(const struct maze_option *o);

/*
 * The checked job of target for the fields, bounded by lim: NULL with
 * *err filled when it is refused. Fields that are not options (page,
 * new) are read here too; an empty field counts as not given; a sheet's
 * fields are ignored by the lone maze's targets.
 */
struct maze_job *serve_job(enum serve_target target,
                           const struct serve_fields *fields,
                           const struct serve_limits *lim,
                           struct serve_error *err);

/*
 * Makes the checked job's mazes and writes what target asks into out,
 * within lim's time. Returns true, or false with *err filled (a time out,
 * a page past the last, what the library refused).
 */
bool serve_run(struct maze_job *job, enum serve_target target,
               const struct serve_limits *lim, struct serve_buf *out,
               struct serve_error *err);

/* A text picture of an uploaded mask (PNG or text): '#' cells, '.' not,
 * one line a row, into out. false with *err when it is not a mask. */
bool serve_mask_text(const struct serve_field *mask,
                     const struct serve_limits *lim, struct serve_buf *out,
                     struct serve_error *err);

#endif
