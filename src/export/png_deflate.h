/* SPDX-License-Identifier: MIT */
/*
 * One zlib stream deflated on several threads (png_deflate.c), the way
 * pigz does it: the bytes are cut into blocks of MAZE__DEFLATE_BLOCK,
 * each deflated on its own by libdeflate at MAZE__DEFLATE_LEVEL and ended
 * byte-aligned as by a sync flush, the last one finished; their Adler-32s
 * are combined. The cuts fall at fixed byte offsets, so the stream is the
 * same whatever the number of threads, one included (no thread is then
 * started). The caller hands bytes in order and gets the stream back in
 * order, a block at a time, from the thread that hands the bytes.
 */
#ifndef MAZE_EXPORT_PNG_DEFLATE_H
#define MAZE_EXPORT_PNG_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

/* Bytes deflated as one block, and libdeflate's level. */
#define MAZE__DEFLATE_BLOCK ((size_t)256 * 1024)
#define MAZE__DEFLATE_LEVEL 7

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
 * none). Its memory a thread: 2 blocks in flight, about 512 KiB each, a
 * libdeflate compressor (660 KiB at level 7) and an inflater with its
 * scratch (72 KiB): under 1.8 MiB (the png format's per_thread, 2 MiB).
 * Errors: MAZE_ERR_NOMEM. A thread that cannot be started is done
 * without: the bytes are the same.
 */
int maze__deflate_create(unsigned threads, uint64_t total,
                         maze__deflate_out out, void *ctx,
                         struct maze__deflate **dp);

/* Appends len bytes to the stream. Returns MAZE_OK, or the first error
 * (of out, or MAZE_ERR_BACKEND from libdeflate or zlib), after which it takes
 * nothing. */
int maze__deflate_write(struct maze__deflate *d, const void *data, size_t len);

/* Ends the stream and hands out the rest; MAZE_OK or the first error. */
int maze__deflate_finish(struct maze__deflate *d);

/* Stops the threads and frees everything; NULL is accepted. */
void maze__deflate_destroy(struct maze__deflate *d);

#endif
