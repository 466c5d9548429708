/* SPDX-License-Identifier: MIT */
/* Status codes and their descriptions. */
#include <mazegen/status.h>

const char *
maze_strerror(int status)
{
    switch (status) {
    case MAZE_OK:
        return "success";
    case MAZE_ERR_NOMEM:
        return "out of memory";
    case MAZE_ERR_INVALID:
        return "invalid argument";
    case MAZE_ERR_RANGE:
        return "value out of range";
    case MAZE_ERR_IO:
        return "write failed";
    case MAZE_ERR_BACKEND:
        return "graphics library failure";
    case MAZE_ERR_UNSUPPORTED:
        return "not supported";
    default:
        return "unknown error";
    }
}
