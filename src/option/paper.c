/* SPDX-License-Identifier: MIT */
/*
 * The paper a sheet defaults to (maze_paper_default()), found the way
 * libpaper finds it, so that every client of the library prints on the
 * same paper on one machine.
 */
#include <mazegen/option.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status_impl.h"

const char *
maze_paper_accepted(void)
{
    return "a paper name as libpaper has them, in any case (letter, a4, "
           "legal, tabloid, ledger, a0 to a10, b0 to b10, c2 to c8, ...; "
           "list shows them all), or WxH with a unit in, mm, cm or pt (e.g. "
           "8.5x11in, 14.8x21cm), 1 to 200 inches a side";
}

/* Reads paper name for `what` (where the name came from). */
static int
read_paper(const char *paper, const char *what, double *width, double *height,
           char *name, size_t size)
{
    if (maze_paper_parse(paper, width, height) != MAZE_OK) {
        return maze__fail(MAZE_ERR_INVALID,
                          "%s: '%s' is not valid; expected %s", what, paper,
                          maze_paper_accepted());
    }
    if (name != NULL && size > 0) {
        snprintf(name, size, "%s", paper);
    }
    return MAZE_OK;
}

/* The first word of the file at path ('#' starts a comment) into word;
 * false when the file cannot be read or names nothing. */
static bool
first_word(const char *path, char *word, size_t size)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return false;
    }
    char line[256];
    bool found = false;
    /* A paper file is a line or two: read no more than a few lines. */
    for (int i = 0; i < 64 && !found && fgets(line, sizeof(line), f); i++) {
        char *p = line + strspn(line, " \t");
        size_t n = strcspn(p, " \t\r\n#");
        if (n > 0 && n < size) {
            memcpy(word, p, n);
            word[n] = '\0';
            found = true;
        }
    }
    fclose(f);
    return found;
}

int
maze_paper_default(double *width, double *height, char *name, size_t size)
{
    maze__detail_clear();
    if (width == NULL || height == NULL) {
        return MAZE_ERR_INVALID;
    }
    const char *env = getenv("PAPERSIZE");
    if (env != NULL && env[0] != '\0') {
        return read_paper(env, "PAPERSIZE (the environment)", width, height,
                          name, size);
    }
    const char *conf = getenv("PAPERCONF");
    if (conf == NULL || conf[0] == '\0') {
        conf = "/etc/papersize";
    }
    char word[64];
    if (first_word(conf, word, sizeof(word))) {
        char what[96];
        snprintf(what, sizeof(what), "the paper in %.60s", conf);
        return read_paper(word, what, width, height, name, size);
    }
    return read_paper("letter", "letter", width, height, name, size);
}
