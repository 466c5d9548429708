/* SPDX-License-Identifier: MIT */
/*
 * The page a teacher designs a sheet on, made from the library's option
 * rows and grid kinds: a form that works without JavaScript (it posts,
 * and the page comes back with its previews, or the PDF), and what
 * the page's script asks for (/api/options).
 */
#ifndef MAZEGEN_SERVE_PAGE_H
#define MAZEGEN_SERVE_PAGE_H

#include "serve/buf.h"
#include "serve/request.h"

/*
 * The page for fields (its form filled in from them, the previews of what
 * they make, or the message the library gave for them), into out. A
 * request without a seed, or with "new", is given a new one, and one
 * without a sheet language the first of accept_language (the browser's
 * Accept-Language header, or NULL) that a catalogue has, else English,
 * so every address on the page reproduces what it shows.
 */
void serve_page(struct serve_buf *out, const struct serve_fields *fields,
                const struct serve_limits *lim, const char *accept_language);

/* Every option a request takes, with its type, range, choices, default
 * and help, and the grid kinds with their sizes: JSON. */
void serve_options_json(struct serve_buf *out, const struct serve_limits *lim);

/* The error as JSON: {"error": message, "option": name or null}. */
void serve_error_json(struct serve_buf *out, const struct serve_error *err);

/* A query string of the fields that are options or the page's own,
 * percent-encoded, empty ones and uploads left out (mask, when given as
 * text, kept). */
void serve_query(struct serve_buf *out, const struct serve_fields *fields);

#endif
