/* SPDX-License-Identifier: MIT */
/*
 * The fixed words of a sheet: "Name", "Puzzle 3", "Page 1 of 4", the
 * answers heading, the footers, in the sheet's language (lang.h) or as
 * the caller replaced them. Resolved once, as the sheet is planned, so
 * that fitting and drawing print the very same words.
 */
#include <stdio.h>
#include <string.h>

#include "core/status_impl.h"
#include "core/utf8.h"
#include "core/grid_impl.h"
#include "export/lang.h"
#include "export/sheet_impl.h"

/* The catalogue's message of each word, and how many numbers it shows. */
static const struct {
    const char *msgid, *name;
    unsigned numbers;
} words[MAZE_WORD_COUNT_] = {
    [MAZE_WORD_NAME] = {"Name", "name", 0},
    [MAZE_WORD_DATE] = {"Date", "date", 0},
    [MAZE_WORD_PUZZLE] = {"Puzzle %s", "puzzle", 1},
    [MAZE_WORD_ANSWER] = {"Answer %s", "answer", 1},
    [MAZE_WORD_ANSWERS] = {"Answers", "answers", 0},
    [MAZE_WORD_PAGE] = {"Page %s of %s", "page", 2},
    [MAZE_WORD_LEVEL] = {"Level %s", "level", 1},
    [MAZE_WORD_SEED] = {"seed %s", "seed", 1},
};

int
maze__sheet_words_plan(struct maze__sheet *sh)
{
    const struct maze_sheet_options *so = &sh->so;
    sh->lang = maze__lang_find(so->language);
    if (sh->lang == NULL) {
        return maze__fail(MAZE_ERR_INVALID,
                          "sheet language: '%.32s' has no catalogue; "
                          "expected en, es, fr, de, pt, it, nl, ar, he, ja "
                          "or zh",
                          so->language);
    }
    for (size_t w = 0; w < MAZE_WORD_COUNT_; w++) {
        sh->words[w] = maze__lang_get(sh->lang, NULL, words[w].msgid);
    }
    if (so->label_count > 0 && so->labels == NULL) {
        return MAZE_ERR_INVALID;
    }
    for (size_t i = 0; i < so->label_count; i++) {
        const struct maze_sheet_label *l = &so->labels[i];
        size_t at = 0;
        uint32_t cp = 0;
        if ((unsigned)l->word >= MAZE_WORD_COUNT_ || l->text == NULL) {
            return MAZE_ERR_INVALID;
        }
        const char *name = words[l->word].name;
        const char *nl = strchr(l->text, '\n');
        if (!maze__xml_text(l->text, &at, &cp) || nl != NULL) {
            at = nl != NULL ? (size_t)(nl - l->text) : at;
            return maze__fail(MAZE_ERR_INVALID,
                              "sheet label %s: byte %zu is not a character "
                              "of a label; expected one line of UTF-8 text",
                              name, at + 1);
        }
        if (!maze__lang_template_ok(l->text, words[l->word].numbers)) {
            return maze__fail(MAZE_ERR_INVALID,
                              "sheet label %s: '%%' must begin %%s (its "
                              "number, at most %u) or %%%%",
                              name, words[l->word].numbers);
        }
        sh->words[l->word] = l->text;
    }
    return MAZE_OK;
}

const char *
maze__sheet_word_name(enum maze_sheet_word w)
{
    return (unsigned)w < MAZE_WORD_COUNT_ ? words[w].name : "";
}

/* Whether the caller replaced word w. */
static bool
replaced(const struct maze__sheet *sh, enum maze_sheet_word w)
{
    return sh->words[w] != maze__lang_get(sh->lang, NULL, words[w].msgid);
}

void
maze__sheet_word(const struct maze__sheet *sh, enum maze_sheet_word w,
                 const char *const *args, size_t nargs, char *buf, size_t size)
{
    const char *t = sh->words[w];
    char tmpl[320];
    if (nargs > 0 && strstr(t, "%s") == NULL) {
        /* A caller's word without its numbers: they follow it. */
        snprintf(tmpl, sizeof(tmpl), "%s%s%s", t, t[0] ? " " : "",
                 nargs > 1 ? "%s/%s" : "%s");
        t = tmpl;
    }
    maze__lang_format(buf, size, t, args, nargs);
}

void
maze__sheet_label(const struct maze__sheet *sh, const struct maze__slot *s,
                  char *buf, size_t size)
{
    unsigned number = s->puzzle->number;
    char num[16];
    snprintf(num, sizeof(num), "%u", number);
    const char *args[] = {num};
    if (number > 0) {
        maze__sheet_word(sh, s->key ? MAZE_WORD_ANSWER : MAZE_WORD_PUZZLE, args,
                         1, buf, size);
    } else if (!s->key) {
        snprintf(buf, size, "%s", "");
    } else if (!replaced(sh, MAZE_WORD_ANSWER)) {
        snprintf(buf, size, "%s", maze__lang_get(sh->lang, NULL, "Answer"));
    } else {
        /* The caller's word with its number left out, and the spaces
         * round where it was. */
        maze__sheet_word(sh, MAZE_WORD_ANSWER, (const char *[]){""}, 1, buf,
                         size);
        size_t n = strlen(buf), from = 0;
        while (n > 0 && buf[n - 1] == ' ') {
            buf[--n] = '\0';
        }
        while (buf[from] == ' ') {
            from++;
        }
        memmove(buf, buf + from, n - from + 1);
    }
}

void
maze__sheet_answers_heading(const struct maze__sheet *sh, const char *title,
                            char *buf, size_t size)
{
    const char *word = sh->words[MAZE_WORD_ANSWERS];
    if (title == NULL || title[0] == '\0') {
        snprintf(buf, size, "%s", word);
    } else if (replaced(sh, MAZE_WORD_ANSWERS)) {
        snprintf(buf, size, "%s" MAZE__SHEET_DASH "%s", title, word);
    } else {
        const char *args[] = {title};
        maze__lang_format(
            buf, size,
            maze__lang_get(sh->lang, NULL, "%s \xe2\x80\x94 Answers"), args, 1);
    }
}

void
maze__sheet_level_name(const struct maze__sheet *sheet,
                       const struct maze__label *lb, char *buf, size_t size)
{
    /* The levels kind names its levels "Level N" (grid_levels.c). */
    static const char prefix[] = "Level ";
    if (strncmp(lb->text, prefix, sizeof(prefix) - 1) != 0) {
        snprintf(buf, size, "%s", lb->text);
        return;
    }
    const char *args[] = {lb->text + sizeof(prefix) - 1};
    maze__sheet_word(sheet, MAZE_WORD_LEVEL, args, 1, buf, size);
}

void
maze__sheet_footer(const struct maze__sheet *sh, const struct maze *maze,
                   char *buf, size_t size)
{
    if (sh->so.footer == MAZE_FOOTER_NONE) {
        snprintf(buf, size, "%s", "");
    } else if (sh->so.footer == MAZE_FOOTER_SEED) {
        char seed[24];
        snprintf(seed, sizeof(seed), "%llu",
                 (unsigned long long)maze_provenance(maze)->seed);
        const char *args[] = {seed};
        maze__sheet_word(sh, MAZE_WORD_SEED, args, 1, buf, size);
    } else {
        maze__describe(maze, buf, size);
    }
}
