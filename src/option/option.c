/* SPDX-License-Identifier: MIT */
/*
 * Looking options up, naming them in messages, and filling in their help
 * paragraphs from the registries and limits (option.h).
 */
#include <mazegen/option.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <mazegen/animate.h>
#include <mazegen/generate.h>

#include "option/option_impl.h"

void
maze__append(char *buf, size_t size, size_t *n, const char *fmt, ...)
{
    if (*n + 1 >= size) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(buf + *n, size - *n, fmt, ap);
    va_end(ap);
    if (w > 0) {
        *n += (size_t)w < size - *n ? (size_t)w : size - *n - 1;
    }
}

const struct maze_option *
maze_option_find(const char *name)
{
    if (name == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < maze_option_count(); i++) {
        const struct maze_option *o = maze_option_at(i);
        bool letter = name[0] != '\0' && name[1] == '\0' && o->letter &&
                      name[0] == o->letter;
        if (letter || strcmp(name, o->name) == 0 ||
            (o->alias && strcmp(name, o->alias) == 0)) {
            return o;
        }
    }
    return NULL;
}

const char *
maze_option_label(const struct maze_option *option)
{
    /* Long names are at most 15 characters: "-X/--" and 16 fit. */
    static _Thread_local char labels[MAZE_OPT_COUNT_][24];
    if (option == NULL || option->id >= MAZE_OPT_COUNT_) {
        return "";
    }
    char *label = labels[option->id];
    if (label[0] == '\0') {
        if (option->letter) {
            snprintf(label, sizeof(labels[0]), "-%c/--%s", option->letter,
                     option->name);
        } else {
            snprintf(label, sizeof(labels[0]), "--%s", option->name);
        }
    }
    return label;
}

/* The names of the algorithms that stream: "a, b or c". */
static void
streaming(char *buf, size_t size, size_t *n)
{
    size_t count = 0;
    for (size_t i = 0; i < maze_algorithm_count(); i++) {
        count += maze_algorithm_at(i)->streamable;
    }
    for (size_t i = 0, k = 0; i < maze_algorithm_count(); i++) {
        const struct maze_algorithm_info *a = maze_algorithm_at(i);
        if (a->streamable) {
            const char *sep = k == 0 ? "" : k + 1 == count ? " or " : ", ";
            maze__append(buf, size, n, "%s%s", sep, a->name);
            k++;
        }
    }
}

/* Fills in one placeholder (name, len bytes); false if it is not one. */
static bool
placeholder(const struct maze_option *o, const char *name, size_t len,
            char *buf, size_t size, size_t *n)
{
#define IS(word) (len == sizeof(word) - 1 && memcmp(name, word, len) == 0)
    if (IS("min")) {
        maze__append(buf, size, n, "%llu", (unsigned long long)o->min);
    } else if (IS("max")) {
        maze__append(buf, size, n, "%llu", (unsigned long long)o->max);
    } else if (IS("default")) {
        maze__append(buf, size, n, "%s",
                     o->default_value ? o->default_value : "");
    } else if (IS("max-cells")) {
        maze__append(buf, size, n, "%u", MAZE_MAX_CELLS);
    } else if (IS("max-frames")) {
        maze__append(buf, size, n, "%u", MAZE_OPTION_MAX_FRAMES);
    } else if (IS("animate-groups")) {
        maze__append(buf, size, n, "%u", MAZE_ANIMATE_GROUPS_MAX);
    } else if (IS("streaming")) {
        streaming(buf, size, n);
    } else if (IS("formats")) {
        for (size_t i = 0; i < maze_format_count(); i++) {
            maze__append(buf, size, n, "%s, ", maze_format_at(i)->name);
        }
        if (*n >= 2) {
            *n -= 2; /* the last ", " */
            buf[*n] = '\0';
        }
    } else if (IS("extensions")) {
        for (size_t i = 0; i < maze_format_count(); i++) {
            const struct maze_format_info *f = maze_format_at(i);
            for (const char *const *x = f->extensions; *x; x++) {
                maze__append(buf, size, n, "%s.%s",
                             *n && buf[*n - 1] != ' ' ? " " : "", *x);
            }
        }
    } else if (IS("papers")) {
        const char *p;
        for (size_t i = 0; (p = maze_paper_name_at(i)) != NULL; i++) {
            maze__append(buf, size, n, "%s%s", i ? ", " : "", p);
        }
    } else {
        return false;
    }
    return true;
#undef IS
}

size_t
maze_option_describe(const struct maze_option *option, char *buf, size_t size)
{
    char scratch[1];
    if (buf == NULL || size == 0) {
        buf = scratch;
        size = sizeof(scratch);
    }
    buf[0] = '\0';
    if (option == NULL) {
        return 0;
    }
    /* Fill a large buffer first, so the length needed can be told. */
    char whole[2048];
    size_t n = 0;
    whole[0] = '\0';
    for (const char *s = option->help; *s;) {
        const char *close = *s == '{' ? strchr(s, '}') : NULL;
        if (close && placeholder(option, s + 1, (size_t)(close - s - 1), whole,
                                 sizeof(whole), &n)) {
            s = close + 1;
            continue;
        }
        size_t run = strcspn(s + 1, "{") + 1;
        maze__append(whole, sizeof(whole), &n, "%.*s", (int)run, s);
        s += run;
    }
    snprintf(buf, size, "%s", whole);
    return n;
}

const char *
maze_option_group_title(enum maze_option_group group)
{
    static const char *const titles[MAZE_GROUP_COUNT_] = {
        [MAZE_GROUP_MAZE] = "Maze",
        [MAZE_GROUP_OUTPUT] = "Output",
        [MAZE_GROUP_CONSOLE] = "Console",
        [MAZE_GROUP_SVG] = "SVG (ready to inline in HTML, restyle with CSS "
                           "or plot; svg only)",
        [MAZE_GROUP_SHEET] = "Sheets (printable pages; any of these options "
                             "asks for one)",
        [MAZE_GROUP_LARGE] = "Large mazes",
        [MAZE_GROUP_OTHER] = "Other",
        [MAZE_GROUP_WATCH] = "Watching the carve (docs/watch.md)",
    };
    return (unsigned)group < MAZE_GROUP_COUNT_ ? titles[group] : NULL;
}

const char *
maze_option_group_note(enum maze_option_group group)
{
    switch (group) {
    case MAZE_GROUP_SVG:
        return "Walls, solution, start, finish and sheet text carry the "
               "classes mazegen-walls, -solution (an Inkscape layer), "
               "-start, -finish and -text (docs/svg.md).";
    case MAZE_GROUP_LARGE:
        return "A run longer than about 2 s shows its progress on standard "
               "error when that is a terminal (not with --quiet). "
               "aldous-broder's random walk must visit every cell, so its "
               "time grows faster than the maze: it is practical up to about "
               "2000x2000; the other algorithms make 10000x10000 in memory.";
    default:
        return NULL;
    }
}
