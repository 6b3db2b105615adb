/* case_read.c -- case_read / case_clear: the file to a validated case_t. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "case/case_impl.h"
#include "fc_file.h"
#include <nettle/sha2.h>

#define CASE_MAX_BYTES (16L << 20)

/* Reads the whole file (a regular file or standard input, at most
 * CASE_MAX_BYTES); returns a NUL-terminated buffer or NULL (err set). */
static char *slurp(const char *path, size_t *len, case_error_t *err)
{
    char msg[256];
    char *buf = fc_file_read(path, (size_t) CASE_MAX_BYTES, len, msg, sizeof msg);
    if (buf == NULL) case_error_set(err, 0, 0, "%s", msg);
    return buf;
}

static char *case_id_of(const char *path)
{
    const char *b = strrchr(path, '/');
    size_t n;
    if (strcmp(path, "-") == 0) return case_strdup("stdin");
    b = b ? b + 1 : path;
    n = strlen(b);
    if (n > 5 && strcmp(b + n - 5, ".case") == 0) n -= 5;
    return case_strndup(b, n);
}

/* hex = SHA-256 of buf[0..n). */
static void case_sha256(const char *buf, size_t n, char hex[65])
{
    static const char digit[] = "0123456789abcdef";
    struct sha256_ctx ctx;
    uint8_t d[SHA256_DIGEST_SIZE];
    int i;
    sha256_init(&ctx);
    sha256_update(&ctx, n, (const uint8_t *) buf);
    sha256_digest(&ctx, SHA256_DIGEST_SIZE, d);
    for (i = 0; i < SHA256_DIGEST_SIZE; i++) {
        hex[2 * i] = digit[d[i] >> 4];
        hex[2 * i + 1] = digit[d[i] & 15];
    }
    hex[64] = '\0';
}

/* The id names the output folder DIR/ID: it may not be hidden (nor "." or
 * "..", nor look like fricert's private folders ".ID.tmp.PID...") and may not
 * hold control characters. Returns 0, or -1 with err set. */
static int case_id_check(const char *id, case_error_t *err)
{
    const unsigned char *p;
    if (id[0] == '\0' || id[0] == '.') {
        case_error_set(err, 0, 0, "the case id '%s' (the file name without .case) cannot name an output folder: "
                       "it must not be empty or start with '.'", id);
        return -1;
    }
    for (p = (const unsigned char *) id; *p; p++)
        if (*p < 0x20 || *p == 0x7f) {
            case_error_set(err, 0, 0, "the case id (the file name without .case) holds a control character "
                           "(byte 0x%02x); rename the file", *p);
            return -1;
        }
    return 0;
}

int case_read(case_t *c, const char *path, case_error_t *err)
{
    case_raw raw;
    char *buf;
    size_t len = 0;
    int rc;

    memset(c, 0, sizeof *c);
    memset(err, 0, sizeof *err);
    snprintf(err->file, sizeof err->file, "%s", path);
    {
        char *id = case_id_of(path);
        rc = case_id_check(id, err);
        flint_free(id);
        if (rc) return -1;
    }
    buf = slurp(path, &len, err);
    if (buf == NULL) return -1;
    rc = case_ini_read(&raw, buf, len, path, err);
    if (rc == 0) case_sha256(buf, len, c->sha256);   /* the bytes parsed: provenance */
    flint_free(buf);
    if (rc) return -1;
    c->path = case_strdup(path);
    c->id = case_id_of(path);
    rc = case_validate(c, &raw, err);
    case_raw_clear(&raw);
    if (rc) {
        case_clear(c);
        return -1;
    }
    return 0;
}

static void section_clear(case_section *s)
{
    int i;
    for (i = 0; i < s->nkeys; i++) {
        flint_free(s->keys[i]);
        flint_free(s->values[i]);
    }
    flint_free(s->keys);
    flint_free(s->values);
    flint_free(s->lines);
    flint_free(s->name);
}

void case_clear(case_t *c)
{
    int i, j;
    for (i = 0; i < c->nparams; i++) {
        case_param *p = &c->params[i];
        flint_free(p->name);
        flint_free(p->desc);
        flint_free(p->unit);
        expr_free(p->value);
        expr_free(p->lo);
        expr_free(p->hi);
        arb_clear(p->value_ball);
        arb_clear(p->lo_ball);
        arb_clear(p->hi_ball);
    }
    flint_free(c->params);
    for (i = 0; i < c->ndefs; i++) {
        flint_free(c->defs[i].name);
        expr_free(c->defs[i].e);
    }
    flint_free(c->defs);
    for (i = 0; i < c->nregions; i++) {
        flint_free(c->regions[i].name);
        expr_free(c->regions[i].e);
    }
    flint_free(c->regions);
    for (i = 0; i < c->nplots; i++) {
        case_plot *p = &c->plots[i];
        flint_free(p->name);
        flint_free(p->title);
        flint_free(p->x_label);
        flint_free(p->y_label);
        expr_free(p->x_lo);
        expr_free(p->x_hi);
        expr_free(p->y_lo);
        expr_free(p->y_hi);
        if (p->colours)
            for (j = 0; j < p->nregions; j++) flint_free(p->colours[j]);
        flint_free(p->colours);
        flint_free(p->regions);
    }
    flint_free(c->plots);
    for (i = 0; i < c->npoints; i++) {
        case_point *p = &c->points[i];
        flint_free(p->name);
        for (j = 0; j < p->nset; j++) expr_free(p->set_value[j]);
        flint_free(p->set_value);
        flint_free(p->set_param);
    }
    flint_free(c->points);
    for (i = 0; i < c->nexpect; i++) {
        case_expect *x = &c->expect[i];
        flint_free(x->target);
        expr_free(x->value);
        fmpq_clear(x->tol);
        flint_free(x->status);
        flint_free(x->text);
    }
    flint_free(c->expect);
    for (i = 0; i < c->nclaims; i++) section_clear(&c->claims[i]);
    flint_free(c->claims);
    for (i = 0; i < c->nmodels; i++) section_clear(&c->models[i]);
    flint_free(c->models);
    if (c->scope) expr_scope_free(c->scope);
    flint_free(c->path);
    flint_free(c->id);
    flint_free(c->title);
    flint_free(c->source);
    flint_free(c->template_name);
    flint_free(c->summary);
    memset(c, 0, sizeof *c);
}
