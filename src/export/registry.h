/* SPDX-License-Identifier: MIT */
/*
 * The format registry's lookup (registry.c), for the entry points that
 * take a format by name: maze_export(), maze_export_sheet() and the
 * stream exporter. Formats never look each other up, so no file below
 * the entry points includes this.
 */
#ifndef MAZE_EXPORT_REGISTRY_H
#define MAZE_EXPORT_REGISTRY_H

#include "export/export_impl.h"

/* The registered exporter with this exact name, or NULL. */
const struct maze__exporter *maze__exporter_find(const char *name);

/* The exporter called name, or MAZE_ERR_INVALID with a detail listing the
 * known formats. */
int maze__exporter_lookup(const char *name, const struct maze__exporter **out);

#endif
