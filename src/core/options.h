/* SPDX-License-Identifier: MIT */
/*
 * Option structs that can grow (version.h): each public options struct
 * begins with the size the caller compiled it with, and the library
 * works on a copy of its own size, the members the caller does not have
 * left zero, which is every member's default. Public entry points take
 * the copy first and pass it on; nothing else reads a caller's struct.
 */
#ifndef MAZE_CORE_OPTIONS_H
#define MAZE_CORE_OPTIONS_H

#include <stddef.h>

/*
 * The size of type up to the end of member: the least struct_size a
 * caller may give, fixed at the last member of the first release of the
 * struct with struct_size (members added later are past it).
 */
#define MAZE__SIZE_THROUGH(type, member)                                       \
    (offsetof(type, member) + sizeof(((type *)0)->member))

/*
 * Copies *given (a struct whose first member is its size_t struct_size)
 * into *full of full_size bytes. MAZE_ERR_INVALID, with a detail naming
 * the struct `name` and its init macro `init`, when struct_size is under
 * least (0 when never set), or when the caller's struct is longer than
 * this library's and a member this library does not know is not zero.
 */
int maze__options_copy(void *full, size_t full_size, const void *given,
                       size_t least, const char *name, const char *init);

/* The same for the output struct maze_metrics: how many bytes of the
 * library's struct to copy back into the caller's (at least `least`), or
 * 0 with the detail set when struct_size is under least. */
size_t maze__options_out_size(const void *given, size_t full_size, size_t least,
                              const char *name, const char *init);

#endif
