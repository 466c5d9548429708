/* SPDX-License-Identifier: MIT */
/*
 * Status codes shared by every libmazegen function.
 *
 * Fallible functions return an int that is MAZE_OK (zero) on success or one
 * of the negative codes below; objects come back through out-parameters.
 */
#ifndef MAZEGEN_STATUS_H
#define MAZEGEN_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

enum maze_status {
    MAZE_OK = 0,
    /* An allocation failed, or a size computation overflowed. */
    MAZE_ERR_NOMEM = -1,
    /* An argument is malformed (NULL where not allowed, bad syntax). */
    MAZE_ERR_INVALID = -2,
    /* An argument is well formed but outside the accepted range. */
    MAZE_ERR_RANGE = -3,
    /* The sink reported a write failure. */
    MAZE_ERR_IO = -4,
    /* A backend library (libpng, cairo) failed for a reason of its own. */
    MAZE_ERR_BACKEND = -5,
    /* The request is valid but not supported (e.g. grid kind, format). */
    MAZE_ERR_UNSUPPORTED = -6,
};

/*
 * A short English description of a status code, never NULL; unknown codes
 * give "unknown error". The string is static.
 */
const char *maze_strerror(int status);

#ifdef __cplusplus
}
#endif

#endif
