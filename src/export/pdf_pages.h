/* SPDX-License-Identifier: MIT */
/*
 * Page labels and print boxes added to cairo's PDF on its way to the
 * sink (pdf_pages.c).
 */
#ifndef MAZE_EXPORT_PDF_PAGES_H
#define MAZE_EXPORT_PDF_PAGES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mazegen/export.h>

/* A page's boxes in PDF points (x0, y0, x1, y1, from the bottom left). */
struct maze__pdf_page_box {
    double trim[4], bleed[4];
};

/* Fills *out with page's boxes (page 0 the first); false: none. */
typedef bool (*maze__pdf_box_fn)(void *ctx, size_t page,
                                 struct maze__pdf_page_box *out);

/* Where boxes were added: from cairo's offset `at` on, `added` bytes
 * more in all. */
struct maze__pdf_mark {
    uint64_t at, added;
};

struct maze__pdf_pages {
    const struct maze_sink *sink;
    /* The first page labelled "Answers N" (SIZE_MAX: none). */
    size_t answers_from;
    /* The word of those labels, UTF-8 (the sheet's language); NULL:
     * "Answers". */
    const char *answers_word;
    maze__pdf_box_fn box;
    void *ctx;
    /* Bytes taken from cairo and written on; added by us so far. */
    uint64_t taken, written, added;
    char line[96];
    size_t line_len;
    bool line_long, in_page, in_tail, after_obj;
    unsigned long page;
    struct maze__pdf_mark *mark;
    size_t marks, marks_cap;
    char *tail, *out;
    size_t tail_len, tail_cap, out_len;
    int rc;
};

/* A filter writing to sink; its maze_sink is {maze__pdf_pages_write, f}.
 * MAZE_OK or MAZE_ERR_NOMEM; call maze__pdf_pages_finish() either way. */
int maze__pdf_pages_init(struct maze__pdf_pages *f,
                         const struct maze_sink *sink, size_t answers_from,
                         maze__pdf_box_fn box, void *ctx);
int maze__pdf_pages_write(void *ctx, const void *data, size_t len);
/* Once cairo has finished: the catalog, labels, cross-references and
 * trailer. MAZE_OK, the sink's error, MAZE_ERR_NOMEM, or
 * MAZE_ERR_BACKEND when cairo's document did not end as expected. */
int maze__pdf_pages_end(struct maze__pdf_pages *f);
void maze__pdf_pages_finish(struct maze__pdf_pages *f);

#endif
