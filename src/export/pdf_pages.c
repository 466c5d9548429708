/* SPDX-License-Identifier: MIT */
/*
 * What cairo 1.16 cannot write into a sheet's PDF: page labels that
 * start at page 0 (cairo leaves the first page out of its number tree,
 * so viewers number the whole book by the answer section's prefix) and
 * each page's TrimBox and BleedBox. A filter between cairo's stream and
 * the sink adds them on the way through, in one pass and in memory that
 * grows with the pages, not the document:
 *
 * - after each page dictionary's /MediaBox line, its /TrimBox and
 *   /BleedBox lines (cairo writes "<< /Type /Page % N" then one entry a
 *   line);
 * - from the catalog ("<< /Type /Catalog", the last object cairo writes)
 *   on, the rest is held back, then written again: the catalog pointing
 *   at a page-label tree of our own (cairo's, if any, is left unused),
 *   that tree, and a cross-reference table whose offsets are cairo's
 *   moved by the bytes added before each.
 *
 * The design decision: rewrite cairo's text where it is plain and
 * predictable (dictionaries, one entry a line; the cross-reference
 * table), never inside a stream, and fail with MAZE_ERR_BACKEND, not a
 * broken file, when the tail is not what cairo 1.16 writes. A library
 * that parses and rewrites any PDF (libqpdf) would hold the whole
 * document in memory and add a dependency; docs/sheets.md says more.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status_impl.h"
#include "core/utf8.h"
#include "export/common.h"
#include "export/export_impl.h"
#include "export/pdf_pages.h"
#include <mazegen/status.h>

/* Lines longer than this are not dictionary entries: passed on unread. */
#define LINE_MAX_BYTES 96
#define OUT_BUFFER (64 * 1024)

static int
flush(struct maze__pdf_pages *f)
{
    if (f->rc == MAZE_OK && f->out_len > 0) {
        f->rc = maze__sink_write(f->sink, f->out, f->out_len);
    }
    f->out_len = 0;
    return f->rc;
}

static void
emit(struct maze__pdf_pages *f, const void *data, size_t len)
{
    const char *p = data;
    while (len > 0 && f->rc == MAZE_OK) {
        if (f->out_len == OUT_BUFFER && flush(f) != MAZE_OK) {
            return;
        }
        size_t n =
            OUT_BUFFER - f->out_len < len ? OUT_BUFFER - f->out_len : len;
        memcpy(f->out + f->out_len, p, n);
        f->out_len += n;
        f->written += n;
        p += n;
        len -= n;
    }
}

static void emitf(struct maze__pdf_pages *f, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
emitf(struct maze__pdf_pages *f, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    if (n > 0 && (size_t)n < sizeof(buf)) {
        emit(f, buf, (size_t)n);
    }
}

static void
held(struct maze__pdf_pages *f, const void *data, size_t len)
{
    if (f->rc != MAZE_OK) {
        return;
    }
    if (f->tail_len + len > f->tail_cap) {
        size_t cap = f->tail_cap ? 2 * f->tail_cap : 4096;
        while (cap < f->tail_len + len) {
            cap *= 2;
        }
        char *p = realloc(f->tail, cap);
        if (p == NULL) {
            f->rc = MAZE_ERR_NOMEM;
            return;
        }
        f->tail = p;
        f->tail_cap = cap;
    }
    memcpy(f->tail + f->tail_len, data, len);
    f->tail_len += len;
}

/* The boxes of page (1 = the first) after its /MediaBox line. */
static void
add_boxes(struct maze__pdf_pages *f, unsigned long page)
{
    struct maze__pdf_page_box box;
    if (page == 0 || f->box == NULL || !f->box(f->ctx, page - 1, &box)) {
        return;
    }
    uint64_t before = f->written;
    emitf(f, "   /TrimBox [ %.4f %.4f %.4f %.4f ]\n", box.trim[0], box.trim[1],
          box.trim[2], box.trim[3]);
    emitf(f, "   /BleedBox [ %.4f %.4f %.4f %.4f ]\n", box.bleed[0],
          box.bleed[1], box.bleed[2], box.bleed[3]);
    if (f->marks == f->marks_cap) {
        size_t cap = f->marks_cap ? 2 * f->marks_cap : 64;
        struct maze__pdf_mark *m = realloc(f->mark, cap * sizeof(*m));
        if (m == NULL) {
            f->rc = MAZE_ERR_NOMEM;
            return;
        }
        f->mark = m;
        f->marks_cap = cap;
    }
    f->added += f->written - before;
    f->mark[f->marks++] = (struct maze__pdf_mark){f->taken, f->added};
}

/* A whole line of cairo's (without its newline) has just been read. */
static void
line_read(struct maze__pdf_pages *f, const char *line, size_t len)
{
    static const char page[] = "<< /Type /Page ";
    static const char media[] = "   /MediaBox [";
    static const char catalog[] = "<< /Type /Catalog";
    if (len == sizeof(catalog) - 1 && memcmp(line, catalog, len) == 0) {
        f->in_tail = true;
        held(f, line, len);
        held(f, "\n", 1);
        return;
    }
    emit(f, line, len);
    emit(f, "\n", 1);
    /* A page dictionary opens right after its "N 0 obj" line, so a line
     * in a stream that happens to read the same is not taken for one. */
    bool after_obj = f->after_obj;
    size_t digits = strspn(line, "0123456789");
    f->after_obj = digits > 0 && len == digits + 6 &&
                   memcmp(line + digits, " 0 obj", 6) == 0;
    if (after_obj && len > sizeof(page) - 1 &&
        memcmp(line, page, sizeof(page) - 1) == 0) {
        const char *p = line + sizeof(page) - 1;
        f->page = p[0] == '%' ? strtoul(p + 1, NULL, 10) : 0;
        f->in_page = true;
    } else if (f->in_page && len > sizeof(media) - 1 &&
               memcmp(line, media, sizeof(media) - 1) == 0) {
        f->in_page = false;
        add_boxes(f, f->page);
    }
}

int
maze__pdf_pages_write(void *ctx, const void *data, size_t len)
{
    struct maze__pdf_pages *f = ctx;
    const char *p = data;
    for (size_t i = 0; i < len && f->rc == MAZE_OK; i++) {
        f->taken++;
        if (f->in_tail) {
            held(f, p + i, len - i);
            f->taken += len - i - 1;
            break;
        }
        if (p[i] == '\n') {
            if (f->line_long) {
                emit(f, "\n", 1);
            } else {
                line_read(f, f->line, f->line_len);
            }
            f->line_len = 0;
            f->line_long = false;
        } else if (f->line_long) {
            emit(f, p + i, 1);
        } else if (f->line_len == LINE_MAX_BYTES) {
            /* Not an entry: what is held goes on, and the rest. */
            emit(f, f->line, f->line_len);
            emit(f, p + i, 1);
            f->line_long = true;
        } else {
            f->line[f->line_len++] = p[i];
        }
    }
    return f->rc;
}

/* Where cairo's offset off lands once the boxes are in. */
static uint64_t
moved(const struct maze__pdf_pages *f, uint64_t off)
{
    uint64_t add = 0;
    size_t lo = 0, hi = f->marks;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (f->mark[mid].at <= off) {
            add = f->mark[mid].added;
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return off + add;
}

/* The next line of the held tail, NUL-terminated in place; NULL at the
 * end. */
static char *
next_line(char **cursor, char *end)
{
    if (*cursor >= end) {
        return NULL;
    }
    char *line = *cursor, *nl = memchr(line, '\n', (size_t)(end - line));
    if (nl == NULL) {
        nl = end;
    }
    *nl = '\0';
    *cursor = nl + 1;
    return line;
}

/* A label's prefix, word and a space, as a PDF text string: a literal
 * for plain ASCII, else UTF-16BE with its byte order mark, in hex. */
static void
emit_prefix(struct maze__pdf_pages *f, const char *word)
{
    size_t n = strlen(word);
    bool plain = true;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)word[i];
        plain =
            plain && c >= 0x20 && c < 0x7f && c != '(' && c != ')' && c != '\\';
    }
    if (plain) {
        emitf(f, "(%.200s )", word);
        return;
    }
    emit(f, "<FEFF", 5);
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        size_t len =
            maze__utf8_decode((const unsigned char *)word + i, n - i, &cp);
        if (len == 0) {
            break; /* the sheet's words are checked UTF-8 */
        }
        i += len;
        if (cp >= 0x10000) {
            cp -= 0x10000;
            emitf(f, "%04X%04X", 0xd800 + (unsigned)(cp >> 10),
                  0xdc00 + (unsigned)(cp & 0x3ff));
        } else {
            emitf(f, "%04X", (unsigned)cp);
        }
    }
    emit(f, "0020>", 5);
}

/* The page-label tree: decimal numbers from page 0, "Answers N" (in the
 * sheet's language) from the first page of the answer section. */
static void
write_labels(struct maze__pdf_pages *f, unsigned long obj)
{
    emitf(f, "%lu 0 obj\n<< /Nums [ ", obj);
    if (f->answers_from != 0) {
        emit(f, "0 << /S /D >> ", 14);
    }
    if (f->answers_from != SIZE_MAX) {
        emitf(f, "%zu << /S /D /P ", f->answers_from);
        emit_prefix(f, f->answers_word ? f->answers_word : "Answers");
        emit(f, " >> ", 4);
    }
    emit(f, "] >>\nendobj\n", 12);
}

int
maze__pdf_pages_end(struct maze__pdf_pages *f)
{
    if (f->rc != MAZE_OK) {
        return f->rc;
    }
    char *cur = f->tail, *end = f->tail + f->tail_len, *line;
    bool ok = f->in_tail;
    /* The catalog, without cairo's labels, with ours. */
    unsigned long size = 0, root = 0, info = 0;
    while (ok && (line = next_line(&cur, end)) != NULL &&
           strcmp(line, ">>") != 0) {
        if (strncmp(line, "   /PageLabels ", 15) != 0) {
            emitf(f, "%s\n", line);
        }
    }
    /* The catalog's number: the object before it; cairo numbers its
     * objects from 1 and writes the catalog last, so the cross-reference
     * table's size (read below) names the next free number. */
    line = ok ? next_line(&cur, end) : NULL;
    ok = line != NULL && strcmp(line, "endobj") == 0;
    line = ok ? next_line(&cur, end) : NULL;
    ok = ok && line != NULL && strcmp(line, "xref") == 0;
    line = ok ? next_line(&cur, end) : NULL;
    ok = ok && line != NULL && sscanf(line, "0 %lu", &size) == 1 && size > 0;
    char *entries = cur;
    ok = ok && (size_t)(end - entries) / 20 >= size;
    if (ok) {
        cur = entries + 20 * (size_t)size;
        line = next_line(&cur, end);
        ok = line != NULL && strcmp(line, "trailer") == 0;
    }
    while (ok && (line = next_line(&cur, end)) != NULL &&
           strcmp(line, ">>") != 0) {
        (void)sscanf(line, "   /Root %lu 0 R", &root);
        (void)sscanf(line, "   /Info %lu 0 R", &info);
    }
    ok = ok && line != NULL && root > 0;
    if (!ok) {
        return maze__fail(MAZE_ERR_BACKEND,
                          "pdf: cairo's document did not end as cairo 1.16 "
                          "ends it; no page labels or boxes written");
    }
    emitf(f, "   /PageLabels %lu 0 R\n>>\nendobj\n", size);
    uint64_t labels_at = f->written;
    write_labels(f, size);
    uint64_t xref_at = f->written;
    emitf(f, "xref\n0 %lu\n", size + 1);
    for (unsigned long i = 0; i < size; i++) {
        const char *e = entries + 20 * i;
        if (e[17] != 'n') {
            emit(f, e, 20);
            continue;
        }
        uint64_t off = strtoull(e, NULL, 10);
        emitf(f, "%010" PRIu64 " 00000 n \n", moved(f, off));
    }
    emitf(f, "%010" PRIu64 " 00000 n \n", labels_at);
    emitf(f, "trailer\n<< /Size %lu\n   /Root %lu 0 R\n", size + 1, root);
    if (info > 0) {
        emitf(f, "   /Info %lu 0 R\n", info);
    }
    emitf(f, ">>\nstartxref\n%" PRIu64 "\n%%%%EOF\n", xref_at);
    return flush(f);
}

void
maze__pdf_pages_finish(struct maze__pdf_pages *f)
{
    free(f->tail);
    free(f->mark);
    free(f->out);
    f->tail = NULL;
    f->mark = NULL;
    f->out = NULL;
}

int
maze__pdf_pages_init(struct maze__pdf_pages *f, const struct maze_sink *sink,
                     size_t answers_from, maze__pdf_box_fn box, void *ctx)
{
    *f = (struct maze__pdf_pages){
        .sink = sink,
        .answers_from = answers_from,
        .box = box,
        .ctx = ctx,
    };
    f->out = malloc(OUT_BUFFER);
    return f->out != NULL ? MAZE_OK : MAZE_ERR_NOMEM;
}
