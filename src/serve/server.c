/* SPDX-License-Identifier: MIT */
/*
 * mazegen serve: the web page on GNU libmicrohttpd, a small HTTP server
 * library made to be embedded in C programs (in Debian and every major
 * distribution, maintained by GNU, with request size, connection and
 * time limits of its own and systemd's socket activation by a listening
 * socket it is given). A thread a connection: each request's work is a
 * library job that runs to its end or its time limit, and a count of
 * jobs in flight turns the ones past --max-jobs away with 503.
 */
#include "serve/serve.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <microhttpd.h>
#include <netdb.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <mazegen/mazegen.h>

#include "serve/assets.h"
#include "serve/page.h"
#include "serve/request.h"

extern char **environ;

/* The most bytes of a request's body (the fields and uploads together). */
#define BODY_SLACK 65536u
/* Headers and the request line: what a connection may hold. */
#define CONNECTION_MEMORY (256u * 1024u)

struct server {
    struct serve_limits lim;
    /* Jobs run at once, and requests waiting for one of them. */
    unsigned max_jobs, max_queue;
    unsigned running, waiting;
    pthread_mutex_t lock;
    pthread_cond_t freed;
    unsigned max_connections;
    unsigned idle_timeout;
    bool quiet;
    /* Host names besides IP literals and localhost (--allow-host). */
    char **hosts;
    size_t host_count;
    atomic_uint in_flight;
    atomic_bool stopping;
};

/* One request, across the handler's calls. */
struct request {
    struct serve_fields fields;
    struct MHD_PostProcessor *post;
    bool too_large, bad_body, bad_query, counted;
    int status;
    /* The most bytes of body taken, and the bytes answered. */
    size_t limit, bytes;
    struct timespec start;
    /* For the log: the method and the path (never the query, which may
     * hold a pupil's text). */
    char method[8], path[48];
};

static double
ms_since(const struct timespec *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t->tv_sec) * 1e3 +
           (double)(now.tv_nsec - t->tv_nsec) / 1e6;
}

/* Adds the headers every answer carries. */
static void
secure(struct MHD_Response *r)
{
    MHD_add_response_header(r, "Content-Security-Policy",
                            "default-src 'none'; script-src 'self'; "
                            "style-src 'self'; img-src 'self' blob: data:; "
                            "connect-src 'self'; form-action 'self'; "
                            "base-uri 'none'; frame-ancestors 'none'");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
    MHD_add_response_header(r, "Referrer-Policy", "same-origin");
    MHD_add_response_header(r, "Cross-Origin-Resource-Policy", "same-origin");
    MHD_add_response_header(r, "Cross-Origin-Opener-Policy", "same-origin");
    MHD_add_response_header(r, "Permissions-Policy",
                            "camera=(), microphone=(), geolocation=()");
}

/* Queues data (taken: freed by the library) with status and type. */
/* Queues len bytes of data with status and type: bytes the library
 * frees when owned (and frees here on failure), else static ones. */
static enum MHD_Result
send_bytes(struct MHD_Connection *c, struct request *rq, int status,
           const char *type, const void *data, size_t len, bool owned,
           const char *cache, const char *disposition)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(
        len, (void *)data,
        owned ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    if (r == NULL) {
        if (owned) {
            free((void *)data);
        }
        return MHD_NO;
    }
    secure(r);
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Cache-Control", cache ? cache : "no-store");
    if (disposition) {
        MHD_add_response_header(r, "Content-Disposition", disposition);
    }
    if (status == MHD_HTTP_SERVICE_UNAVAILABLE) {
        MHD_add_response_header(r, "Retry-After", "1");
    }
    rq->status = status;
    rq->bytes = len;
    enum MHD_Result ok = MHD_queue_response(c, (unsigned)status, r);
    MHD_destroy_response(r);
    return ok;
}

/* Queues data (taken: freed by the library; NULL: no body). */
static enum MHD_Result
answer(struct MHD_Connection *c, struct request *rq, int status,
       const char *type, char *data, size_t len, const char *cache,
       const char *disposition)
{
    return send_bytes(c, rq, status, type, data ? data : "", data ? len : 0,
                      data != NULL, cache, disposition);
}

static enum MHD_Result
answer_buf(struct MHD_Connection *c, struct request *rq, int status,
           const char *type, struct serve_buf *b, const char *cache,
           const char *disposition)
{
    if (b->failed) {
        serve_buf_free(b);
        return answer(c, rq, 503, "application/json",
                      strdup("{\"error\":\"out of memory\",\"option\":null}\n"),
                      41, NULL, NULL);
    }
    size_t len;
    char *data = serve_buf_take(b, &len);
    return answer(c, rq, status, type, data, len, cache, disposition);
}

static enum MHD_Result
answer_error(struct MHD_Connection *c, struct request *rq,
             const struct serve_error *err)
{
    struct serve_buf b = {0};
    serve_error_json(&b, err);
    return answer_buf(c, rq, err->status, "application/json", &b, NULL, NULL);
}

static enum MHD_Result
fail(struct MHD_Connection *c, struct request *rq, int status,
     const char *message)
{
    struct serve_error err = {.status = status};
    snprintf(err.message, sizeof(err.message), "%s", message);
    return answer_error(c, rq, &err);
}

/* Whether the Host header names this server: an IP address, localhost,
 * or a name --allow-host gave. A page of another site that a browser
 * reaches through its own DNS name (DNS rebinding) is refused. */
static bool
host_allowed(const struct server *s, const char *host)
{
    if (host == NULL || host[0] == '\0') {
        return false;
    }
    char name[256];
    size_t n = strlen(host);
    if (n >= sizeof(name)) {
        return false;
    }
    memcpy(name, host, n + 1);
    if (name[0] == '[') {
        char *end = strchr(name, ']');
        if (end == NULL || (end[1] != '\0' && end[1] != ':')) {
            return false;
        }
        *end = '\0';
        struct in6_addr a6;
        return inet_pton(AF_INET6, name + 1, &a6) == 1;
    }
    char *colon = strrchr(name, ':');
    if (colon) {
        *colon = '\0';
    }
    struct in_addr a4;
    if (inet_pton(AF_INET, name, &a4) == 1 ||
        strcasecmp(name, "localhost") == 0) {
        return true;
    }
    for (size_t i = 0; i < s->host_count; i++) {
        if (strcasecmp(name, s->hosts[i]) == 0) {
            return true;
        }
    }
    return false;
}

/*
 * A request from another site (a cross-site form post, a script of
 * another origin): the browser's Sec-Fetch-Site says so, or, from a
 * browser that sends none, an Origin that is not this host. A request
 * without either (curl, a program) is not a browser's on another site's
 * behalf.
 */
static bool
cross_site(struct MHD_Connection *c, const char *host)
{
    const char *site =
        MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Sec-Fetch-Site");
    if (site != NULL) {
        return strcmp(site, "same-origin") != 0 && strcmp(site, "none") != 0;
    }
    const char *origin =
        MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
    if (origin == NULL) {
        return false;
    }
    const char *rest = strncmp(origin, "http://", 7) == 0    ? origin + 7
                       : strncmp(origin, "https://", 8) == 0 ? origin + 8
                                                             : NULL;
    return rest == NULL || strcasecmp(rest, host) != 0;
}

/* A query field, its length given: a %00 in it is kept, and refused by
 * the request's reading rather than cutting the text short. */
static enum MHD_Result
add_query(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
          const char *value, size_t value_size)
{
    (void)kind;
    struct request *rq = cls;
    if (strlen(key) != key_size) {
        rq->bad_query = true;
        return MHD_NO;
    }
    if (!serve_fields_add(&rq->fields, key, value ? value : "",
                          value ? value_size : 0, false, false, SIZE_MAX)) {
        rq->too_large = true;
        return MHD_NO;
    }
    return MHD_YES;
}

static enum MHD_Result
add_post(void *cls, enum MHD_ValueKind kind, const char *key,
         const char *filename, const char *content_type,
         const char *transfer_encoding, const char *data, uint64_t off,
         size_t size)
{
    (void)kind;
    (void)content_type;
    (void)transfer_encoding;
    struct request *rq = cls;
    if (!serve_fields_add(&rq->fields, key, data, size, off > 0,
                          filename != NULL && filename[0] != '\0', rq->limit)) {
        rq->too_large = true;
        return MHD_NO;
    }
    return MHD_YES;
}

/*
 * A job's slot: at once when fewer than --max-jobs run, else after a wait
 * in line (at most --queue requests, each at most the time limit), else
 * false: the request gets 503. A browser asks for a page's pictures
 * several at a time; they wait their turn rather than fail.
 */
static bool
take_slot(struct server *s)
{
    pthread_mutex_lock(&s->lock);
    bool ok = s->running < s->max_jobs;
    if (!ok && s->waiting < s->max_queue) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += s->lim.time_limit_ms / 1000;
        s->waiting++;
        int e = 0;
        while (s->running >= s->max_jobs && e != ETIMEDOUT &&
               !atomic_load(&s->stopping)) {
            e = pthread_cond_timedwait(&s->freed, &s->lock, &until);
        }
        s->waiting--;
        ok = s->running < s->max_jobs;
    }
    if (ok) {
        s->running++;
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

static void
give_slot(struct server *s)
{
    pthread_mutex_lock(&s->lock);
    s->running--;
    pthread_cond_signal(&s->freed);
    pthread_mutex_unlock(&s->lock);
}

static enum MHD_Result
busy(struct MHD_Connection *c, struct request *rq, const struct server *s)
{
    char msg[160];
    snprintf(msg, sizeof(msg),
             "the server is making %u mazes already, with %u more waiting; "
             "expected a retry in a second",
             s->max_jobs, s->max_queue);
    return fail(c, rq, MHD_HTTP_SERVICE_UNAVAILABLE, msg);
}

/* Whether the browser navigated here (a form posted without the page's
 * script): it then gets the page with the message, not JSON. */
static bool
navigation(struct MHD_Connection *c, const char *method)
{
    const char *dest =
        MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Sec-Fetch-Dest");
    if (dest) {
        return strcmp(dest, "document") == 0;
    }
    const char *accept =
        MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Accept");
    return strcmp(method, "POST") == 0 && accept &&
           strstr(accept, "text/html") != NULL;
}

static enum MHD_Result
page(struct MHD_Connection *c, struct request *rq, struct server *s, int status)
{
    if (!take_slot(s)) {
        return busy(c, rq, s);
    }
    struct serve_buf b = {0};
    serve_page(
        &b, &rq->fields, &s->lim,
        MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Accept-Language"));
    give_slot(s);
    return answer_buf(c, rq, status, "text/html; charset=utf-8", &b, NULL,
                      NULL);
}

static enum MHD_Result
make(struct MHD_Connection *c, struct request *rq, struct server *s,
     enum serve_target t, const char *method)
{
    if (!take_slot(s)) {
        return busy(c, rq, s);
    }
    struct serve_error err = {0};
    struct serve_buf b = {0};
    struct maze_job *job = serve_job(t, &rq->fields, &s->lim, &err);
    bool ok = job && serve_run(job, t, &s->lim, &b, &err);
    char disposition[96] = "";
    struct maze_option_value seed = {0};
    if (ok && t != SERVE_CHECK) {
        (void)maze_job_get(job, MAZE_OPT_SEED, &seed);
        snprintf(disposition, sizeof(disposition),
                 "inline; filename=\"%s-%" PRIu64 ".%s\"",
                 t == SERVE_KEY_PDF    ? "answers"
                 : t == SERVE_BOOK_PDF ? "mazes"
                                       : "maze",
                 seed.number, serve_target_extension(t));
    }
    bool seeded = serve_fields_get(&rq->fields, "seed") != NULL;
    maze_job_destroy(job);
    give_slot(s);
    if (!ok) {
        serve_buf_free(&b);
        if (navigation(c, method)) {
            return page(c, rq, s, err.status);
        }
        return answer_error(c, rq, &err);
    }
    /* The same address gives the same bytes once the seed is in it. */
    return answer_buf(c, rq, 200, serve_target_type(t), &b,
                      seeded ? "private, max-age=86400" : NULL,
                      disposition[0] ? disposition : NULL);
}

static enum MHD_Result
mask_text(struct MHD_Connection *c, struct request *rq, struct server *s)
{
    const struct serve_field *f = serve_fields_get(&rq->fields, "mask");
    if (f == NULL || f->len == 0) {
        return fail(c, rq, 400,
                    "--mask: no picture; expected a field 'mask' holding a "
                    "PNG or a text picture");
    }
    struct serve_error err = {0};
    struct serve_buf b = {0};
    if (!serve_mask_text(f, &s->lim, &b, &err)) {
        serve_buf_free(&b);
        return answer_error(c, rq, &err);
    }
    return answer_buf(c, rq, 200, "text/plain; charset=utf-8", &b, NULL, NULL);
}

/* 413: a body past --max-upload and the fields' room. */
static enum MHD_Result
too_large(struct MHD_Connection *c, struct request *rq, const struct server *s)
{
    char msg[128];
    snprintf(msg, sizeof(msg),
             "the request is larger than this server takes; expected at "
             "most %zu bytes of upload",
             s->lim.max_upload);
    return fail(c, rq, MHD_HTTP_CONTENT_TOO_LARGE, msg);
}

/* The request, once its body is in. */
static enum MHD_Result
respond(struct MHD_Connection *c, struct request *rq, struct server *s,
        const char *url, const char *method)
{
    if (rq->too_large) {
        return too_large(c, rq, s);
    }
    if (rq->bad_body) {
        return fail(c, rq, MHD_HTTP_UNSUPPORTED_MEDIA_TYPE,
                    "the request's body is not a form; expected "
                    "application/x-www-form-urlencoded or "
                    "multipart/form-data");
    }
    /* Query fields first: a form's own fields come after and win. */
    struct serve_fields posted = rq->fields;
    rq->fields = (struct serve_fields){0};
    MHD_get_connection_values_n(c, MHD_GET_ARGUMENT_KIND, add_query, rq);
    for (size_t i = 0; i < posted.count && !rq->too_large; i++) {
        if (!serve_fields_add(&rq->fields, posted.v[i].name, posted.v[i].value,
                              posted.v[i].len, false, posted.v[i].file,
                              SIZE_MAX)) {
            rq->too_large = true;
        }
    }
    serve_fields_free(&posted);
    if (rq->bad_query) {
        return fail(c, rq, 400,
                    "a field's name holds a NUL byte; expected option names");
    }
    if (rq->too_large) {
        return fail(c, rq, 503, "out of memory");
    }
    if (strcmp(url, "/") == 0) {
        return page(c, rq, s, 200);
    }
    if (strcmp(url, "/api/options") == 0) {
        struct serve_buf b = {0};
        serve_options_json(&b, &s->lim);
        return answer_buf(c, rq, 200, "application/json", &b, "no-cache", NULL);
    }
    if (strcmp(url, "/api/mask") == 0) {
        return mask_text(c, rq, s);
    }
    int t = serve_target_find(url);
    if (t >= 0) {
        return make(c, rq, s, (enum serve_target)t, method);
    }
    return fail(c, rq, MHD_HTTP_NOT_FOUND,
                "no such page; expected /, /book.pdf, /key.pdf, /maze.svg, "
                "/maze.png, /maze.json, /maze.txt, /page.svg, /page.png, "
                "/api/options, /api/check or /api/mask");
}

static enum MHD_Result
serve_asset(struct MHD_Connection *c, struct request *rq,
            const struct serve_asset *a)
{
    return send_bytes(c, rq, 200, a->type, a->data, a->len, false, "no-cache",
                      NULL);
}

static enum MHD_Result
handle(void *cls, struct MHD_Connection *c, const char *url, const char *method,
       const char *version, const char *upload, size_t *upload_size,
       void **state)
{
    (void)version;
    struct server *s = cls;
    struct request *rq = *state;
    if (rq == NULL) {
        rq = calloc(1, sizeof(*rq));
        if (rq == NULL) {
            return MHD_NO;
        }
        clock_gettime(CLOCK_MONOTONIC, &rq->start);
        snprintf(rq->method, sizeof(rq->method), "%s", method);
        snprintf(rq->path, sizeof(rq->path), "%s", url);
        for (char *p = rq->path; *p; p++) {
            if ((unsigned char)*p < 0x21 || (unsigned char)*p > 0x7e) {
                *p = '?'; /* nothing a terminal would act on */
            }
        }
        rq->limit = s->lim.max_upload + BODY_SLACK;
        *state = rq;
        atomic_fetch_add(&s->in_flight, 1);
        rq->counted = true;
        if (atomic_load(&s->stopping)) {
            return fail(c, rq, MHD_HTTP_SERVICE_UNAVAILABLE,
                        "the server is stopping; expected a retry later");
        }
        bool post = strcmp(method, "POST") == 0;
        if (!post && strcmp(method, "GET") != 0 &&
            strcmp(method, "HEAD") != 0) {
            return fail(c, rq, MHD_HTTP_METHOD_NOT_ALLOWED,
                        "method not allowed; expected GET, HEAD or POST");
        }
        const char *host =
            MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
        if (!host_allowed(s, host)) {
            return fail(c, rq, MHD_HTTP_MISDIRECTED_REQUEST,
                        "this server does not answer to that host name; "
                        "expected its address, localhost, or a name "
                        "given to serve --allow-host");
        }
        if (post && cross_site(c, host)) {
            return fail(c, rq, MHD_HTTP_FORBIDDEN,
                        "a post from another site; expected this page's own "
                        "form");
        }
        if (post) {
            const char *len_text = MHD_lookup_connection_value(
                c, MHD_HEADER_KIND, "Content-Length");
            if (len_text && strtoull(len_text, NULL, 10) > rq->limit) {
                return too_large(c, rq, s);
            } else {
                rq->post = MHD_create_post_processor(c, 16384, add_post, rq);
                rq->bad_body = rq->post == NULL;
            }
        }
        return MHD_YES;
    }
    if (rq->status != 0) {
        *upload_size = 0; /* answered already: drop the rest */
        return MHD_YES;
    }
    if (*upload_size != 0) {
        if (rq->post && !rq->too_large &&
            MHD_post_process(rq->post, upload, *upload_size) != MHD_YES &&
            !rq->too_large) {
            rq->bad_body = true;
        }
        *upload_size = 0;
        return MHD_YES;
    }
    const struct serve_asset *a = serve_asset_find(url);
    if (a != NULL && strcmp(method, "POST") != 0) {
        return serve_asset(c, rq, a);
    }
    return respond(c, rq, s, url, method);
}

static void
completed(void *cls, struct MHD_Connection *c, void **state,
          enum MHD_RequestTerminationCode why)
{
    struct server *s = cls;
    struct request *rq = *state;
    if (rq == NULL) {
        return;
    }
    if (!s->quiet) {
        const union MHD_ConnectionInfo *ci =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        char addr[INET6_ADDRSTRLEN] = "-";
        if (ci && ci->client_addr) {
            const struct sockaddr *sa = ci->client_addr;
            if (sa->sa_family == AF_INET) {
                inet_ntop(
                    AF_INET,
                    &((const struct sockaddr_in *)(const void *)sa)->sin_addr,
                    addr, sizeof(addr));
            } else if (sa->sa_family == AF_INET6) {
                inet_ntop(
                    AF_INET6,
                    &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr,
                    addr, sizeof(addr));
            }
        }
        fprintf(
            stderr, "mazegen serve: %s %s %s %d %zu bytes %.1f ms%s\n", addr,
            rq->method, rq->path, rq->status, rq->bytes, ms_since(&rq->start),
            why == MHD_REQUEST_TERMINATED_COMPLETED_OK ? "" : " (cut short)");
    }
    if (rq->post) {
        MHD_destroy_post_processor(rq->post);
    }
    serve_fields_free(&rq->fields);
    if (rq->counted) {
        atomic_fetch_sub(&s->in_flight, 1);
    }
    free(rq);
    *state = NULL;
}

static void
usage(FILE *f)
{
    fputs(
        "Usage: mazegen serve [OPTION]...\n"
        "Serve a web page where anyone with a browser designs, previews,\n"
        "prints and downloads maze sheets (docs/serve.md). Every answer is\n"
        "made in memory from the request: nothing is written or kept.\n"
        "\n"
        "  -l, --listen ADDR:PORT  listen there (default 127.0.0.1:8080);\n"
        "                          PORT alone: on 127.0.0.1; port 0: any\n"
        "                          free port; [::1]:PORT for IPv6. Under\n"
        "                          systemd's socket activation, its socket\n"
        "      --open              open the page in the user's browser\n"
        "      --allow-host NAME   also answer to the host name NAME (the\n"
        "                          server's DNS name behind a reverse proxy);\n"
        "                          IP addresses and localhost always are\n"
        "      --max-jobs N        mazes made at once, 1 to 1024 (default:\n"
        "                          the cores available)\n"
        "      --queue N           requests that wait for a job's turn, 0\n"
        "                          to 1024 (default 32), each at most the\n"
        "                          time limit; more get 503 Retry-After\n"
        "      --time-limit S      seconds a request's work may take, 1 to\n"
        "                          3600 (default 10); it is then cancelled\n"
        "      --max-cells N       cells of one maze, 1 to 100000000\n"
        "                          (default 250000)\n"
        "      --max-puzzles N     puzzles of one book, 1 to 10000 (default\n"
        "                          100)\n"
        "      --max-upload SIZE   bytes of an uploaded mask or wall-graph\n"
        "                          file, K or M (default 1M, at most 64M)\n"
        "      --max-memory SIZE   memory one job may be estimated to need,\n"
        "                          K, M or G (default 256M)\n"
        "      --paper NAME        the paper of a sheet that names none\n"
        "                          (default: as mazegen's --paper default)\n"
        "  -q, --quiet             no line a request on standard error\n"
        "  -h, --help              show this help\n"
        "\n"
        "Stops on SIGTERM, SIGINT or SIGHUP: requests in flight finish, new\n"
        "ones get 503. Exit status: 0 stopped by a signal, 1 cannot listen,\n"
        "2 bad option.\n",
        f);
}

/* A whole number from min to max, or false. */
static bool
number(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    if (text[0] < '0' || text[0] > '9') {
        return false;
    }
    errno = 0;
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0' || v < min || v > max) {
        return false;
    }
    *out = v;
    return true;
}

/* SIZE: whole bytes, or with K, M, G or T (powers of 1024), 1 to max. */
static bool
bytes(const char *text, uint64_t max, uint64_t *out)
{
    char digits[32];
    size_t n = strlen(text);
    unsigned shift = 0;
    if (n > 0 && n < sizeof(digits) && strchr("KMGT", text[n - 1]) != NULL) {
        shift = 10 * (unsigned)(strchr("KMGT", text[n - 1]) - "KMGT" + 1);
        n--;
    }
    if (n == 0 || n >= sizeof(digits)) {
        return false;
    }
    memcpy(digits, text, n);
    digits[n] = '\0';
    uint64_t v;
    if (!number(digits, 1, max >> shift, &v)) {
        return false;
    }
    *out = v << shift;
    return true;
}

static int
bad(const char *option, const char *text, const char *expected)
{
    fprintf(stderr,
            "mazegen serve: %s: '%s' is not valid; expected %s (see mazegen "
            "serve --help)\n",
            option, text, expected);
    return 2;
}

/* ADDR:PORT into an address to bind. */
static bool
listen_address(const char *text, struct sockaddr_storage *sa, socklen_t *len)
{
    char host[256] = "127.0.0.1";
    const char *port = text;
    const char *colon = strrchr(text, ':');
    if (text[0] == '[') {
        const char *end = strchr(text, ']');
        if (end == NULL || end[1] != ':' ||
            (size_t)(end - text) >= sizeof(host)) {
            return false;
        }
        memcpy(host, text + 1, (size_t)(end - text - 1));
        host[end - text - 1] = '\0';
        port = end + 2;
    } else if (colon != NULL) {
        if ((size_t)(colon - text) >= sizeof(host) || colon == text) {
            return false;
        }
        memcpy(host, text, (size_t)(colon - text));
        host[colon - text] = '\0';
        port = colon + 1;
    }
    uint64_t p;
    if (!number(port, 0, 65535, &p)) {
        return false;
    }
    struct addrinfo hints = {.ai_flags = AI_NUMERICSERV | AI_PASSIVE,
                             .ai_socktype = SOCK_STREAM};
    struct addrinfo *ai = NULL;
    if (getaddrinfo(host, port, &hints, &ai) != 0 || ai == NULL) {
        return false;
    }
    memcpy(sa, ai->ai_addr, ai->ai_addrlen);
    *len = ai->ai_addrlen;
    freeaddrinfo(ai);
    return true;
}

/* systemd's socket activation: the listening socket it passed (fd 3). */
static int
activated_socket(void)
{
    const char *pid = getenv("LISTEN_PID");
    const char *fds = getenv("LISTEN_FDS");
    uint64_t p, n;
    if (pid == NULL || fds == NULL || !number(pid, 1, INT32_MAX, &p) ||
        (pid_t)p != getpid() || !number(fds, 1, 64, &n)) {
        return -1;
    }
    unsetenv("LISTEN_PID");
    unsetenv("LISTEN_FDS");
    unsetenv("LISTEN_FDNAMES");
    return 3;
}

/* Opens url in the user's browser (xdg-open, which honours $BROWSER). */
static void
open_browser(const char *url)
{
    pid_t pid;
    char *argv[] = {(char *)"xdg-open", (char *)url, NULL};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY,
                                     0);
    int e = posix_spawnp(&pid, "xdg-open", &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (e != 0) {
        fprintf(stderr,
                "mazegen serve: --open: cannot start xdg-open: %s; open %s "
                "yourself\n",
                strerror(e), url);
    }
}

static void
logger(void *cls, const char *fmt, va_list ap)
{
    (void)cls;
    char line[512];
    vsnprintf(line, sizeof(line), fmt, ap);
    size_t n = strlen(line);
    while (n > 0 && line[n - 1] == '\n') {
        line[--n] = '\0';
    }
    fprintf(stderr, "mazegen serve: %s\n", line);
}

int
serve_main(int argc, char **argv)
{
    enum {
        OPT_OPEN = 256,
        OPT_ALLOW_HOST,
        OPT_MAX_JOBS,
        OPT_QUEUE,
        OPT_TIME_LIMIT,
        OPT_MAX_CELLS,
        OPT_MAX_PUZZLES,
        OPT_MAX_UPLOAD,
        OPT_MAX_MEMORY,
        OPT_PAPER,
    };
    static const struct option longopts[] = {
        {"listen", required_argument, NULL, 'l'},
        {"open", no_argument, NULL, OPT_OPEN},
        {"allow-host", required_argument, NULL, OPT_ALLOW_HOST},
        {"max-jobs", required_argument, NULL, OPT_MAX_JOBS},
        {"queue", required_argument, NULL, OPT_QUEUE},
        {"time-limit", required_argument, NULL, OPT_TIME_LIMIT},
        {"max-cells", required_argument, NULL, OPT_MAX_CELLS},
        {"max-puzzles", required_argument, NULL, OPT_MAX_PUZZLES},
        {"max-upload", required_argument, NULL, OPT_MAX_UPLOAD},
        {"max-memory", required_argument, NULL, OPT_MAX_MEMORY},
        {"paper", required_argument, NULL, OPT_PAPER},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    static struct server s;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    s.max_jobs = cores > 0 ? (unsigned)cores : 1;
    s.max_queue = 32;
    s.max_connections = 64;
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.freed, NULL);
    s.idle_timeout = 15;
    s.lim = (struct serve_limits){.max_cells = 250000,
                                  .max_puzzles = 100,
                                  .max_dpi = 600,
                                  .max_memory = (uint64_t)256 << 20,
                                  .time_limit_ms = 10000,
                                  .max_upload = (size_t)1 << 20};
    const char *listen_at = "127.0.0.1:8080";
    const char *paper = NULL;
    bool open = false;
    char *hosts[32];
    int c;
    uint64_t v;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":l:qh", longopts, NULL)) != -1) {
        switch (c) {
        case 'l':
            listen_at = optarg;
            break;
        case OPT_OPEN:
            open = true;
            break;
        case OPT_ALLOW_HOST:
            if (s.host_count == sizeof(hosts) / sizeof(hosts[0]) ||
                optarg[0] == '\0' || strlen(optarg) > 253 ||
                strpbrk(optarg, ":/[] ") != NULL) {
                return bad("--allow-host", optarg,
                           "a host name, at most 32 of them");
            }
            hosts[s.host_count++] = optarg;
            break;
        case OPT_MAX_JOBS:
            if (!number(optarg, 1, 1024, &v)) {
                return bad("--max-jobs", optarg,
                           "a whole number from 1 to 1024");
            }
            s.max_jobs = (unsigned)v;
            break;
        case OPT_QUEUE:
            if (!number(optarg, 0, 1024, &v)) {
                return bad("--queue", optarg, "a whole number from 0 to 1024");
            }
            s.max_queue = (unsigned)v;
            break;
        case OPT_TIME_LIMIT:
            if (!number(optarg, 1, 3600, &v)) {
                return bad("--time-limit", optarg,
                           "whole seconds from 1 to 3600");
            }
            s.lim.time_limit_ms = (unsigned)v * 1000;
            break;
        case OPT_MAX_CELLS:
            if (!number(optarg, 1, 100000000, &v)) {
                return bad("--max-cells", optarg,
                           "a whole number from 1 to 100000000");
            }
            s.lim.max_cells = v;
            break;
        case OPT_MAX_PUZZLES:
            if (!number(optarg, 1, MAZE_OPTION_MAX_PUZZLES, &v)) {
                return bad("--max-puzzles", optarg,
                           "a whole number from 1 to 10000");
            }
            s.lim.max_puzzles = (unsigned)v;
            break;
        case OPT_MAX_UPLOAD:
            if (!bytes(optarg, (uint64_t)64 << 20, &v)) {
                return bad("--max-upload", optarg,
                           "a size from 1 byte to 64M, with K or M");
            }
            s.lim.max_upload = (size_t)v;
            break;
        case OPT_MAX_MEMORY:
            if (!bytes(optarg, UINT64_MAX, &v)) {
                return bad("--max-memory", optarg, "a size with K, M, G or T");
            }
            s.lim.max_memory = v;
            break;
        case OPT_PAPER: {
            double w, h;
            if (maze_paper_parse(optarg, &w, &h) != MAZE_OK) {
                return bad("--paper", optarg, maze_paper_accepted());
            }
            paper = optarg;
            break;
        }
        case 'q':
            s.quiet = true;
            break;
        case 'h':
            usage(stdout);
            return fflush(stdout) == 0 ? 0 : 1;
        case ':':
            fprintf(stderr,
                    "mazegen serve: %s: needs a value (see mazegen serve "
                    "--help)\n",
                    argv[optind - 1]);
            return 2;
        default:
            fprintf(stderr,
                    "mazegen serve: unknown option '%s' (see mazegen serve "
                    "--help)\n",
                    argv[optind - 1]);
            return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr,
                "mazegen serve: unexpected argument '%s' (see mazegen serve "
                "--help)\n",
                argv[optind]);
        return 2;
    }
    s.hosts = hosts;
    char paper_name[64] = "letter";
    if (paper == NULL) {
        double w, h;
        if (maze_paper_default(&w, &h, paper_name, sizeof(paper_name)) !=
            MAZE_OK) {
            fprintf(stderr, "mazegen serve: %s\n", maze_error_detail());
            return 2;
        }
        paper = paper_name;
    }
    s.lim.paper = paper;

    struct sockaddr_storage sa;
    socklen_t sa_len = 0;
    int fd = activated_socket();
    if (fd < 0 && !listen_address(listen_at, &sa, &sa_len)) {
        return bad("-l/--listen", listen_at,
                   "ADDR:PORT, PORT, or [IPv6]:PORT, with a port from 0 to "
                   "65535");
    }

    /* Every thread the server starts blocks these; this one waits. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGHUP); /* its terminal closed (the launcher's) */
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);

    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD |
                     MHD_USE_THREAD_PER_CONNECTION | MHD_USE_ITC |
                     MHD_USE_ERROR_LOG;
    if (fd < 0 && sa.ss_family == AF_INET6) {
        flags |= MHD_USE_IPv6;
    }
    struct MHD_Daemon *d = MHD_start_daemon(
        flags, 0, NULL, NULL, handle, &s, MHD_OPTION_EXTERNAL_LOGGER, logger,
        NULL, MHD_OPTION_NOTIFY_COMPLETED, completed, &s,
        MHD_OPTION_CONNECTION_LIMIT, s.max_connections,
        MHD_OPTION_CONNECTION_TIMEOUT, s.idle_timeout,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONNECTION_MEMORY,
        fd >= 0 ? MHD_OPTION_LISTEN_SOCKET : MHD_OPTION_SOCK_ADDR,
        fd >= 0 ? (intptr_t)fd : (intptr_t)&sa, MHD_OPTION_END);
    if (d == NULL) {
        fprintf(stderr, "mazegen serve: cannot listen on %s: %s\n",
                fd >= 0 ? "the socket systemd passed" : listen_at,
                errno ? strerror(errno) : "the server did not start");
        return 1;
    }
    const union MHD_DaemonInfo *info =
        MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    char url[300];
    char shown[INET6_ADDRSTRLEN + 2] = "127.0.0.1";
    if (fd < 0) {
        char a[INET6_ADDRSTRLEN] = "";
        if (sa.ss_family == AF_INET6) {
            inet_ntop(AF_INET6, &((struct sockaddr_in6 *)&sa)->sin6_addr, a,
                      sizeof(a));
            snprintf(shown, sizeof(shown), "[%s]", a);
        } else {
            inet_ntop(AF_INET, &((struct sockaddr_in *)&sa)->sin_addr, a,
                      sizeof(a));
            snprintf(shown, sizeof(shown), "%s",
                     strcmp(a, "0.0.0.0") == 0 ? "127.0.0.1" : a);
        }
    }
    snprintf(url, sizeof(url), "http://%s:%u/", shown,
             info ? (unsigned)info->port : 0u);
    fprintf(stderr, "mazegen serve: listening on %s (Ctrl-C stops)\n", url);
    if (open) {
        open_browser(url);
    }

    int sig = 0;
    while (sigwait(&stop, &sig) != 0) {
    }
    /* Stop taking connections; let the requests in flight finish. */
    atomic_store(&s.stopping, true);
    pthread_mutex_lock(&s.lock);
    pthread_cond_broadcast(&s.freed);
    pthread_mutex_unlock(&s.lock);
    MHD_socket listener = MHD_quiesce_daemon(d);
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while (atomic_load(&s.in_flight) > 0 &&
           ms_since(&t0) < s.lim.time_limit_ms + 5000.0) {
        nanosleep(&(struct timespec){0, 20000000}, NULL);
    }
    MHD_stop_daemon(d);
    if (listener != MHD_INVALID_SOCKET) {
        close(listener);
    }
    fprintf(stderr, "mazegen serve: stopped (%s)\n",
            sig == SIGINT   ? "SIGINT"
            : sig == SIGHUP ? "SIGHUP"
                            : "SIGTERM");
    while (waitpid(-1, NULL, WNOHANG) > 0) {
    }
    return 0;
}
