/* SPDX-License-Identifier: MIT */
/* Copies of callers' option structs at this library's size (options.h). */
#include "core/options.h"

#include <string.h>

#include <mazegen/status.h>

#include "core/status_impl.h"

int
maze__options_copy(void *full, size_t full_size, const void *given,
                   size_t least, const char *name, const char *init)
{
    size_t size;
    memcpy(&size, given, sizeof(size));
    if (size < least) {
        return maze__fail(MAZE_ERR_INVALID,
                          "%s.struct_size is %zu, not the struct's size: "
                          "initialise it with %s",
                          name, size, init);
    }
    /* Built against newer headers: fine as long as the members this
     * library cannot honour are left at their defaults. */
    const unsigned char *bytes = given;
    for (size_t i = full_size; i < size; i++) {
        if (bytes[i] != 0) {
            return maze__fail(MAZE_ERR_INVALID,
                              "%s sets a member this library (%zu bytes of "
                              "it) does not know",
                              name, full_size);
        }
    }
    memset(full, 0, full_size);
    memcpy(full, given, size < full_size ? size : full_size);
    memcpy(full, &full_size, sizeof(full_size));
    return MAZE_OK;
}

size_t
maze__options_out_size(const void *given, size_t full_size, size_t least,
                       const char *name, const char *init)
{
    size_t size;
    memcpy(&size, given, sizeof(size));
    if (size < least) {
        maze__fail(MAZE_ERR_INVALID,
                   "%s.struct_size is %zu, not the struct's size: "
                   "initialise it with %s",
                   name, size, init);
        return 0;
    }
    return size < full_size ? size : full_size;
}
