/* SPDX-License-Identifier: MIT */
#include "serve/page.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <time.h>

/* The fields of the form, in its order: the maze, then the sheet. */
static const enum maze_option_id maze_fields[] = {
    MAZE_OPT_GRID,       MAZE_OPT_WIDTH,       MAZE_OPT_HEIGHT,
    MAZE_OPT_LEVELS,     MAZE_OPT_CENTRE,      MAZE_OPT_ALGORITHM,
    MAZE_OPT_DIFFICULTY, MAZE_OPT_BIAS,        MAZE_OPT_BRAID,
    MAZE_OPT_MASK,       MAZE_OPT_MASK_INVERT, MAZE_OPT_SEED,
    MAZE_OPT_SOLUTION,
};
static const enum maze_option_id sheet_fields[] = {
    MAZE_OPT_TITLE,      MAZE_OPT_INSTRUCTIONS, MAZE_OPT_NAME_LINE,
    MAZE_OPT_PAPER,      MAZE_OPT_ORIENTATION,  MAZE_OPT_COUNT,
    MAZE_OPT_PER_PAGE,   MAZE_OPT_ANSWERS,      MAZE_OPT_UPSIDE_DOWN,
    MAZE_OPT_INK_SAVING, MAZE_OPT_PUZZLE,       MAZE_OPT_LANG,
    MAZE_OPT_FOOTER,
};

/* The largest value of a kind's size a request takes: the kind's, within
 * the option's row (-W and -H take at most 10^6). */
static uint32_t
size_max(const struct maze_grid_kind *kind, int size)
{
    static const enum maze_option_id row[MAZE_SIZE_COUNT] = {
        MAZE_OPT_WIDTH, MAZE_OPT_HEIGHT, MAZE_OPT_LEVELS, MAZE_OPT_CENTRE,
        MAZE_OPT_PANELS};
    uint64_t most = maze_option_at(row[size])->max;
    return kind->sizes[size].max < most ? kind->sizes[size].max
                                        : (uint32_t)most;
}

/* The size parameter each sized option sets. */
static int
size_of(enum maze_option_id id)
{
    switch (id) {
    case MAZE_OPT_WIDTH:
        return MAZE_SIZE_WIDTH;
    case MAZE_OPT_HEIGHT:
        return MAZE_SIZE_HEIGHT;
    case MAZE_OPT_LEVELS:
        return MAZE_SIZE_LEVELS;
    case MAZE_OPT_CENTRE:
        return MAZE_SIZE_ROOM;
    default:
        return -1;
    }
}

static void
url_encode(struct serve_buf *out, const char *s, size_t len)
{
    static const char hex[] = "0123456789ABCDEF";
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
            (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' ||
            c == '~') {
            serve_buf_add(out, &s[i], 1);
        } else {
            char e[3] = {'%', hex[c >> 4], hex[c & 15]};
            serve_buf_add(out, e, 3);
        }
    }
}

void
serve_query(struct serve_buf *out, const struct serve_fields *fields)
{
    bool first = true;
    for (size_t i = 0; i < fields->count; i++) {
        const struct serve_field *f = &fields->v[i];
        if (f->len == 0 || f->file || strcmp(f->name, "new") == 0 ||
            strcmp(f->name, "page") == 0 || strlen(f->value) != f->len) {
            continue;
        }
        /* The last of a name wins: skip one a later field overrides. */
        if (serve_fields_get(fields, f->name) != f) {
            continue;
        }
        if (!first) {
            serve_buf_puts(out, "&");
        }
        first = false;
        url_encode(out, f->name, strlen(f->name));
        serve_buf_puts(out, "=");
        url_encode(out, f->value, f->len);
    }
}

/* "Width in cells" from "width in cells". */
static void
label_text(struct serve_buf *out, const char *s)
{
    char first[2] = {s[0], '\0'};
    if (first[0] >= 'a' && first[0] <= 'z') {
        first[0] = (char)(first[0] - 'a' + 'A');
    }
    serve_buf_html(out, first);
    serve_buf_html(out, s + 1);
}

/* The value the form shows for an option: the field's, else "". */
static const char *
field_value(const struct serve_fields *fields, const struct maze_option *o)
{
    const struct serve_field *f = serve_fields_get(fields, o->name);
    if (f == NULL && o->alias) {
        f = serve_fields_get(fields, o->alias);
    }
    return f && !f->file && strlen(f->value) == f->len ? f->value : "";
}

/* Choice i of a CHOICE row, from its own list or its registry, and a
 * line saying what it is when the registry has one (*desc NULL
 * otherwise); NULL past the last. */
static const char *
choice_at(const struct maze_option *o, size_t i, const char **desc)
{
    const char *name = NULL, *what = NULL;
    switch (o->registry) {
    case MAZE_REGISTRY_GRID:
        if (maze_grid_kind_at(i)) {
            name = maze_grid_kind_at(i)->name;
            what = maze_grid_kind_at(i)->description;
        }
        break;
    case MAZE_REGISTRY_ALGORITHM:
        if (maze_algorithm_at(i)) {
            name = maze_algorithm_at(i)->name;
            what = maze_algorithm_at(i)->description;
        }
        break;
    case MAZE_REGISTRY_PAPER:
        name = maze_paper_name_at(i);
        break;
    case MAZE_REGISTRY_DIFFICULTY:
        name = maze_difficulty_name(i);
        what = maze_difficulty_description(i);
        break;
    default:
        name = o->choices ? o->choices[i] : NULL;
        break;
    }
    if (desc != NULL) {
        *desc = what;
    }
    return name;
}

/* A <select> of choices; "" first when the option has no fixed default. */
static void
select_choices(struct serve_buf *out, const struct maze_option *o,
               const char *value, const struct serve_limits *lim)
{
    const char *none = NULL;
    /* The paper is always named, so a link gives the same sheets on any
     * server: this server's default is chosen when none is. */
    const char *fallback =
        o->id == MAZE_OPT_PAPER ? lim->paper : o->default_value;
    if (fallback == NULL) {
        none = o->id == MAZE_OPT_DIFFICULTY ? "none (the algorithm's maze)"
               : o->id == MAZE_OPT_ANSWERS  ? "none, unless Show solution"
                                            : "default";
    }
    if (none) {
        serve_buf_printf(out, "<option value=\"\"%s>",
                         value[0] ? "" : " selected");
        serve_buf_html(out, none);
        serve_buf_puts(out, "</option>");
    }
    for (size_t i = 0;; i++) {
        const char *desc = NULL;
        const char *name = choice_at(o, i, &desc);
        if (name == NULL) {
            break;
        }
        bool chosen = value[0] ? strcmp(value, name) == 0
                               : (fallback && strcasecmp(fallback, name) == 0);
        serve_buf_puts(out, "<option value=\"");
        serve_buf_html(out, name);
        serve_buf_printf(out, "\"%s>", chosen ? " selected" : "");
        serve_buf_html(out, name);
        if (desc) {
            serve_buf_puts(out, " — ");
            serve_buf_html(out, desc);
        }
        serve_buf_puts(out, "</option>");
    }
    serve_buf_puts(out, "</select>");
}

/* Each sheet language by its own name, for the menu. */
static const char *
language_name(const char *code)
{
    static const char *const names[][2] = {
        {"en", "English"},    {"es", "Español"},   {"fr", "Français"},
        {"de", "Deutsch"},    {"pt", "Português"}, {"it", "Italiano"},
        {"nl", "Nederlands"}, {"ar", "العربية"},   {"he", "עברית"},
        {"ja", "日本語"},     {"zh", "中文"},
    };
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (strcmp(names[i][0], code) == 0) {
            return names[i][1];
        }
    }
    return code;
}

/* --lang as a menu of the catalogues' languages. */
static void
language_select(struct serve_buf *out, const struct maze_option *o,
                const char *value)
{
    const char *chosen = maze_language_find(value);
    serve_buf_printf(out,
                     "<select id=\"f-%s\" name=\"%s\" "
                     "aria-describedby=\"h-%s\">",
                     o->name, o->name, o->name);
    for (size_t i = 0; maze_language_at(i); i++) {
        const char *code = maze_language_at(i);
        bool on = chosen ? strcmp(chosen, code) == 0 : i == 0;
        serve_buf_printf(out, "<option value=\"%s\"%s lang=\"%s\">%s</option>",
                         code, on ? " selected" : "", code,
                         language_name(code));
    }
    serve_buf_puts(out, "</select>");
}

/* The first language of an Accept-Language header a catalogue has
 * ("fr-CA,fr;q=0.9,en;q=0.8" gives fr), or NULL. Weights are taken in
 * the order given, as browsers send them. */
static const char *
accepted_language(const char *header)
{
    char tag[16];
    while (header != NULL && *header != '\0') {
        size_t n = strcspn(header, ",;");
        while (n > 0 && header[0] == ' ') {
            header++;
            n--;
        }
        if (n > 0 && n < sizeof(tag)) {
            memcpy(tag, header, n);
            tag[n] = '\0';
            for (char *c = tag; *c; c++) {
                if (*c == '-') {
                    *c = '_';
                }
            }
            const char *code = maze_language_find(tag);
            if (code != NULL) {
                return code;
            }
        }
        header = strchr(header, ',');
        header = header ? header + 1 : NULL;
    }
    return NULL;
}

/* The hint under a field: its range and default, for the grid kind. */
static void
hint(struct serve_buf *out, const struct maze_option *o,
     const struct maze_grid_kind *kind, const struct serve_limits *lim)
{
    int size = size_of(o->id);
    if (size >= 0) {
        const struct maze_grid_size_info *s = &kind->sizes[size];
        serve_buf_printf(out, "%s, %" PRIu32 " to %" PRIu32, o->name, s->min,
                         size_max(kind, size));
        if (s->def) {
            serve_buf_printf(out, " (default %" PRIu32 ")", s->def);
        } else if (o->default_value) {
            serve_buf_printf(out, " (default %s)", o->default_value);
        }
        return;
    }
    switch (o->id) {
    case MAZE_OPT_SEED:
        serve_buf_puts(out, "the same seed gives the same maze; to make "
                            "one puzzle again, type the seed its page's "
                            "footer prints, with 1 puzzle");
        return;
    case MAZE_OPT_COUNT:
        serve_buf_printf(out, "1 to %u, each its own maze", lim->max_puzzles);
        return;
    case MAZE_OPT_PUZZLE:
        serve_buf_puts(out, "only puzzle N of the book, exactly as in it");
        return;
    case MAZE_OPT_BRAID:
        serve_buf_puts(out, "0 to 1: the share of dead ends removed, making "
                            "loops");
        return;
    case MAZE_OPT_BIAS:
        serve_buf_puts(out, "weights of the grid's directions, e.g. ");
        serve_buf_html(out, kind->class_names[0] ? kind->class_names[0] : "h");
        serve_buf_puts(out, "=4 for long runs that way");
        return;
    case MAZE_OPT_MASK:
        serve_buf_puts(out, "a picture of the maze's shape: # is a cell, . "
                            "is not; or upload a PNG (dark pixels are "
                            "cells); width and height, when given, scale the "
                            "picture to that many cells");
        return;
    case MAZE_OPT_LANG:
        serve_buf_puts(out, "the language of the sheets' fixed words: "
                            "Name, Puzzle N, Page N of M, the answers");
        return;
    case MAZE_OPT_ANSWERS:
        serve_buf_puts(out, "in the book: none, an answer section at the "
                            "end, or small keys on each puzzle's page; "
                            "the Answer key (PDF) download is the keys as "
                            "a file of their own");
        return;
    case MAZE_OPT_TITLE:
    case MAZE_OPT_INSTRUCTIONS:
        serve_buf_printf(out, "any script, at most %" PRIu64 " bytes", o->max);
        return;
    default:
        break;
    }
    if (o->default_value && o->type != MAZE_OPTION_CHOICE) {
        serve_buf_printf(out, "default %s", o->default_value);
    }
}

/* One field of the form, from its row. */
static void
field(struct serve_buf *out, const struct maze_option *o,
      const struct serve_fields *fields, const struct maze_grid_kind *kind,
      const struct serve_limits *lim)
{
    const char *value = field_value(fields, o);
    int size = size_of(o->id);
    bool off = size >= 0 && kind->sizes[size].meaning == NULL;
    serve_buf_printf(out, "<div class=\"field f-%s\"%s>", o->name,
                     off ? " hidden" : "");
    bool flag = o->type == MAZE_OPTION_FLAG;
    if (flag) {
        serve_buf_printf(out,
                         "<input type=\"checkbox\" id=\"f-%s\" name=\"%s\" "
                         "aria-describedby=\"h-%s\"%s%s> ",
                         o->name, o->name, o->name,
                         value[0] && strcmp(value, "off") != 0 ? " checked"
                                                               : "",
                         off ? " disabled" : "");
    }
    serve_buf_printf(out, "<label for=\"f-%s\">", o->name);
    /* A size is named as the grid kind counts it ("Rings, the centre
     * included"). */
    label_text(out, o->id == MAZE_OPT_SEED ? "seed (puzzle number)"
                    : size >= 0 && kind->sizes[size].meaning
                        ? kind->sizes[size].meaning
                        : o->summary);
    serve_buf_puts(out, "</label>");
    if (o->type == MAZE_OPTION_CHOICE) {
        serve_buf_printf(out,
                         "<select id=\"f-%s\" name=\"%s\" "
                         "aria-describedby=\"h-%s\">",
                         o->name, o->name, o->name);
        select_choices(out, o, value, lim);
    } else if (o->id == MAZE_OPT_LANG) {
        language_select(out, o, value);
    } else if (o->type == MAZE_OPTION_INPUT) {
        /* The mask: its text picture, and an upload to fill it. */
        serve_buf_printf(out,
                         "<textarea id=\"f-%s\" name=\"%s\" rows=\"4\" "
                         "spellcheck=\"false\" aria-describedby=\"h-%s\">",
                         o->name, o->name, o->name);
        serve_buf_html(out, value);
        serve_buf_printf(out,
                         "</textarea><label class=\"upload\" "
                         "for=\"u-%s\">Upload a picture</label><input "
                         "type=\"file\" id=\"u-%s\" name=\"%s\" "
                         "accept=\".png,.txt,image/png,text/plain\">",
                         o->name, o->name, o->name);
    } else if ((o->flags & MAZE_OPTION_LINES) != 0) {
        serve_buf_printf(out,
                         "<textarea id=\"f-%s\" name=\"%s\" rows=\"2\" "
                         "maxlength=\"%" PRIu64 "\" aria-describedby=\"h-%s\">",
                         o->name, o->name, o->max, o->name);
        serve_buf_html(out, value);
        serve_buf_puts(out, "</textarea>");
    } else if (!flag) {
        bool number = o->type == MAZE_OPTION_NUMBER && o->id != MAZE_OPT_SEED;
        serve_buf_printf(out, "<input id=\"f-%s\" name=\"%s\" type=\"%s\"",
                         o->name, o->name, number ? "number" : "text");
        if (size >= 0) {
            const struct maze_grid_size_info *s = &kind->sizes[size];
            serve_buf_printf(out, " min=\"%" PRIu32 "\" max=\"%" PRIu32 "\"",
                             s->min, size_max(kind, size));
        } else if (o->id == MAZE_OPT_COUNT || o->id == MAZE_OPT_PUZZLE) {
            serve_buf_printf(out, " min=\"1\" max=\"%u\"", lim->max_puzzles);
        } else if (number) {
            serve_buf_printf(out, " min=\"%" PRIu64 "\" max=\"%" PRIu64 "\"",
                             o->min, o->max);
        }
        if (o->id == MAZE_OPT_SEED) {
            serve_buf_puts(out, " inputmode=\"numeric\" pattern=\"[0-9]*\"");
        }
        if (o->type == MAZE_OPTION_TEXT && o->max) {
            serve_buf_printf(out, " maxlength=\"%" PRIu64 "\"", o->max);
        }
        if (o->type == MAZE_OPTION_FRACTION) {
            serve_buf_puts(out, " inputmode=\"decimal\"");
        }
        serve_buf_puts(out, " value=\"");
        serve_buf_html(out, value);
        serve_buf_puts(out, "\"");
        if (o->id == MAZE_OPT_TITLE) {
            serve_buf_puts(out, " placeholder=\"Maze\"");
        } else if (size >= 0 && kind->sizes[size].def) {
            serve_buf_printf(out, " placeholder=\"%" PRIu32 "\"",
                             kind->sizes[size].def);
        } else if (o->default_value) {
            serve_buf_puts(out, " placeholder=\"");
            serve_buf_html(out, o->default_value);
            serve_buf_puts(out, "\"");
        }
        serve_buf_printf(out, " aria-describedby=\"h-%s\"%s>", o->name,
                         off ? " disabled" : "");
    }
    serve_buf_printf(out, "<small id=\"h-%s\">", o->name);
    hint(out, o, kind, lim);
    serve_buf_puts(out, "</small></div>\n");
}

/* A seed of the system's, in decimal. */
static void
new_seed(char *buf, size_t size)
{
    uint64_t seed;
    if (getrandom(&seed, sizeof(seed), 0) != (ssize_t)sizeof(seed)) {
        seed = (uint64_t)time(NULL) * 0x9e3779b97f4a7c15u;
    }
    snprintf(buf, size, "%" PRIu64, seed);
}

/* The fields with a seed (theirs, or a new one) and a sheet language
 * (theirs, or the browser's first that a catalogue has, else English),
 * so every address on the page names both. */
static bool
seeded(const struct serve_fields *in, struct serve_fields *out,
       const char *accept_language)
{
    bool renew = serve_fields_get(in, "new") != NULL;
    for (size_t i = 0; i < in->count; i++) {
        const struct serve_field *f = &in->v[i];
        if ((renew && strcmp(f->name, "seed") == 0) ||
            strcmp(f->name, "new") == 0) {
            continue;
        }
        if (f->file && strcmp(f->name, "mask") == 0 && f->len > 0) {
            continue; /* added below, as its text picture */
        }
        if (!serve_fields_add(out, f->name, f->value, f->len, false, f->file,
                              SIZE_MAX)) {
            return false;
        }
    }
    const struct serve_field *seed = serve_fields_get(out, "seed");
    if (seed == NULL || seed->len == 0) {
        char text[24];
        new_seed(text, sizeof(text));
        if (!serve_fields_add(out, "seed", text, strlen(text), false, false,
                              SIZE_MAX)) {
            return false;
        }
    }
    const struct serve_field *lang = serve_fields_get(out, "lang");
    if (lang == NULL || lang->len == 0) {
        const char *code = accepted_language(accept_language);
        code = code ? code : maze_language_at(0);
        if (!serve_fields_add(out, "lang", code, strlen(code), false, false,
                              SIZE_MAX)) {
            return false;
        }
    }
    return true;
}

/* The grid kind the fields name (rect when none or unknown). */
static const struct maze_grid_kind *
kind_of(const struct serve_fields *fields)
{
    const struct serve_field *g = serve_fields_get(fields, "grid");
    const struct maze_grid_kind *k = g ? maze_grid_kind_find(g->value) : NULL;
    return k ? k
             : maze_grid_kind_find(
                   maze_option_at(MAZE_OPT_GRID)->default_value);
}

static void
fieldset(struct serve_buf *out, const char *legend,
         const enum maze_option_id *ids, size_t n,
         const struct serve_fields *fields, const struct maze_grid_kind *kind,
         const struct serve_limits *lim)
{
    serve_buf_printf(out, "<fieldset><legend>%s</legend>\n", legend);
    for (size_t i = 0; i < n; i++) {
        field(out, maze_option_at(ids[i]), fields, kind, lim);
    }
    serve_buf_puts(out, "</fieldset>\n");
}

/* The links and previews of what the fields make. */
static void
previews(struct serve_buf *out, const char *q, const char *seed, size_t pages)
{
    static const struct {
        const char *path, *label, *name;
    } links[] = {
        {"/book.pdf", "Puzzle sheets (PDF)", "mazes"},
        {"/key.pdf", "Answer key (PDF)", "answers"},
        {"/maze.png", "Maze picture (PNG)", "maze"},
        {"/maze.svg", "Maze drawing (SVG)", "maze"},
        {"/maze.json", "Wall-graph file (JSON)", "maze"},
    };
    serve_buf_puts(out, "<p class=\"share\">Link to exactly this: <a "
                        "id=\"share\" href=\"/?");
    serve_buf_html(out, q);
    serve_buf_puts(out, "\">this sheet</a></p>\n<ul id=\"downloads\" "
                        "aria-label=\"Downloads\">");
    for (size_t i = 0; i < sizeof(links) / sizeof(links[0]); i++) {
        const char *ext = strrchr(links[i].path, '.') + 1;
        serve_buf_printf(out, "<li><a class=\"download\" href=\"%s?",
                         links[i].path);
        serve_buf_html(out, q);
        serve_buf_printf(out, "\" download=\"%s-%s.%s\">%s</a></li>",
                         links[i].name, seed, ext, links[i].label);
    }
    serve_buf_puts(out, "</ul>\n<button type=\"button\" id=\"print\" "
                        "hidden>Print the sheets</button>\n");
    serve_buf_puts(out,
                   "<figure class=\"maze\"><img id=\"maze\" src=\"/maze.svg?");
    serve_buf_html(out, q);
    serve_buf_printf(out,
                     "\" alt=\"The maze of seed %s\"><figcaption>The "
                     "maze</figcaption></figure>\n<div id=\"pages\">",
                     seed);
    for (size_t p = 1; p <= pages; p++) {
        serve_buf_puts(out, "<figure class=\"page\"><img src=\"/page.svg?");
        serve_buf_html(out, q);
        serve_buf_printf(out,
                         "&amp;page=%zu\" alt=\"Page %zu of %zu of the "
                         "sheets\" loading=\"lazy\"><figcaption>Page %zu of "
                         "%zu</figcaption></figure>",
                         p, p, pages, p, pages);
    }
    serve_buf_puts(out, "</div>\n");
}

void
serve_page(struct serve_buf *out, const struct serve_fields *in,
           const struct serve_limits *lim, const char *accept_language)
{
    struct serve_fields fields = {0};
    struct serve_error err = {0};
    struct serve_buf q = {0}, check = {0};
    bool ok = seeded(in, &fields, accept_language);
    /* An uploaded mask becomes the form's text picture. */
    for (size_t i = 0; ok && i < in->count; i++) {
        const struct serve_field *f = &in->v[i];
        if (f->file && strcmp(f->name, "mask") == 0 && f->len > 0) {
            struct serve_buf text = {0};
            if (serve_mask_text(f, lim, &text, &err)) {
                ok = serve_fields_add(&fields, "mask", text.data, text.len,
                                      false, false, SIZE_MAX);
            }
            serve_buf_free(&text);
        }
    }
    size_t pages = 0;
    if (ok && err.status == 0) {
        struct maze_job *job = serve_job(SERVE_CHECK, &fields, lim, &err);
        if (job && serve_run(job, SERVE_CHECK, lim, &check, &err)) {
            const char *p = strstr(check.data, "\"pages\":");
            pages = p ? strtoul(p + 8, NULL, 10) : 0;
        }
        maze_job_destroy(job);
    } else if (!ok) {
        err = (struct serve_error){503, "", "out of memory"};
    }
    serve_query(&q, &fields);
    const struct serve_field *seed = serve_fields_get(&fields, "seed");
    const struct maze_grid_kind *kind = kind_of(&fields);

    serve_buf_puts(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
        "charset=\"utf-8\">\n<meta name=\"viewport\" "
        "content=\"width=device-width, initial-scale=1\">\n"
        "<title>Maze sheets — mazegen</title>\n<link "
        "rel=\"stylesheet\" href=\"/style.css\">\n<link rel=\"icon\" "
        "href=\"/favicon.svg\">\n<script "
        "src=\"/app.js\" defer></script>\n</head>\n<body>\n"
        "<a class=\"skip\" href=\"#preview\">Skip to the "
        "preview</a>\n<header><h1>Maze sheets</h1><p>Choose a maze, see it "
        "change as you go, then print or download the "
        "sheets and their answer key.</p></header>\n<main>\n");
    serve_buf_puts(out, "<form id=\"design\" method=\"post\" action=\"/\" "
                        "enctype=\"multipart/form-data\">\n");
    fieldset(out, "Maze", maze_fields,
             sizeof(maze_fields) / sizeof(maze_fields[0]), &fields, kind, lim);
    fieldset(out, "Sheets", sheet_fields,
             sizeof(sheet_fields) / sizeof(sheet_fields[0]), &fields, kind,
             lim);
    serve_buf_puts(out, "<div class=\"actions\"><button type=\"submit\" "
                        "id=\"show\">Show</button><button type=\"submit\" "
                        "name=\"new\" value=\"1\" id=\"new\">New maze</button>"
                        "<button type=\"submit\" formaction=\"/book.pdf\" "
                        "id=\"pdf\">Get the PDF</button></div>\n</form>\n");
    serve_buf_puts(out, "<section id=\"preview\" aria-labelledby=\"preview-h\">"
                        "<h2 id=\"preview-h\">Preview</h2>\n<div "
                        "id=\"message\" role=\"alert\"");
    if (err.status != 0) {
        serve_buf_puts(out, " class=\"error\">");
        serve_buf_html(out, err.message);
    } else {
        serve_buf_puts(out, ">");
    }
    serve_buf_puts(out, "</div>\n");
    if (err.status == 0) {
        previews(out, q.data ? q.data : "", seed ? seed->value : "", pages);
    }
    serve_buf_puts(
        out, "</section>\n</main>\n<footer><p>Made by mazegen " MAZEGEN_VERSION
             ". Every maze is made on this "
             "server, from what the link says; nothing is "
             "kept.</p></footer>\n</body>\n</html>\n");
    serve_buf_free(&q);
    serve_buf_free(&check);
    serve_fields_free(&fields);
}

static void
json_choices(struct serve_buf *out, const struct maze_option *o)
{
    serve_buf_puts(out, "[");
    for (size_t i = 0;; i++) {
        const char *name = choice_at(o, i, NULL);
        if (name == NULL) {
            break;
        }
        serve_buf_puts(out, i ? "," : "");
        serve_buf_json(out, name);
    }
    serve_buf_puts(out, "]");
}

void
serve_options_json(struct serve_buf *out, const struct serve_limits *lim)
{
    static const char *const types[] = {
        "flag", "number", "fraction", "length", "bytes",    "choice",
        "cell", "text",   "upload",   "output", "directory"};
    static const char *const groups[] = {"maze",  "output", "console", "svg",
                                         "sheet", "large",  "other",   "watch"};
    serve_buf_puts(out, "{\"options\":[");
    bool first = true;
    char help[2048];
    for (size_t i = 0; i < maze_option_count(); i++) {
        const struct maze_option *o = maze_option_at(i);
        if (!serve_option_allowed(o)) {
            continue;
        }
        serve_buf_puts(out, first ? "\n{" : ",\n{");
        first = false;
        serve_buf_puts(out, "\"name\":");
        serve_buf_json(out, o->name);
        serve_buf_printf(out, ",\"type\":\"%s\",\"group\":\"%s\"",
                         types[o->type], groups[o->group]);
        if (o->type == MAZE_OPTION_NUMBER) {
            uint64_t max = o->max;
            if (o->id == MAZE_OPT_COUNT || o->id == MAZE_OPT_PUZZLE) {
                max = lim->max_puzzles;
            } else if (o->id == MAZE_OPT_DPI) {
                max = lim->max_dpi;
            }
            /* Past 2^53 (the seed), a string: JSON numbers are doubles. */
            serve_buf_printf(out,
                             max > ((uint64_t)1 << 53)
                                 ? ",\"min\":%" PRIu64 ",\"max\":\"%" PRIu64
                                   "\""
                                 : ",\"min\":%" PRIu64 ",\"max\":%" PRIu64,
                             o->min, max);
        }
        if ((o->type == MAZE_OPTION_TEXT) && o->max) {
            serve_buf_printf(out, ",\"max_bytes\":%" PRIu64, o->max);
        }
        if (o->type == MAZE_OPTION_CHOICE) {
            serve_buf_puts(out, ",\"choices\":");
            json_choices(out, o);
        }
        serve_buf_puts(out, ",\"default\":");
        serve_buf_json(out, o->default_value);
        serve_buf_puts(out, ",\"summary\":");
        serve_buf_json(out, o->summary);
        maze_option_describe(o, help, sizeof(help));
        serve_buf_puts(out, ",\"help\":");
        serve_buf_json(out, help);
        serve_buf_puts(out, "}");
    }
    serve_buf_puts(out, "],\n\"kinds\":[");
    static const char *const sizes[] = {"width", "height", "levels", "centre",
                                        "panels"};
    for (size_t i = 0; maze_grid_kind_at(i); i++) {
        const struct maze_grid_kind *k = maze_grid_kind_at(i);
        serve_buf_puts(out, i ? ",\n{" : "\n{");
        serve_buf_puts(out, "\"name\":");
        serve_buf_json(out, k->name);
        serve_buf_puts(out, ",\"description\":");
        serve_buf_json(out, k->description);
        serve_buf_printf(out, ",\"mask\":%s,\"sizes\":{",
                         k->maskable ? "true" : "false");
        bool any = false;
        for (int s = 0; s < MAZE_SIZE_COUNT && s < 5; s++) {
            if (k->sizes[s].meaning == NULL) {
                continue;
            }
            serve_buf_printf(out, "%s\"%s\":{\"meaning\":", any ? "," : "",
                             sizes[s]);
            any = true;
            serve_buf_json(out, k->sizes[s].meaning);
            serve_buf_printf(out,
                             ",\"min\":%" PRIu32 ",\"max\":%" PRIu32
                             ",\"default\":%" PRIu32 "}",
                             k->sizes[s].min, size_max(k, s), k->sizes[s].def);
        }
        serve_buf_puts(out, "},\"classes\":[");
        for (unsigned c = 0; c < k->class_count; c++) {
            serve_buf_puts(out, c ? "," : "");
            serve_buf_json(out, k->class_names[c]);
        }
        serve_buf_puts(out, "]}");
    }
    serve_buf_printf(out,
                     "],\n\"limits\":{\"max_cells\":%" PRIu64
                     ",\"max_puzzles\":%u,\"max_upload\":%zu,"
                     "\"time_limit_ms\":%u,\"paper\":",
                     lim->max_cells, lim->max_puzzles, lim->max_upload,
                     lim->time_limit_ms);
    serve_buf_json(out, lim->paper);
    serve_buf_puts(out, "}}\n");
}

void
serve_error_json(struct serve_buf *out, const struct serve_error *err)
{
    serve_buf_puts(out, "{\"error\":");
    serve_buf_json(out, err->message);
    serve_buf_puts(out, ",\"option\":");
    serve_buf_json(out, err->option[0] ? err->option : NULL);
    serve_buf_puts(out, "}\n");
}
