/* Overflow-checked array allocation. */
#include <stdlib.h>

#include "core/checked.h"

void *
maze__alloc_array(size_t n, size_t size, bool zero)
{
    size_t bytes;
    if (!maze__mul_size(n, size, &bytes)) {
        return NULL;
    }
    if (bytes == 0) {
        bytes = 1;
    }
    return zero ? calloc(1, bytes) : malloc(bytes);
}
