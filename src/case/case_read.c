/* case_read.c -- case_read / case_clear: the file to a validated case_t. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "case/case_impl.h"
#include "base/fc_file.h"
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

/* Moves the [define] entries of inc (a .defs file, path file) in front of
 * those of r's [define] section (made if absent), tagged with file. */
static void prepend_defines(case_raw *r, case_raw *inc, const char *file)
{
    case_raw_section *d = NULL;
    int i, j, n = 0;
    for (i = 0; i < inc->nsections; i++) n += inc->sections[i].nentries;
    for (i = 0; i < r->nsections; i++)
        if (strcmp(r->sections[i].kind, "define") == 0) d = &r->sections[i];
    if (d == NULL) {
        if (r->nsections == r->alloc) {
            r->alloc = r->alloc ? 2 * r->alloc : 8;
            r->sections = flint_realloc(r->sections, r->alloc * sizeof(case_raw_section));
        }
        d = &r->sections[r->nsections++];
        memset(d, 0, sizeof *d);
        d->kind = case_strdup("define");
        d->arg = case_strdup("");
    }
    d->entries = flint_realloc(d->entries, (d->nentries + n + 1) * sizeof(case_raw_entry));
    memmove(d->entries + n, d->entries, d->nentries * sizeof(case_raw_entry));
    for (i = 0, n = 0; i < inc->nsections; i++) {
        for (j = 0; j < inc->sections[i].nentries; j++) {
            d->entries[n] = inc->sections[i].entries[j];
            d->entries[n++].file = file;
        }
        inc->sections[i].nentries = 0;   /* moved */
    }
    d->nentries += n;
    d->alloc = d->nentries;
}

/* [case] include = A.defs[, B.defs]: each a relative path inside the case's
 * folder tree (no leading '/', no '..'), read and checked (INI structure;
 * only [define] sections), its entries put before the case's own [define]
 * entries in the order given. A .defs file cannot include: no cycles. */
static void case_sha256(const char *buf, size_t n, char hex[65]);

static int read_includes(case_t *c, case_raw *r, const char *path, case_error_t *err)
{
    const case_raw_entry *e = NULL;
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t) (slash - path + 1) : 0, a = 0, n;
    int i, j;
    for (i = 0; i < r->nsections && e == NULL; i++)
        if (strcmp(r->sections[i].kind, "case") == 0)
            for (j = 0; j < r->sections[i].nentries; j++)
                if (strcmp(r->sections[i].entries[j].key, "include") == 0) e = &r->sections[i].entries[j];
    if (e == NULL) return 0;
    n = strlen(e->src);
    c->include = flint_calloc(n + 2, sizeof(char *));
    c->include_name = flint_calloc(n + 2, sizeof(char *));
    c->include_sha256 = flint_calloc(n + 2, sizeof *c->include_sha256);
    while (a <= n) {
        size_t b = a, ia, ib;
        int line, col, k, bad;
        char *name, *full, *buf;
        size_t len;
        case_raw inc;
        while (b < n && e->src[b] != ',') b++;
        for (ia = a; ia < b && (e->src[ia] == ' ' || e->src[ia] == '	' || e->src[ia] == '\n'); ia++) ;
        for (ib = b; ib > ia && (e->src[ib - 1] == ' ' || e->src[ib - 1] == '	' || e->src[ib - 1] == '\n'); ib--) ;
        case_pos_advance(e->src, ia, e->line, e->col, &line, &col);
        name = case_strndup(e->src + ia, ib - ia);
        a = b + 1;
        if (ib - ia < 6 || strcmp(name + (ib - ia) - 5, ".defs") != 0) {
            case_error_set(err, line, col, "include must name a .defs file (include = FILE.defs)");
            flint_free(name);
            return -1;
        }
        bad = name[0] == '/' || strcmp(name, "..") == 0 || strncmp(name, "../", 3) == 0 ||
              strstr(name, "/../") != NULL;
        if (bad) {
            case_error_set(err, line, col,
                           "include must be a relative path inside the case's folder (no leading '/', no '..')");
            flint_free(name);
            return -1;
        }
        full = flint_malloc(dirlen + (ib - ia) + 1);
        memcpy(full, path, dirlen);
        memcpy(full + dirlen, name, ib - ia + 1);
        for (k = 0; k < c->ninclude; k++)
            if (strcmp(c->include[k], full) == 0) {
                case_error_set(err, line, col, "'%s' is included twice", full);
                flint_free(full);
                flint_free(name);
                return -1;
            }
        c->include_name[c->ninclude] = name;
        c->include[c->ninclude++] = full;
        {
            /* no symbolic link on the way: an include stays inside the case's folder tree */
            char msg[512], *dir = case_strndup(path, dirlen);
            buf = fc_file_read_nolinks(dir, name, (size_t) CASE_MAX_BYTES, &len, msg, sizeof msg);
            flint_free(dir);
            if (buf == NULL) {
                case_error_set(err, line, col, "include '%s': %s", full, msg);
                return -1;
            }
        }
        case_sha256(buf, len, c->include_sha256[c->ninclude - 1]);   /* the bytes parsed: provenance */
        snprintf(err->file, sizeof err->file, "%s", full);
        memset(&inc, 0, sizeof inc);
        if (case_ini_read(&inc, buf, len, full, err)) {
            flint_free(buf);
            return -1;
        }
        flint_free(buf);
        for (k = 0; k < inc.nsections; k++)
            if (strcmp(inc.sections[k].kind, "define") != 0) {
                case_error_set(err, inc.sections[k].line, inc.sections[k].col,
                               "a .defs file holds only [define] entries, not [%s]", inc.sections[k].kind);
                case_raw_clear(&inc);
                return -1;
            }
        prepend_defines(r, &inc, full);
        case_raw_clear(&inc);
        snprintf(err->file, sizeof err->file, "%s", path);
    }
    return 0;
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

static int read_mode(case_t *c, const char *path, int check, case_error_t *err)
{
    case_raw raw;
    char *buf;
    size_t len = 0;
    int rc;

    memset(c, 0, sizeof *c);
    c->check = check;
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
    rc = read_includes(c, &raw, path, err);
    if (rc == 0) rc = case_validate(c, &raw, err);
    case_raw_clear(&raw);
    if (rc) {
        case_clear(c);
        return -1;
    }
    return 0;
}

int case_read(case_t *c, const char *path, case_error_t *err)
{
    return read_mode(c, path, 0, err);
}

int case_read_check(case_t *c, const char *path, case_error_t *err)
{
    return read_mode(c, path, 1, err);
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
        flint_free(c->defs[i].constraint);
        expr_free(c->defs[i].e);
    }
    flint_free(c->defs);
    for (i = 0; i < c->ninclude; i++) {
        flint_free(c->include[i]);
        flint_free(c->include_name[i]);
    }
    flint_free(c->include);
    flint_free(c->include_name);
    flint_free(c->include_sha256);
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
        for (j = 0; j < p->nlabels; j++) flint_free(p->labels[j]);
        flint_free(p->labels);
        for (j = 0; j < p->nfix; j++) expr_free(p->fix_value[j]);
        flint_free(p->fix_value);
        flint_free(p->fix_param);
        flint_free(p->fix_line);
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
    for (i = 0; i < c->nclaims; i++) {
        case_claim *cl = &c->claims[i];
        flint_free(cl->name);
        flint_free(cl->says);
        flint_free(cl->source);
        expr_free(cl->claim);
        expr_free(cl->model);
        flint_free(cl->over);
    }
    flint_free(c->claims);
    for (i = 0; i < c->ndisplay; i++) {
        flint_free(c->display[i].name);
        flint_free(c->display[i].text);
    }
    flint_free(c->display);
    if (c->scope) expr_scope_free(c->scope);
    flint_free(c->path);
    flint_free(c->id);
    flint_free(c->title);
    flint_free(c->source);
    flint_free(c->template_name);
    flint_free(c->summary);
    flint_free(c->references);
    memset(c, 0, sizeof *c);
}
