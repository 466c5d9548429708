/* SPDX-License-Identifier: MIT */
/*
 * Looking the words of a sheet up in the compiled catalogues (lang.h), and
 * the public names built on it (sheet.h: maze_language_at(),
 * maze_language_find(), maze_translate()). A catalogue has a few dozen
 * messages, so a lookup is a walk down its table; nothing is allocated.
 */
#include <mazegen/sheet.h>

#include <string.h>

#include "export/lang.h"

static char
lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

const struct maze__po_lang *
maze__lang_find(const char *name)
{
    if (name == NULL || name[0] == '\0') {
        return &maze__po_langs[0];
    }
    /* The language is what comes before a region (_BR, -CN), an encoding
     * (.UTF-8) or a modifier (@euro). */
    size_t n = strcspn(name, "_-.@");
    for (size_t i = 0; i < maze__po_lang_count; i++) {
        const char *code = maze__po_langs[i].code;
        if (strlen(code) != n) {
            continue;
        }
        size_t j = 0;
        while (j < n && lower(name[j]) == code[j]) {
            j++;
        }
        if (j == n) {
            return &maze__po_langs[i];
        }
    }
    return NULL;
}

static const struct maze__po_entry *
entry(const struct maze__po_lang *lang, const char *ctx, const char *msgid)
{
    for (size_t i = 0; i < lang->count; i++) {
        const struct maze__po_entry *e = &lang->entries[i];
        bool same_ctx = ctx == NULL
                            ? e->ctx == NULL
                            : e->ctx != NULL && strcmp(e->ctx, ctx) == 0;
        if (same_ctx && strcmp(e->id, msgid) == 0) {
            return e;
        }
    }
    return NULL;
}

const char *
maze__lang_get(const struct maze__po_lang *lang, const char *ctx,
               const char *msgid)
{
    const struct maze__po_entry *e = entry(lang, ctx, msgid);
    return e != NULL ? e->str[0] : msgid;
}

const char *
maze__lang_nget(const struct maze__po_lang *lang, const char *msgid,
                const char *plural, unsigned long long n)
{
    const struct maze__po_entry *e = entry(lang, NULL, msgid);
    if (e == NULL || e->plural == NULL) {
        return n == 1 ? msgid : plural;
    }
    unsigned form = lang->plural(n);
    return e->str[form < lang->nplurals ? form : 0];
}

void
maze__lang_format(char *buf, size_t size, const char *tmpl,
                  const char *const *args, size_t nargs)
{
    size_t at = 0, next = 0;
    if (size == 0) {
        return;
    }
    for (const char *p = tmpl; *p != '\0' && at + 1 < size; p++) {
        const char *put = NULL;
        if (p[0] == '%' && p[1] == 's') {
            put = next < nargs ? args[next] : "";
            next++;
            p++;
        } else if (p[0] == '%' && p[1] == '%') {
            put = "%";
            p++;
        }
        if (put == NULL) {
            buf[at++] = *p;
            continue;
        }
        size_t len = strlen(put);
        if (len > size - 1 - at) {
            len = size - 1 - at;
        }
        memcpy(buf + at, put, len);
        at += len;
    }
    /* Never cut a character in two: a last character shorter than its
     * lead byte says goes. */
    size_t k = at;
    while (k > 0 && ((unsigned char)buf[k - 1] & 0xc0) == 0x80) {
        k--;
    }
    if (k > 0 && (unsigned char)buf[k - 1] >= 0xc0) {
        unsigned char lead = (unsigned char)buf[k - 1];
        size_t need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
        if (at - (k - 1) < need) {
            at = k - 1;
        }
    }
    buf[at] = '\0';
}

bool
maze__lang_template_ok(const char *text, unsigned most)
{
    unsigned count = 0;
    for (const char *p = text; *p != '\0'; p++) {
        if (*p != '%') {
            continue;
        }
        if (p[1] == 's') {
            count++;
        } else if (p[1] != '%') {
            return false;
        }
        p++;
    }
    return count <= most;
}

const char *
maze_language_at(size_t index)
{
    return index < maze__po_lang_count ? maze__po_langs[index].code : NULL;
}

const char *
maze_language_find(const char *name)
{
    if (name == NULL || name[0] == '\0') {
        return NULL;
    }
    const struct maze__po_lang *lang = maze__lang_find(name);
    return lang != NULL ? lang->code : NULL;
}

const char *
maze_translate(const char *language, const char *msgid)
{
    const struct maze__po_lang *lang = maze__lang_find(language);
    if (msgid == NULL) {
        return NULL;
    }
    return lang != NULL ? maze__lang_get(lang, NULL, msgid) : msgid;
}
