/* SPDX-License-Identifier: MIT */
/*
 * The fixed words of sheets in the languages of po/: the catalogues,
 * compiled into a table at build time (po_table.py writes po_table.c),
 * looked up in memory. Nothing here reads the environment or a file: the
 * caller names the language (struct maze_sheet_options.language), so the
 * same call gives the same page wherever it runs.
 */
#ifndef MAZE_EXPORT_LANG_H
#define MAZE_EXPORT_LANG_H

#include <stdbool.h>
#include <stddef.h>

/* One message of a catalogue: its context (or NULL), msgid, msgid_plural
 * (or NULL), and translations (one, or a plural form each). */
struct maze__po_entry {
    const char *ctx, *id, *plural;
    const char *str[6];
};

/* A catalogue: its language code, plural forms and messages. */
struct maze__po_lang {
    const char *code;
    unsigned nplurals;
    unsigned (*plural)(unsigned long long n);
    const struct maze__po_entry *entries;
    size_t count;
};

/* The catalogues, English first (po_table.c). */
extern const struct maze__po_lang maze__po_langs[];
extern const size_t maze__po_lang_count;

/* The catalogue of name: a code of maze__po_langs, alone or followed by
 * a region, encoding or modifier ("pt_BR", "zh-CN", "fr_FR.UTF-8",
 * "ca@valencia"), in any case; English for NULL or "". NULL when there
 * is none. */
const struct maze__po_lang *maze__lang_find(const char *name);

/* msgid's translation in lang (msgctxt ctx, or NULL), or msgid. */
const char *maze__lang_get(const struct maze__po_lang *lang, const char *ctx,
                           const char *msgid);

/* The plural form of msgid (its English singular) for n. */
const char *maze__lang_nget(const struct maze__po_lang *lang, const char *msgid,
                            const char *plural, unsigned long long n);

/*
 * Writes tmpl into buf (size bytes, always terminated) with each "%s"
 * replaced by the next of args (an empty string past the last) and "%%"
 * by "%". Any other '%' is copied as it is (maze__lang_template_ok()
 * refuses such text from callers).
 */
void maze__lang_format(char *buf, size_t size, const char *tmpl,
                       const char *const *args, size_t nargs);

/* Whether text is a label template: no '%' but in "%s" (at most most of
 * them) and "%%". */
bool maze__lang_template_ok(const char *text, unsigned most);

#endif
