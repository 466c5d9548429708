/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for mazegen serve's request-to-job path (src/serve/
 * request.c, page.c): the input is a request's fields, name=value pairs
 * joined by '&' (raw bytes: NULs, control characters, any UTF-8 or none),
 * its first byte picking what is asked (a file, a page of the book, the
 * check, the page). Whatever the fields, the server must refuse them with
 * a status and a one-line message, or answer within its bounds: the
 * limits here are small, so every accepted request is quick.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <mazegen/mazegen.h>

#include "serve/page.h"
#include "serve/request.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check(int condition)
{
    if (!condition) {
        abort();
    }
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0) {
        return 0;
    }
    const struct serve_limits lim = {.max_cells = 400,
                                     .max_puzzles = 3,
                                     .max_dpi = 96,
                                     .max_memory = (uint64_t)64 << 20,
                                     .time_limit_ms = 2000,
                                     .max_upload = 4096,
                                     .paper = "letter"};
    unsigned pick = data[0] % (SERVE_TARGET_COUNT_ + 2);
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    struct serve_fields fields = {0};
    while (len > 0) {
        const char *amp = memchr(text, '&', len);
        size_t n = amp ? (size_t)(amp - text) : len;
        const char *eq = memchr(text, '=', n);
        size_t klen = eq ? (size_t)(eq - text) : n;
        char name[64];
        if (klen > 0 && klen < sizeof(name)) {
            memcpy(name, text, klen);
            name[klen] = '\0';
            const char *v = eq ? eq + 1 : text + n;
            size_t vlen = eq ? n - klen - 1 : 0;
            /* A name of "mask!" stands for an upload of the mask. */
            bool file = klen > 1 && name[klen - 1] == '!';
            if (file) {
                name[klen - 1] = '\0';
            }
            if (strlen(name) == (file ? klen - 1 : klen) &&
                !serve_fields_add(&fields, name, v, vlen, false, file,
                                  lim.max_upload)) {
                break;
            }
        }
        text += n + (amp != NULL);
        len -= n + (amp != NULL);
    }
    struct serve_buf out = {0};
    struct serve_error err = {0};
    if (pick == SERVE_TARGET_COUNT_) {
        /* The Accept-Language header: the value of a field "al". */
        const struct serve_field *al = serve_fields_get(&fields, "al");
        serve_page(&out, &fields, &lim, al ? al->value : NULL);
        check(out.failed || (out.len > 0 && strstr(out.data, "</html>")));
    } else if (pick == SERVE_TARGET_COUNT_ + 1) {
        const struct serve_field *m = serve_fields_get(&fields, "mask");
        if (m && !serve_mask_text(m, &lim, &out, &err)) {
            check(err.status >= 400 && err.message[0] != '\0');
        }
    } else {
        enum serve_target t = (enum serve_target)pick;
        struct maze_job *job = serve_job(t, &fields, &lim, &err);
        if (job == NULL) {
            check(err.status >= 400 && err.status < 600 &&
                  err.message[0] != '\0' && strchr(err.message, '\n') == NULL);
        } else if (!serve_run(job, t, &lim, &out, &err)) {
            check(err.status >= 400 && err.message[0] != '\0');
        } else {
            check(out.len > 0);
        }
        maze_job_destroy(job);
        /* Every message is JSON that names its option or none. */
        if (err.status != 0) {
            struct serve_buf j = {0};
            serve_error_json(&j, &err);
            check(j.failed || (j.len > 0 && j.data[0] == '{'));
            serve_buf_free(&j);
        }
    }
    serve_buf_free(&out);
    serve_fields_free(&fields);
    return 0;
}
