/* SPDX-License-Identifier: MIT */
/* Bounded reading of input files: see input.h. */
#include "job/input.h"

#include <errno.h>
#include <stdlib.h>

int
maze__job_read_bounded(FILE *f, uint64_t limit, maze__job_input_look look,
                       void *ctx, char **data, size_t *len, size_t *bad)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    int rc = buf ? 0 : ENOMEM;
    while (rc == 0) {
        if (n == cap) {
            char *p = cap <= SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;
            if (p == NULL) {
                rc = ENOMEM;
                break;
            }
            buf = p;
            cap *= 2;
        }
        /* One byte past the limit tells a file that is too large. */
        size_t want = cap - n;
        if (limit - n < want) {
            want = (size_t)(limit - n) + 1;
        }
        size_t got = fread(buf + n, 1, want, f);
        if (look != NULL && got > 0 && !look(ctx, buf + n, got, n, bad)) {
            rc = EILSEQ;
        } else if (n + got > limit) {
            rc = EFBIG;
        } else if (got == 0) {
            rc = ferror(f) ? (errno ? errno : EIO) : 0;
            break;
        }
        n += got;
    }
    if (rc != 0) {
        free(buf);
        return rc;
    }
    *data = buf;
    *len = n;
    return 0;
}
