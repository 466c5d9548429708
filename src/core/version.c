/* SPDX-License-Identifier: MIT */
/* The running library's version, from the version.h it was built with. */
#include <mazegen/version.h>

const char *
maze_version(void)
{
    return MAZEGEN_VERSION;
}

unsigned
maze_version_number(void)
{
    return MAZEGEN_VERSION_NUMBER;
}
