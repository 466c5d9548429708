/* SPDX-License-Identifier: MIT */
/*
 * One zlib stream deflated on several threads (png_deflate.c), the way
 * pigz does it: the bytes are cut into blocks of MAZE__DEFLATE_BLOCK,
 * each deflated on its own (primed with the 32 KiB before it) and ended
 * byte-aligned by a sync flush, the last one finished; their Adler-32s
 * are combined. The cuts fall at fixed byte offsets, so the stream is the
 * same whatever the number of threads, one included (no thread is then
 * started). The caller hands bytes in order and gets the stream back in
 * order, a block at a time, from the thread that hands the bytes.
 */
#ifndef MAZE_EXPORT_PNG_DEFLATE_H
#define MAZE_EXPORT_PNG_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

/* Bytes deflated as one block, and the dictionary each block after the
 * first is primed with (deflate's window). */
#define MAZE__DEFLATE_BLOCK ((size_t)256 * 1024)
#define MAZE__DEFLATE_DICT ((size_t)32 * 1024)

/* The most threads a deflater starts. */
#define MAZE__DEFLATE_THREADS_MAX 256u

struct maze__deflate;

/*
 * Where the stream goes, in order: the zlib header is in the first piece,
 * the Adler-32 in the last. Returns MAZE_OK or an error, which stops the
 * deflater: nothing more is handed to it.
 */
typedef int (*maze__deflate_out)(void *ctx, const uint8_t *data, size_t len);

/*
 * A deflater for about `total` bytes (a hint: it starts no more threads
 * than there are blocks to deflate) on up to `threads` threads (0 and 1:
 * none), at zlib's default level, with Z_FILTERED when `filtered`. Its
 * memory: 2 blocks a thread in flight, about 600 KiB each.
 * Errors: MAZE_ERR_NOMEM. A thread that cannot be started is done
 * without: the bytes are the same.
 */
int maze__deflate_create(unsigned threads, uint64_t total, bool filtered,
                         maze__deflate_out out, void *ctx,
                         struct maze__deflate **dp);

/* Appends len bytes to the stream. Returns MAZE_OK, or the first error
 * (of out, or MAZE_ERR_BACKEND from zlib), after which it takes nothing. */
int maze__deflate_write(struct maze__deflate *d, const void *data, size_t len);

/* Ends the stream and hands out the rest; MAZE_OK or the first error. */
int maze__deflate_finish(struct maze__deflate *d);

/* Stops the threads and frees everything; NULL is accepted. */
void maze__deflate_destroy(struct maze__deflate *d);

#endif
