/* case_validate.c -- pass 2 of case reading: raw sections -> case_t.
 *
 * Sections are processed in dependency order (case, parameters, define,
 * regions, plots, points, claims, expect); the first error stops reading.
 * Every error carries the line and column of the offending text.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "case/case_impl.h"
#include "case/case_display.h"
#include "base/fc_str.h"
#include "alg/alg.h"
#include "mech/mech.h"
#include "base/fc_strmap.h"

typedef struct {
    case_t *c;
    const case_raw *r;
    case_error_t *err;
    expr_scope_t empty;   /* no names: for constants */
    fc_strmap names;      /* parameter, definition and region names -> line (>= 1) */
} vctx;

/* ---------------------------------------------------------------- helpers */

static int is_name(const char *s)
{
    if (!(isalpha((unsigned char) *s) || *s == '_')) return 0;
    for (s++; *s; s++)
        if (!(isalnum((unsigned char) *s) || *s == '_')) return 0;
    return 1;
}

static void err_expr(vctx *v, const expr_error_t *ee)
{
    case_error_set(v->err, ee->line, ee->col, "%s", ee->msg);
}

static void pos_of(const case_raw_entry *e, size_t off, int *line, int *col)
{
    case_pos_advance(e->src, off, e->line, e->col, line, col);
}

static const case_raw_section *find_section(const case_raw *r, const char *kind)
{
    int i;
    for (i = 0; i < r->nsections; i++)
        if (strcmp(r->sections[i].kind, kind) == 0) return &r->sections[i];
    return NULL;
}

/* Constants of a case (range ends, values, point coordinates) lie in
 * [2^-13300, 2^13300] in magnitude, or are 0: about 10^-4000 .. 10^4000,
 * as for decimal literals (README, Limits). */
#define CASE_MAX_MAG_BITS 13300

/* Parses src[off .. off+len) of entry e at its true position. */
static expr_t parse_part(vctx *v, const case_raw_entry *e, size_t off, size_t len)
{
    char *s = case_strndup(e->src + off, len);
    expr_error_t ee;
    int line, col;
    expr_t x;
    pos_of(e, off, &line, &col);
    x = expr_parse(s, line, col, &ee);
    flint_free(s);
    if (x == NULL) err_expr(v, &ee);
    return x;
}

/* Position of the bound variable of an algebraic call rewritten by
 * alg_rewrite (disc(P, x), res(P, Q, x), root(P, x, LO .. HI, k), maxof(F, x, LO .. HI)
 * and minof, argmax, argmin), or -1. */
static int alg_bound_arg(const expr_node *e)
{
    if (e->kind != EXPR_FUNC || e->fn != FN_USER) return -1;
    if (strcmp(e->name, "disc") == 0 && e->nargs == 2) return 1;
    if (strcmp(e->name, "res") == 0 && e->nargs == 3) return 2;
    if (strcmp(e->name, "root") == 0 && e->nargs == 4) return 1;
    if ((strcmp(e->name, "maxof") == 0 || strcmp(e->name, "minof") == 0 || strcmp(e->name, "argmax") == 0 ||
         strcmp(e->name, "argmin") == 0) && e->nargs == 3)
        return 1;
    return -1;
}

/* Position of the variable bound by e: an algebraic call's, or 0 for
 * exists / forall (args[0]); -1 if e binds nothing. */
static int bound_arg(const expr_node *e)
{
    if (e->kind == EXPR_EXISTS || e->kind == EXPR_FORALL) return 0;
    return alg_bound_arg(e);
}

static int has_alg_call(const expr_node *e)
{
    int i;
    if (alg_bound_arg(e) >= 0) return 1;
    for (i = 0; i < e->nargs; i++)
        if (has_alg_call(e->args[i])) return 1;
    return 0;
}

/* First variable of e not bound by an algebraic call, or NULL. */
static const expr_node *first_free_var(const expr_node *e, const char **bound, int nb)
{
    int i, k = bound_arg(e);
    const char *b[16];
    if (e->kind == EXPR_VAR) {
        for (i = 0; i < nb; i++)
            if (strcmp(bound[i], e->name) == 0) return NULL;
        return e;
    }
    if (k >= 0 && e->args[k]->kind == EXPR_VAR && nb < 16) {
        for (i = 0; i < nb; i++) b[i] = bound[i];
        b[nb++] = e->args[k]->name;
        bound = b;
    }
    for (i = 0; i < e->nargs; i++) {
        const expr_node *r = first_free_var(e->args[i], bound, nb);
        if (r) return r;
    }
    return NULL;
}

static const expr_node *first_var(const expr_node *e)
{
    return first_free_var(e, NULL, 0);
}

/* Rewrites disc/res/root/maxof/minof/argmax/argmin calls of *e (alg_rewrite) if there are any. */
/* 1 if some [point] section sets the parameter name. */
static int point_sets(const case_raw *r, const char *name)
{
    int i, k;
    for (i = 0; i < r->nsections; i++) {
        int pt = strcmp(r->sections[i].kind, "point") == 0, pl = strcmp(r->sections[i].kind, "plot") == 0;
        if (!pt && !pl) continue;
        for (k = 0; k < r->sections[i].nentries; k++) {
            const char *key = r->sections[i].entries[k].key;
            if (pt && strcmp(key, name) == 0) return 1;
            if (pl && strncmp(key, "fix.", 4) == 0 && strcmp(key + 4, name) == 0) return 1;
            if (pl && strcmp(key, "family") == 0) {
                const char *t = r->sections[i].entries[k].src, *colon = strchr(t, ':');
                size_t a = 0, b = colon ? (size_t) (colon - t) : 0, n = strlen(name);
                while (a < b && isspace((unsigned char) t[a])) a++;
                while (b > a && isspace((unsigned char) t[b - 1])) b--;
                if (b - a == n && strncmp(t + a, name, n) == 0) return 1;
            }
        }
    }
    return 0;
}

/* Rewrites the algebraic calls of *e (alg_rewrite). In the case's scope they
 * see the exact values of the fixed parameters that no [point] or plot fix. overrides (a
 * rewritten call is computed once, so an overridden value could not reach it). */
static int rewrite_alg(vctx *v, expr_t *e, expr_scope_t s)
{
    expr_error_t ee;
    expr_t *pv = NULL;
    int i, rc = 0;
    if (!has_alg_call(*e)) return 0;
    if (s == v->c->scope && v->c->nparams > 0) {
        pv = flint_calloc(v->c->nparams, sizeof(expr_t));
        for (i = 0; i < v->c->nparams; i++)
            if (!v->c->params[i].is_range && v->c->params[i].value && !point_sets(v->r, v->c->params[i].name))
                pv[i] = v->c->params[i].value;
    }
    if (alg_rewrite_ext(e, s, (const expr_t *) pv, v->c->prec, &ee) < 0) {
        err_expr(v, &ee);
        rc = -1;
    }
    flint_free(pv);
    return rc;
}

/* Checks that e is a numeric constant without names and encloses it in
 * out. what: the thing in messages ("a parameter's value"). */
static int const_ball(vctx *v, arb_t out, expr_t *ep, const char *what, slong prec)
{
    const expr_node *n = first_var(*ep);
    expr_t e;
    expr_error_t ee;
    expr_status st;
    expr_tv_t tv;
    if (n) {
        case_error_set(v->err, n->line, n->col, "%s must be a constant expression (no names): '%s'",
                       what, n->name);
        return -1;
    }
    if (expr_check(*ep, v->empty, 0, &ee)) {
        err_expr(v, &ee);
        return -1;
    }
    if (rewrite_alg(v, ep, v->empty)) return -1;
    e = *ep;
    st = expr_eval_once(out, &tv, e, v->empty, NULL, prec);
    if (st == EXPR_UNDEFINED) {
        case_error_set(v->err, e->line, e->col, "%s is undefined (outside the domain of a function)", what);
        return -1;
    }
    if (st == EXPR_OVERFLOW) {
        case_error_set(v->err, e->line, e->col, "%s overflows: too large for a finite enclosure", what);
        return -1;
    }
    if (st != EXPR_DEFINED || !arb_is_finite(out)) {
        case_error_set(v->err, e->line, e->col, "cannot certify that %s is defined", what);
        return -1;
    }
    /* exact numbers (cell ends, points, witnesses) are formed from these:
       bounded magnitudes keep their exact decimals short (README, Limits) */
    if (arf_cmpabs_2exp_si(arb_midref(out), CASE_MAX_MAG_BITS) > 0 ||
        mag_cmp_2exp_si(arb_radref(out), CASE_MAX_MAG_BITS) > 0) {
        case_error_set(v->err, e->line, e->col, "%s is too large: beyond 10^4000, the limit of exact numbers", what);
        return -1;
    }
    if (!arf_is_zero(arb_midref(out)) && arf_cmpabs_2exp_si(arb_midref(out), -CASE_MAX_MAG_BITS) < 0) {
        case_error_set(v->err, e->line, e->col,
                       "%s is too close to 0: below 10^-4000 but not 0, the limit of exact numbers", what);
        return -1;
    }
    return 0;
}

/* Structural equality of two ASTs (same text up to spacing). */
static int expr_same(const expr_node *a, const expr_node *b)
{
    int i;
    if (a->kind != b->kind || a->nargs != b->nargs) return 0;
    if (a->kind == EXPR_NUM && !fmpq_equal(a->num, b->num)) return 0;
    if (a->kind == EXPR_BALL && !arb_equal(a->ball, b->ball)) return 0;
    if ((a->kind == EXPR_VAR || a->kind == EXPR_FUNC) && strcmp(a->name, b->name) != 0) return 0;
    for (i = 0; i < a->nargs; i++)
        if (!expr_same(a->args[i], b->args[i])) return 0;
    return 1;
}

/* 1 if a <= b is certain: the same expression, or certified by the balls. */
static int certainly_le(const expr_t ea, const arb_t a, const expr_t eb, const arb_t b)
{
    return expr_same(ea, eb) || arb_le(a, b);
}

/* Offset of the first ".." at parenthesis depth 0 in s[0..n), or -1. */
static long find_dotdot(const char *s, size_t n)
{
    size_t i;
    int depth = 0;
    for (i = 0; i + 1 < n; i++) {
        if (s[i] == '(') depth++;
        else if (s[i] == ')') depth--;
        else if (depth == 0 && s[i] == '.' && s[i + 1] == '.') return (long) i;
    }
    return -1;
}

static void trim_span(const char *s, size_t *a, size_t *b)
{
    while (*a < *b && isspace((unsigned char) s[*a])) (*a)++;
    while (*b > *a && isspace((unsigned char) s[*b - 1])) (*b)--;
}

/* Reads "LO .. HI" in e->src[a..b) into lo, hi and their balls; checks
 * LO < HI certified. Returns 0 or -1. */
static int read_range(vctx *v, const case_raw_entry *e, size_t a, size_t b, long dd,
                      expr_t *lo, expr_t *hi, arb_t lob, arb_t hib, const char *what)
{
    int line, col;
    char w[96];
    *lo = parse_part(v, e, a, dd - a);
    if (*lo == NULL) return -1;
    *hi = parse_part(v, e, dd + 2, b - (dd + 2));
    if (*hi == NULL) return -1;
    snprintf(w, sizeof w, "the lower end of %s", what);
    if (const_ball(v, lob, lo, w, v->c->prec)) return -1;
    snprintf(w, sizeof w, "the upper end of %s", what);
    if (const_ball(v, hib, hi, w, v->c->prec)) return -1;
    if (arb_lt(lob, hib)) return 0;
    pos_of(e, dd, &line, &col);
    if (arb_gt(lob, hib))
        case_error_set(v->err, line, col, "reversed range: LO > HI");
    else if (expr_same(*lo, *hi) || (arb_is_exact(lob) && arb_equal(lob, hib)))
        case_error_set(v->err, line, col, "empty range: LO = HI (write a single value instead)");
    else
        case_error_set(v->err, line, col, "cannot certify LO < HI");
    return -1;
}

/* Where a name already used by a parameter/definition/region was defined
 * (a line >= 1), or 0 (expected O(1): a hash map, so that many names stay linear). */
static int name_taken(const vctx *v, const char *name)
{
    int l = fc_strmap_get(&v->names, name);
    return l > 0 ? l : 0;
}

static void name_record(vctx *v, const char *name, int line)
{
    fc_strmap_put(&v->names, name, line > 0 ? line : 1);
}

static int check_new_name(vctx *v, const case_raw_entry *e)
{
    int l;
    if (!is_name(e->key)) {
        case_error_set(v->err, e->key_line, e->key_col,
                       "'%s' is not a name (letters, digits and _, not starting with a digit)", e->key);
        return -1;
    }
    if (expr_name_reserved(e->key)) {
        case_error_set(v->err, e->key_line, e->key_col,
                       "'%s' is reserved (a constant, keyword or function name)", e->key);
        return -1;
    }
    if ((l = name_taken(v, e->key))) {
        const case_raw_section *d = find_section(v->r, "define");
        const char *other = NULL;
        int i;
        for (i = 0; d && i < d->nentries && &d->entries[i] != e; i++)
            if (strcmp(d->entries[i].key, e->key) == 0) other = d->entries[i].file;
        if (other && other != e->file)
            case_error_set(v->err, e->key_line, e->key_col, "duplicate name '%s' (first defined at %s:%d)",
                           e->key, other, l);
        else
            case_error_set(v->err, e->key_line, e->key_col, "duplicate name '%s' (first defined at line %d)",
                           e->key, l);
        return -1;
    }
    name_record(v, e->key, e->key_line);
    return 0;
}

static int unknown_key(vctx *v, const case_raw_entry *e, const char *sec, const char *expected)
{
    case_error_set(v->err, e->key_line, e->key_col, "unknown key '%s' in [%s]; expected %s", e->key, sec,
                   expected);
    return -1;
}

/* Parses a whole-line integer in [lo, hi]. */
static int read_long(const char *s, long lo, long hi, long *out)
{
    char *end;
    long x;
    errno = 0;
    x = strtol(s, &end, 10);
    if (end == s || *end || errno || x < lo || x > hi) return -1;
    *out = x;
    return 0;
}

/* ---------------------------------------------------------------- [case] */

/* Text that reaches the PDF (titles, source, summary): every character
 * must be in the Basic Multilingual Plane (the PDF fonts are addressed with
 * 16-bit codes: others would vanish without a word), and a title must fit
 * the PDF document information (CASE_MAX_TITLE bytes). Returns 0, or -1
 * with a located error. */
#define CASE_MAX_TITLE 4096
static int check_pdf_text(vctx *v, const case_raw_entry *e, const char *what, size_t max)
{
    const unsigned char *p;
    size_t n = strlen(e->text);
    int line, col;
    if (max && n > max) {
        case_error_set(v->err, e->line, e->col, "%s longer than %zu bytes (%zu)", what, max, n);
        return -1;
    }
    for (p = (const unsigned char *) e->src; *p; p++)
        if (*p >= 0xF0) {   /* a 4-byte UTF-8 sequence: U+10000 and above */
            unsigned long cp = ((unsigned long) (p[0] & 0x07) << 18) | ((unsigned long) (p[1] & 0x3F) << 12) |
                               ((unsigned long) (p[2] & 0x3F) << 6) | (p[3] & 0x3F);
            pos_of(e, (size_t) (p - (const unsigned char *) e->src), &line, &col);
            case_error_set(v->err, line, col,
                           "character U+%04lX in the %s is outside the Basic Multilingual Plane; the PDF "
                           "cannot show it", cp, what);
            return -1;
        }
    return 0;
}

static int read_case_section(vctx *v)
{
    const case_raw_section *s = find_section(v->r, "case");
    case_t *c = v->c;
    int i;
    c->prec = 128;
    if (s == NULL) {
        case_error_set(v->err, 1, 1, "missing [case] section (with title = ...)");
        return -1;
    }
    for (i = 0; i < s->nentries; i++) {
        const case_raw_entry *e = &s->entries[i];
        if (strcmp(e->key, "title") == 0) {
            if (!*e->text) {
                case_error_set(v->err, e->line, e->col, "empty title");
                return -1;
            }
            if (check_pdf_text(v, e, "title", CASE_MAX_TITLE)) return -1;
            c->title = case_strdup(e->text);
        } else if (strcmp(e->key, "source") == 0) {
            if (check_pdf_text(v, e, "source", 0)) return -1;
            c->source = case_strdup(e->text);
        } else if (strcmp(e->key, "references") == 0) {
            if (check_pdf_text(v, e, "references", 0)) return -1;
            c->references = case_strdup(e->text);
        } else if (strcmp(e->key, "summary") == 0) {
            if (check_pdf_text(v, e, "summary", 0)) return -1;
            c->summary = case_strdup(e->text);
        } else if (strcmp(e->key, "template") == 0) {
            const char *p;
            for (p = e->text; *p; p++)
                if (!(isalnum((unsigned char) *p) || *p == '_' || *p == '-')) break;
            if (!*e->text || *p) {
                case_error_set(v->err, e->line, e->col,
                               "template must be a name (letters, digits, _ and -): templates/NAME.tmpl");
                return -1;
            }
            c->template_name = case_strdup(e->text);
            c->template_line = e->line;
            c->template_col = e->col;
        } else if (strcmp(e->key, "precision") == 0) {
            long p;
            if (read_long(e->text, 16, 65536, &p)) {
                case_error_set(v->err, e->line, e->col, "precision must be an integer from 16 to 65536 (bits)");
                return -1;
            }
            c->prec = p;
        } else if (strcmp(e->key, "include") == 0) {
            /* read with the file (case_read.c): its [define] entries lead the case's */
        } else {
            return unknown_key(v, e, "case", "title, source, template, summary, references, precision or include");
        }
    }
    if (c->title == NULL) {
        case_error_set(v->err, s->line, s->col, "[case] needs title = ...");
        return -1;
    }
    if (c->source == NULL) c->source = case_strdup("");
    if (c->template_name == NULL) c->template_name = case_strdup("default");
    return 0;
}

/* ---------------------------------------------------------------- [parameters] */

/* Description text: whitespace runs (newlines included) become one space. */
static char *squeeze(const char *s, size_t a, size_t b)
{
    char *r = flint_malloc(b - a + 1);
    size_t i, n = 0;
    int sp = 0;
    for (i = a; i < b; i++) {
        if (isspace((unsigned char) s[i])) sp = 1;
        else {
            if (sp && n) r[n++] = ' ';
            sp = 0;
            r[n++] = s[i];
        }
    }
    r[n] = 0;
    return r;
}

static int read_param(vctx *v, case_param *p, const case_raw_entry *e)
{
    const char *s = e->src;
    size_t n = strlen(s), a = 0, b;
    const char *colon = strchr(s, ':');
    long dd;
    char what[96];

    p->line = e->key_line;
    if (check_new_name(v, e)) return -1;
    p->name = case_strdup(e->key);
    b = colon ? (size_t) (colon - s) : n;
    if (colon) {
        size_t da = b + 1, db = n;
        trim_span(s, &da, &db);
        if (db > da && s[db - 1] == ']') {
            size_t k = db - 1;
            while (k > da && s[k] != '[') k--;
            if (s[k] == '[') {
                size_t ua = k + 1, ub = db - 1;
                trim_span(s, &ua, &ub);
                p->unit = squeeze(s, ua, ub);
                db = k;
                trim_span(s, &da, &db);
            }
        }
        if (p->unit == NULL) {
            size_t k;
            for (k = da; k < db; k++)
                if (s[k] == '[' && memchr(s + k, ']', db - k) == NULL) {
                    int line, col;
                    pos_of(e, k, &line, &col);
                    case_error_set(v->err, line, col, "missing ']' at the end of the unit");
                    return -1;
                }
        }
        p->desc = squeeze(s, da, db);
    } else {
        p->desc = case_strdup("");
    }
    if (p->unit == NULL) p->unit = case_strdup("");
    dd = find_dotdot(s, b);
    snprintf(what, sizeof what, "the range of '%s'", p->name);
    if (dd >= 0) {
        p->is_range = 1;
        if (read_range(v, e, a, b, dd, &p->lo, &p->hi, p->lo_ball, p->hi_ball, what)) return -1;
        expr_interval_ball(p->value_ball, p->lo_ball, p->hi_ball, v->c->prec);
    } else {
        snprintf(what, sizeof what, "the value of '%s'", p->name);
        p->value = parse_part(v, e, a, b);
        if (p->value == NULL) return -1;
        if (const_ball(v, p->value_ball, &p->value, what, v->c->prec)) return -1;
        arb_set(p->lo_ball, p->value_ball);
        arb_set(p->hi_ball, p->value_ball);
    }
    if (expr_scope_add_param(v->c->scope, p->name) < 0) {
        case_error_set(v->err, e->key_line, e->key_col, "duplicate name '%s'", p->name);
        return -1;
    }
    return 0;
}

static int read_parameters(vctx *v)
{
    const case_raw_section *s = find_section(v->r, "parameters");
    case_t *c = v->c;
    int i;
    if (s == NULL) return 0;
    c->params = flint_calloc(s->nentries ? s->nentries : 1, sizeof(case_param));
    for (i = 0; i < s->nentries; i++) {
        arb_init(c->params[i].value_ball);
        arb_init(c->params[i].lo_ball);
        arb_init(c->params[i].hi_ball);
    }
    c->nparams = s->nentries;
    for (i = 0; i < s->nentries; i++)
        if (read_param(v, &c->params[i], &s->entries[i])) return -1;
    return 0;
}

/* ---------------------------------------------------------------- [define], [regions] */

typedef struct {
    int n;
    const case_raw_entry **entry;   /* defines, then regions */
    expr_t *ast;                    /* parsed; ownership moves into the case */
    int nd;                         /* number of defines */
    fc_strmap index;                /* name -> first k with that name */
} defs_t;

static int defs_find(const defs_t *d, const char *name)
{
    return fc_strmap_get(&d->index, name);
}

/* Appends to *refs (growing it) every definition that e names, once each;
 * mark[k] is 1 for those already in *refs (reset by the caller). The AST
 * walk uses an explicit stack: no recursion, no cap on the references. */
static void collect_refs(const expr_node *e, const defs_t *d, char *mark, int **refs, int *nrefs, int *alloc)
{
    const expr_node **stack = flint_malloc(16 * sizeof(*stack));
    int top = 0, cap = 16, i, k;
    stack[top++] = e;
    while (top > 0) {
        const expr_node *x = stack[--top];
        if (x->kind == EXPR_VAR && (k = defs_find(d, x->name)) >= 0 && !mark[k]) {
            mark[k] = 1;
            if (*nrefs == *alloc) {
                *alloc = *alloc ? 2 * *alloc : 16;
                *refs = flint_realloc(*refs, *alloc * sizeof(int));
            }
            (*refs)[(*nrefs)++] = k;
        }
        if (top + x->nargs > cap) {
            while (top + x->nargs > cap) cap *= 2;
            stack = flint_realloc(stack, cap * sizeof(*stack));
        }
        for (i = x->nargs - 1; i >= 0; i--) stack[top++] = x->args[i];
    }
    flint_free(stack);
}

/* A shortest path from `from` to a definition that refers to `to`, through
 * references (breadth-first, iterative): path[0..*len) receives it, from
 * first. Returns 1 if there is one. */
static int find_path(const defs_t *d, int from, int to, int *path, int *len)
{
    int *parent = flint_malloc(d->n * sizeof(int)), *queue = flint_malloc(d->n * sizeof(int));
    char *mark = flint_calloc(d->n, 1);
    int *refs = NULL, nrefs, alloc = 0, head = 0, tail = 0, found = -1, i, k;
    for (k = 0; k < d->n; k++) parent[k] = -2;   /* -2: not reached */
    parent[from] = -1;
    queue[tail++] = from;
    while (head < tail && found < 0) {
        int u = queue[head++];
        nrefs = 0;
        if (d->ast[u]) collect_refs(d->ast[u], d, mark, &refs, &nrefs, &alloc);
        for (i = 0; i < nrefs; i++) mark[refs[i]] = 0;
        for (i = 0; i < nrefs && found < 0; i++) {
            if (refs[i] == to) found = u;
            else if (parent[refs[i]] == -2) {
                parent[refs[i]] = u;
                queue[tail++] = refs[i];
            }
        }
    }
    *len = 0;
    if (found >= 0) {
        for (k = found; k != -1; k = parent[k]) path[(*len)++] = k;
        for (i = 0; i < *len / 2; i++) {   /* from first */
            k = path[i];
            path[i] = path[*len - 1 - i];
            path[*len - 1 - i] = k;
        }
    }
    flint_free(parent);
    flint_free(queue);
    flint_free(mark);
    flint_free(refs);
    return found >= 0;
}

/* A name used by definition k that is not (yet) in scope but is defined
 * later: "used before its definition", or a cycle. */
static int check_order_b(vctx *v, const defs_t *d, int k, const expr_node *e, const char **bound, int nb)
{
    int i, j, a = bound_arg(e);
    const char *b[16];
    if (e->kind == EXPR_VAR)
        for (i = 0; i < nb; i++)
            if (strcmp(bound[i], e->name) == 0) return 0;
    if (a >= 0 && e->args[a]->kind == EXPR_VAR && nb < 16) {
        for (i = 0; i < nb; i++) b[i] = bound[i];
        b[nb++] = e->args[a]->name;
        bound = b;
    }
    if (e->kind == EXPR_VAR && expr_scope_lookup(v->c->scope, e->name, NULL, NULL) < 0 &&
        (j = defs_find(d, e->name)) >= 0) {
        char msg[400];
        int *path = flint_malloc(d->n * sizeof(int)), len = 0;
        size_t m;
        if (j == k) {
            case_error_set(v->err, e->line, e->col, "'%s' is defined in terms of itself", e->name);
        } else if (find_path(d, j, k, path, &len)) {
            m = (size_t) snprintf(msg, sizeof msg, "definition cycle: %s", d->entry[k]->key);
            for (i = 0; i < len && m < sizeof msg; i++) {
                if (len > 8 && i == 3) {   /* a long cycle: its ends, and how many between */
                    m += (size_t) snprintf(msg + m, sizeof msg - m, " -> ... (%d more)", len - 6);
                    i = len - 4;
                    continue;
                }
                m += (size_t) snprintf(msg + m, sizeof msg - m, " -> %s", d->entry[path[i]]->key);
            }
            if (m < sizeof msg) snprintf(msg + m, sizeof msg - m, " -> %s", d->entry[k]->key);
            case_error_set(v->err, e->line, e->col, "%s", msg);
        } else {
            case_error_set(v->err, e->line, e->col, "'%s' is used before its definition (line %d)", e->name,
                           d->entry[j]->key_line);
        }
        flint_free(path);
        return -1;
    }
    for (i = 0; i < e->nargs; i++)
        if (check_order_b(v, d, k, e->args[i], bound, nb)) return -1;
    return 0;
}

static int check_order(vctx *v, const defs_t *d, int k, const expr_node *e)
{
    return check_order_b(v, d, k, e, NULL, 0);
}

/* Limits on how deep definitions nest, so that every later walk that
 * follows a definition into the ones it names (the compiler, the printers)
 * stays within its stack: at most CASE_MAX_DEF_LEVELS definitions in a
 * chain, and at most CASE_MAX_DEF_DEPTH expression levels along any path
 * through the definitions (one expression alone has at most 10000
 * operations). Documented in README.md (Limits). */
#define CASE_MAX_DEF_LEVELS 256
#define CASE_MAX_DEF_DEPTH 20000

/* levels[i] and depth[i] of definition or region i (defs, then regions; in
 * that order every name refers to an earlier one), computed with an
 * explicit stack; a located error at the first that exceeds a limit. */
static int check_nesting(vctx *v, const defs_t *d, int base)
{
    case_t *c = v->c;
    int n = c->ndefs + c->nregions, i, top, cap = 64, rc = 0;
    int *levels = flint_calloc(n + 1, sizeof(int)), *depth = flint_calloc(n + 1, sizeof(int));
    const expr_node **stack = flint_malloc(cap * sizeof(*stack));
    int *sdepth = flint_malloc(cap * sizeof(int));
    fc_strmap index;
    fc_strmap_init(&index);
    for (i = 0; i < n && rc == 0; i++) {
        const case_def *cd = i < c->ndefs ? &c->defs[i] : &c->regions[i - c->ndefs];
        int lv = 0, dp = 0, k;
        if (cd->e == NULL) continue;
        top = 0;
        stack[top] = cd->e;
        sdepth[top++] = 1;
        while (top > 0) {
            const expr_node *x = stack[--top];
            int dx = sdepth[top], j;
            if (dx > dp) dp = dx;
            if (x->kind == EXPR_VAR && (k = fc_strmap_get(&index, x->name)) >= 0) {
                if (levels[k] > lv) lv = levels[k];
                if (dx + depth[k] > dp) dp = dx + depth[k];
            }
            if (top + x->nargs > cap) {
                while (top + x->nargs > cap) cap *= 2;
                stack = flint_realloc(stack, cap * sizeof(*stack));
                sdepth = flint_realloc(sdepth, cap * sizeof(int));
            }
            for (j = 0; j < x->nargs; j++) {
                stack[top] = x->args[j];
                sdepth[top++] = dx + 1;
            }
        }
        levels[i] = lv + 1;
        depth[i] = dp;
        if (levels[i] > CASE_MAX_DEF_LEVELS || depth[i] > CASE_MAX_DEF_DEPTH) {
            /* its key, if it is a [define] or [regions] entry; else the model's line */
            int e = i < c->ndefs ? i - base : d->nd + (i - c->ndefs);
            int line = e >= 0 ? d->entry[e]->key_line : cd->line, col = e >= 0 ? d->entry[e]->key_col : 1;
            if (levels[i] > CASE_MAX_DEF_LEVELS)
                case_error_set(v->err, line, col,
                               "'%s' rests on a chain of %d definitions; at most %d may be nested", cd->name,
                               levels[i], CASE_MAX_DEF_LEVELS);
            else
                case_error_set(v->err, line, col,
                               "'%s' is nested %d levels deep through its definitions; at most %d are allowed",
                               cd->name, depth[i], CASE_MAX_DEF_DEPTH);
            rc = -1;
        }
        fc_strmap_put(&index, cd->name, i);
    }
    fc_strmap_clear(&index);
    flint_free(levels);
    flint_free(depth);
    flint_free(stack);
    flint_free(sdepth);
    return rc;
}

/* The model section s as mech's typed entries (pointing into s). */
static mech_entry *model_entries(mech_section *ms, const case_raw_section *s)
{
    mech_entry *en = flint_calloc(s->nentries + 1, sizeof(mech_entry));
    int i;
    for (i = 0; i < s->nentries; i++) {
        en[i].key = s->entries[i].key;
        en[i].key_line = s->entries[i].key_line;
        en[i].key_col = s->entries[i].key_col;
        en[i].value = s->entries[i].src;
        en[i].line = s->entries[i].line;
        en[i].col = s->entries[i].col;
    }
    memset(ms, 0, sizeof *ms);
    ms->name = s->arg;
    ms->line = s->line;
    ms->nentries = s->nentries;
    ms->entries = en;
    return en;
}

/* [model NAME] sections, in file order: handed to src/mech as typed
 * entries and turned into definitions (mech_model_build); each model's
 * definitions enter the scope before the next model is built. The
 * definitions are appended to defs / *ndefs (ownership moves). */
static int read_models(vctx *v, case_def **defs, int *ndefs)
{
    const case_raw *r = v->r;
    case_t *c = v->c;
    int i, j, l;
    for (i = 0; i < r->nsections; i++) {
        const case_raw_section *s = &r->sections[i];
        mech_def *md = NULL;
        mech_section ms;
        mech_entry *en;
        int nmd = 0, bad;
        mech_section *pts = NULL;
        int npts = 0;
        if (strcmp(s->kind, "model") != 0) continue;
        if (c->check) {
            /* `fricert check`: the [point] sections, for models that compute less */
            pts = flint_calloc(r->nsections + 1, sizeof(mech_section));
            for (j = 0; j < r->nsections; j++)
                if (strcmp(r->sections[j].kind, "point") == 0) model_entries(&pts[npts++], &r->sections[j]);
        }
        en = model_entries(&ms, s);
        ms.check = c->check;
        ms.npoints = npts;
        ms.points = pts;
        bad = mech_model_build(&md, &nmd, &ms, c->path, c->scope, v->err);
        flint_free(en);
        for (j = 0; j < npts; j++) flint_free((void *) pts[j].entries);
        flint_free(pts);
        if (bad) {
            snprintf(v->err->file, sizeof v->err->file, "%s", c->path);
            return -1;
        }
        *defs = flint_realloc(*defs, (*ndefs + nmd + 1) * sizeof(case_def));
        for (j = 0; j < nmd; j++) {
            case_def *cd = &(*defs)[*ndefs];
            memset(cd, 0, sizeof *cd);
            if ((l = name_taken(v, md[j].name)) || expr_scope_lookup(c->scope, md[j].name, NULL, NULL) >= 0) {
                case_error_set(v->err, s->line, s->col,
                               "model '%s' defines '%s', a name already used (line %d)", s->arg, md[j].name,
                               l ? l : s->line);
                mech_defs_free(md, nmd);
                return -1;
            }
            cd->name = md[j].name;
            cd->e = md[j].e;
            cd->is_bool = md[j].is_bool;
            cd->line = s->line;
            cd->constraint = md[j].constraint;
            md[j].constraint = NULL;
            name_record(v, cd->name, s->line);
            md[j].name = NULL;
            md[j].e = NULL;
            (*ndefs)++;
            c->defs = *defs;
            c->ndefs = *ndefs;
            if (expr_scope_add_def(c->scope, cd->name, cd->e, cd->is_bool) < 0) {
                case_error_set(v->err, s->line, s->col, "model '%s': duplicate name '%s'", s->arg, cd->name);
                mech_defs_free(md, nmd);
                return -1;
            }
        }
        mech_defs_free(md, nmd);
    }
    return 0;
}

/* Errors about entry e are located in its file: an included .defs file or the case. */
static void entry_file(vctx *v, const case_raw_entry *e)
{
    snprintf(v->err->file, sizeof v->err->file, "%s", e->file ? e->file : v->c->path);
}

static int read_defs_and_regions(vctx *v)
{
    const case_raw_section *sd = find_section(v->r, "define");
    const case_raw_section *sr = find_section(v->r, "regions");
    case_t *c = v->c;
    defs_t d;
    int k, nd = sd ? sd->nentries : 0, nr = sr ? sr->nentries : 0, rc = -1, base;

    d.n = nd + nr;
    d.nd = nd;
    d.entry = flint_malloc((d.n + 1) * sizeof(case_raw_entry *));
    d.ast = flint_calloc(d.n + 1, sizeof(expr_t));
    for (k = 0; k < nd; k++) d.entry[k] = &sd->entries[k];
    for (k = 0; k < nr; k++) d.entry[nd + k] = &sr->entries[k];
    fc_strmap_init(&d.index);
    for (k = 0; k < d.n; k++) fc_strmap_put(&d.index, d.entry[k]->key, k);
    c->defs = flint_calloc(1, sizeof(case_def));
    c->ndefs = 0;
    c->regions = flint_calloc(nr + 1, sizeof(case_def));
    if (read_models(v, &c->defs, &c->ndefs)) goto done;
    base = c->ndefs;
    c->defs = flint_realloc(c->defs, (base + nd + 1) * sizeof(case_def));
    memset(c->defs + base, 0, (nd + 1) * sizeof(case_def));

    /* names first (so that duplicates are reported at the later entry), then parse */
    for (k = 0; k < d.n; k++) {
        case_def *cd = k < nd ? &c->defs[base + k] : &c->regions[k - nd];
        entry_file(v, d.entry[k]);
        if (check_new_name(v, d.entry[k])) goto done;
        cd->name = case_strdup(d.entry[k]->key);
        cd->line = d.entry[k]->key_line;
        if (k < nd) c->ndefs = base + k + 1;
        else c->nregions = k - nd + 1;
    }
    for (k = 0; k < d.n; k++) {
        entry_file(v, d.entry[k]);
        d.ast[k] = parse_part(v, d.entry[k], 0, strlen(d.entry[k]->src));
        if (d.ast[k] == NULL) goto done;
    }
    for (k = 0; k < d.n; k++) {
        case_def *cd = k < nd ? &c->defs[base + k] : &c->regions[k - nd];
        const case_raw_entry *e = d.entry[k];
        expr_error_t ee;
        entry_file(v, e);
        if (check_order(v, &d, k, d.ast[k])) goto done;
        if (expr_check(d.ast[k], c->scope, -1, &ee)) {
            err_expr(v, &ee);
            goto done;
        }
        cd->e = d.ast[k];
        d.ast[k] = NULL;
        if (rewrite_alg(v, &cd->e, c->scope)) goto done;
        cd->is_bool = expr_is_bool(cd->e, c->scope);
        if (k >= nd && !cd->is_bool) {
            case_error_set(v->err, e->line, e->col,
                           "region '%s' must be a predicate (a comparison or logic), not a number", e->key);
            goto done;
        }
        if (expr_scope_add_def(c->scope, cd->name, cd->e, cd->is_bool) < 0) {
            case_error_set(v->err, e->key_line, e->key_col, "duplicate name '%s'", cd->name);
            goto done;
        }
    }
    if (check_nesting(v, &d, base)) goto done;
    rc = 0;
    snprintf(v->err->file, sizeof v->err->file, "%s", c->path);
done:
    for (k = 0; k < d.n; k++) expr_free(d.ast[k]);
    flint_free(d.ast);
    flint_free(d.entry);
    fc_strmap_clear(&d.index);
    return rc;
}

/* ---------------------------------------------------------------- [plot NAME] */

/* "NAME" or "NAME : LO .. HI" for a plot axis. */
static int read_axis(vctx *v, case_plot *pl, const case_raw_entry *e, int *axis, expr_t *lo, expr_t *hi)
{
    const char *s = e->src, *colon = strchr(s, ':');
    size_t a = 0, b = colon ? (size_t) (colon - s) : strlen(s);
    char *name;
    int line, col, i;
    case_param *p;

    trim_span(s, &a, &b);
    pos_of(e, a, &line, &col);
    name = case_strndup(s + a, b - a);
    i = case_param_index(v->c, name);
    if (i < 0) {
        case_error_set(v->err, line, col, "unknown parameter '%s'", name);
        flint_free(name);
        return -1;
    }
    p = &v->c->params[i];
    if (!p->is_range) {
        case_error_set(v->err, line, col,
                       "'%s' is not a range parameter (plot axes need NAME = LO .. HI in [parameters])", name);
        flint_free(name);
        return -1;
    }
    flint_free(name);
    *axis = i;
    if (colon) {
        size_t ra = (size_t) (colon - s) + 1, rb = strlen(s);
        long dd = find_dotdot(s + ra, rb - ra);
        arb_t l, h;
        int rc = 0;
        char what[96];
        if (dd < 0) {
            pos_of(e, ra, &line, &col);
            case_error_set(v->err, line, col, "expected LO .. HI after ':'");
            return -1;
        }
        arb_init(l);
        arb_init(h);
        snprintf(what, sizeof what, "the plot range of '%s'", p->name);
        rc = read_range(v, e, ra, rb, ra + dd, lo, hi, l, h, what);
        if (rc == 0 && !(certainly_le(p->lo, p->lo_ball, *lo, l) && certainly_le(*hi, h, p->hi, p->hi_ball))) {
            while (isspace((unsigned char) s[ra])) ra++;
            pos_of(e, ra, &line, &col);
            if (arb_lt(l, p->lo_ball) || arb_gt(h, p->hi_ball))
                case_error_set(v->err, line, col, "plot range is outside the range of parameter '%s'",
                               p->name);
            else
                case_error_set(v->err, line, col,
                               "cannot certify that the plot range lies inside the range of parameter '%s'",
                               p->name);
            rc = -1;
        }
        arb_clear(l);
        arb_clear(h);
        return rc;
    }
    *lo = expr_copy(p->lo);
    *hi = expr_copy(p->hi);
    (void) pl;
    return 0;
}

/* `labels = A, B, ...`: distinct boolean definitions or regions, at most
 * CASE_PLOT_MAX_LABELS; no `regions` or `colour.*` keys with it. */
static int read_plot_labels(vctx *v, case_plot *pl, const case_raw_section *s, const case_raw_entry *elab,
                            const case_raw_entry *ereg)
{
    case_t *c = v->c;
    const char *t = elab->src;
    size_t a = 0, n = strlen(t);
    int i, j;

    if (ereg) {
        case_error_set(v->err, ereg->line, ereg->col, "a plot has either regions or labels, not both");
        return -1;
    }
    for (i = 0; i < s->nentries; i++)
        if (strncmp(s->entries[i].key, "colour.", 7) == 0 || strncmp(s->entries[i].key, "color.", 6) == 0) {
            case_error_set(v->err, s->entries[i].key_line, s->entries[i].key_col,
                           "a plot with labels colours its label combinations itself");
            return -1;
        }
    pl->labels = flint_calloc(CASE_PLOT_MAX_LABELS + 1, sizeof(char *));
    while (a <= n) {
        size_t b = a, ia, ib;
        int line, col, d;
        char *name;
        while (b < n && t[b] != ',') b++;
        ia = a;
        ib = b;
        trim_span(t, &ia, &ib);
        pos_of(elab, ia, &line, &col);
        if (ia == ib) {
            case_error_set(v->err, line, col, "expected a label: a boolean definition or a region");
            return -1;
        }
        name = case_strndup(t + ia, ib - ia);
        d = case_def_index(c, name);
        if (case_region_index(c, name) < 0 && (d < 0 || !c->defs[d].is_bool)) {
            case_error_set(v->err, line, col, "'%s' is not a boolean definition or a region", name);
            flint_free(name);
            return -1;
        }
        for (j = 0; j < pl->nlabels; j++)
            if (strcmp(pl->labels[j], name) == 0) {
                case_error_set(v->err, line, col, "label '%s' listed twice", name);
                flint_free(name);
                return -1;
            }
        if (pl->nlabels == CASE_PLOT_MAX_LABELS) {
            case_error_set(v->err, line, col, "at most %d labels in a plot", CASE_PLOT_MAX_LABELS);
            flint_free(name);
            return -1;
        }
        pl->labels[pl->nlabels++] = name;
        a = b + 1;
    }
    return 0;
}

/* fix.NAME = VALUE entries of a plot: NAME a parameter that is not an axis,
 * fixed once; VALUE numeric, in the parameters that this plot does not fix
 * (the axes included: a dependent coordinate, e.g. fix.y = h*sin(theta)). */
static int read_plot_fixes(vctx *v, case_plot *pl, const case_raw_section *s)
{
    case_t *c = v->c;
    expr_scope_t ps;
    int i, j, rc = -1;
    pl->fix_param = flint_malloc((s->nentries + 1) * sizeof(int));
    pl->fix_value = flint_calloc(s->nentries + 1, sizeof(expr_t));
    pl->fix_line = flint_malloc((s->nentries + 1) * sizeof(int));
    for (i = 0; i < s->nentries; i++) {
        const case_raw_entry *e = &s->entries[i];
        int k;
        if (strncmp(e->key, "fix.", 4) != 0) continue;
        k = case_param_index(c, e->key + 4);
        if (k < 0) {
            case_error_set(v->err, e->key_line, e->key_col + 4, "unknown parameter '%s'", e->key + 4);
            return -1;
        }
        if (k == pl->x || k == pl->y) {
            case_error_set(v->err, e->key_line, e->key_col + 4,
                           "'%s' is an axis of this plot: only other parameters can be fixed", e->key + 4);
            return -1;
        }
        for (j = 0; j < pl->nfix; j++)
            if (pl->fix_param[j] == k) {
                case_error_set(v->err, e->key_line, e->key_col + 4, "parameter '%s' fixed twice (line %d)",
                               e->key + 4, pl->fix_line[j]);
                return -1;
            }
        pl->fix_param[pl->nfix] = k;
        pl->fix_line[pl->nfix] = e->key_line;
        pl->nfix++;
    }
    if (pl->nfix == 0) return 0;
    /* the values see the parameters this plot does not fix, and nothing else */
    ps = expr_scope_new();
    for (i = 0; i < c->nparams; i++) {
        for (j = 0; j < pl->nfix; j++)
            if (pl->fix_param[j] == i) break;
        char hidden[300];
        snprintf(hidden, sizeof hidden, "fix.%s", c->params[i].name); /* not an identifier: never referenced */
        expr_scope_add_param(ps, j < pl->nfix ? hidden : c->params[i].name);
    }
    for (i = 0, j = 0; i < s->nentries; i++) {
        const case_raw_entry *e = &s->entries[i];
        expr_error_t ee;
        if (strncmp(e->key, "fix.", 4) != 0) continue;
        pl->fix_value[j] = parse_part(v, e, 0, strlen(e->src));
        if (pl->fix_value[j] == NULL) goto done;
        if (expr_check(pl->fix_value[j], ps, 0, &ee)) {
            if (strncmp(ee.msg, "unknown name", 12) == 0)
                snprintf(ee.msg + strlen(ee.msg), sizeof ee.msg - strlen(ee.msg),
                         " (a plot's fixed value may use only the parameters it does not fix)");
            err_expr(v, &ee);
            goto done;
        }
        j++;
    }
    rc = 0;
done:
    expr_scope_free(ps);
    return rc;
}

static int read_plot(vctx *v, case_plot *pl, const case_raw_section *s)
{
    const case_raw_entry *ex = NULL, *ey = NULL, *ereg = NULL, *elab = NULL;
    case_t *c = v->c;
    int i, j;

    pl->name = case_strdup(s->arg);
    pl->line = s->line;
    pl->depth = 10;
    pl->x = pl->y = -1;
    for (i = 0; i < s->nentries; i++) {
        const case_raw_entry *e = &s->entries[i];
        const char *k = e->key;
        if (strcmp(k, "x") == 0) ex = e;
        else if (strcmp(k, "y") == 0) ey = e;
        else if (strcmp(k, "regions") == 0) ereg = e;
        else if (strcmp(k, "labels") == 0) elab = e;
        else if (strcmp(k, "title") == 0) {
            if (check_pdf_text(v, e, "title", CASE_MAX_TITLE)) return -1;
            pl->title = case_strdup(e->text);
        }
        else if (strcmp(k, "x_label") == 0) pl->x_label = case_strdup(e->text);
        else if (strcmp(k, "y_label") == 0) pl->y_label = case_strdup(e->text);
        else if (strcmp(k, "depth") == 0) {
            long d;
            if (read_long(e->text, 1, 24, &d)) {
                case_error_set(v->err, e->line, e->col, "depth must be an integer from 1 to 24");
                return -1;
            }
            pl->depth = (int) d;
        } else if (strcmp(k, "max_cells") == 0) {
            long m;
            if (read_long(e->text, 0, 2000000000L, &m)) {
                case_error_set(v->err, e->line, e->col, "max_cells must be an integer >= 0 (0: no limit)");
                return -1;
            }
            pl->max_cells = m;
        } else if (strcmp(k, "seconds") == 0) {
            char *end;
            double t = strtod(e->text, &end);
            if (end == e->text || *end || !(t >= 0) || !isfinite(t)) {
                case_error_set(v->err, e->line, e->col, "seconds must be a number >= 0 (0: no limit)");
                return -1;
            }
            pl->seconds = t;
        } else if (strncmp(k, "colour.", 7) == 0 || strncmp(k, "color.", 6) == 0 ||
                   strncmp(k, "fix.", 4) == 0 || strcmp(k, "family") == 0) {
            /* checked below, once the axes and the shown regions are known */
        } else {
            return unknown_key(v, e, "plot",
                               "x, y, depth, max_cells, seconds, title, x_label, y_label, regions, "
                               "labels, colour.REGION, fix.PARAMETER or family");
        }
    }
    if (ex == NULL || ey == NULL) {
        case_error_set(v->err, s->line, s->col, "[plot %s] needs %s = PARAMETER", s->arg, ex ? "y" : "x");
        return -1;
    }
    if (read_axis(v, pl, ex, &pl->x, &pl->x_lo, &pl->x_hi)) return -1;
    if (read_axis(v, pl, ey, &pl->y, &pl->y_lo, &pl->y_hi)) return -1;
    if (pl->x == pl->y) {
        case_error_set(v->err, ey->line, ey->col, "x and y are the same parameter '%s'",
                       c->params[pl->x].name);
        return -1;
    }
    if (read_plot_fixes(v, pl, s)) return -1;
    if (elab && pl->nfix > 0) {
        case_error_set(v->err, elab->line, elab->col, "a plot with labels cannot fix parameters or be a family (yet)");
        return -1;
    }
    if (elab) return read_plot_labels(v, pl, s, elab, ereg);
    if (c->nregions == 0) {
        case_error_set(v->err, s->line, s->col, "[plot %s] has nothing to show: the case has no [regions]",
                       s->arg);
        return -1;
    }
    pl->regions = flint_malloc(c->nregions * sizeof(int));
    if (ereg) {
        const char *t = ereg->src;
        size_t a = 0, n = strlen(t);
        while (a <= n) {
            size_t b = a, ia, ib;
            int line, col, r;
            char *name;
            while (b < n && t[b] != ',') b++;
            ia = a;
            ib = b;
            trim_span(t, &ia, &ib);
            pos_of(ereg, ia, &line, &col);
            if (ia == ib) {
                case_error_set(v->err, line, col, "expected a region name");
                return -1;
            }
            name = case_strndup(t + ia, ib - ia);
            r = case_region_index(c, name);
            if (r < 0) {
                case_error_set(v->err, line, col, "unknown region '%s'", name);
                flint_free(name);
                return -1;
            }
            flint_free(name);
            for (j = 0; j < pl->nregions; j++)
                if (pl->regions[j] == r) {
                    case_error_set(v->err, line, col, "region '%s' listed twice", c->regions[r].name);
                    return -1;
                }
            if (pl->nregions == c->nregions) return -1; /* unreachable: duplicates caught above */
            pl->regions[pl->nregions++] = r;
            a = b + 1;
        }
    } else {
        for (j = 0; j < c->nregions; j++) pl->regions[pl->nregions++] = j;
    }
    pl->colours = flint_calloc(pl->nregions, sizeof(char *));
    for (i = 0; i < s->nentries; i++) {
        const case_raw_entry *e = &s->entries[i];
        const char *rn;
        int r, ok, q;
        if (strncmp(e->key, "colour.", 7) == 0) rn = e->key + 7;
        else if (strncmp(e->key, "color.", 6) == 0) rn = e->key + 6;
        else continue;
        r = case_region_index(c, rn);
        if (r < 0) {
            case_error_set(v->err, e->key_line, e->key_col + (int) (rn - e->key), "unknown region '%s'", rn);
            return -1;
        }
        for (j = 0; j < pl->nregions; j++)
            if (pl->regions[j] == r) break;
        if (j == pl->nregions) {
            case_error_set(v->err, e->key_line, e->key_col + (int) (rn - e->key),
                           "region '%s' is not shown in this plot", rn);
            return -1;
        }
        ok = strlen(e->text) == 7 && e->text[0] == '#';
        for (q = 1; ok && q < 7; q++) ok = isxdigit((unsigned char) e->text[q]) != 0;
        if (!ok) {
            case_error_set(v->err, e->line, e->col, "colour must be #rrggbb (six hexadecimal digits)");
            return -1;
        }
        pl->colours[j] = case_strdup(e->text);
    }
    return 0;
}

#define CASE_MAX_FAMILY 24

/* family = NAME : v1, v2, ... of a plot section, or NULL. */
static const case_raw_entry *family_entry(const case_raw_section *s)
{
    int i;
    for (i = 0; i < s->nentries; i++)
        if (strcmp(s->entries[i].key, "family") == 0) return &s->entries[i];
    return NULL;
}

/* Splits a family entry: *param (a parameter that is not an axis of pl and
 * that pl does not fix), values[0..*n) (constant expressions, owned by the
 * caller) and texts (as written, owned). */
static int read_family(vctx *v, const case_plot *pl, const case_raw_entry *e, int *param, expr_t *values,
                       char **texts, int *n)
{
    const char *t = e->src, *colon = strchr(t, ':');
    size_t a = 0, b, len = strlen(t);
    int line, col, k, j;
    char *name;
    *n = 0;
    if (colon == NULL) {
        case_error_set(v->err, e->line, e->col, "family must be NAME : VALUE, VALUE, ...");
        return -1;
    }
    b = (size_t) (colon - t);
    trim_span(t, &a, &b);
    pos_of(e, a, &line, &col);
    name = case_strndup(t + a, b - a);
    k = case_param_index(v->c, name);
    if (k < 0) {
        case_error_set(v->err, line, col, "unknown parameter '%s'", name);
        flint_free(name);
        return -1;
    }
    flint_free(name);
    if (k == pl->x || k == pl->y) {
        case_error_set(v->err, line, col, "'%s' is an axis of this plot: a family runs over another parameter",
                       v->c->params[k].name);
        return -1;
    }
    for (j = 0; j < pl->nfix; j++)
        if (pl->fix_param[j] == k) {
            case_error_set(v->err, line, col, "'%s' is both fixed (fix.%s, line %d) and the family's parameter",
                           v->c->params[k].name, v->c->params[k].name, pl->fix_line[j]);
            return -1;
        }
    *param = k;
    a = (size_t) (colon - t) + 1;
    while (a <= len) {
        size_t ia, ib;
        arb_t x;
        b = a;
        while (b < len && t[b] != ',') b++;
        ia = a;
        ib = b;
        trim_span(t, &ia, &ib);
        pos_of(e, ia, &line, &col);
        if (ia == ib) {
            case_error_set(v->err, line, col, "expected a value of the family");
            return -1;
        }
        if (*n == CASE_MAX_FAMILY) {
            case_error_set(v->err, line, col, "a family has at most %d values", CASE_MAX_FAMILY);
            return -1;
        }
        values[*n] = parse_part(v, e, ia, ib - ia);
        if (values[*n] == NULL) return -1;
        texts[*n] = case_strndup(t + ia, ib - ia);
        (*n)++;
        arb_init(x);
        k = const_ball(v, x, &values[*n - 1], "a family value", v->c->prec);
        arb_clear(x);
        if (k) return -1;
        a = b + 1;
    }
    if (*n < 2) {
        case_error_set(v->err, e->line, e->col, "a family needs at least two values (else use fix.NAME = VALUE)");
        return -1;
    }
    return 0;
}

static int read_plots(vctx *v)
{
    const case_raw *r = v->r;
    case_t *c = v->c;
    int i, j, n = 0;
    for (i = 0; i < r->nsections; i++)
        if (strcmp(r->sections[i].kind, "plot") == 0) n += family_entry(&r->sections[i]) ? CASE_MAX_FAMILY : 1;
    c->plots = flint_calloc(n + 1, sizeof(case_plot));
    for (i = 0; i < r->nsections; i++) {
        const case_raw_section *s = &r->sections[i];
        const case_raw_entry *fe;
        expr_t values[CASE_MAX_FAMILY];
        char *texts[CASE_MAX_FAMILY];
        int nv = 0, param = -1, rc, first;
        if (strcmp(s->kind, "plot") != 0) continue;
        c->nplots++;
        if (read_plot(v, &c->plots[c->nplots - 1], s)) return -1;
        fe = family_entry(s);
        if (fe == NULL) continue;
        /* one plot per value: PLOT_1, PLOT_2, ..., each with fix.NAME = value */
        rc = read_family(v, &c->plots[c->nplots - 1], fe, &param, values, texts, &nv);
        first = c->nplots - 1;
        for (j = 0; j < nv && rc == 0; j++) {
            case_plot *pl = &c->plots[first + j];
            char *old_title, *nm;
            if (j > 0) {
                c->nplots++;
                if (read_plot(v, pl, s)) { rc = -1; break; }
            }
            nm = fc_printf("%s_%d", s->arg, j + 1);
            flint_free(pl->name);
            pl->name = nm;
            old_title = pl->title;
            pl->title = old_title ? fc_printf("%s (%s = %s)", old_title, c->params[param].name, texts[j])
                                  : fc_printf("%s = %s", c->params[param].name, texts[j]);
            flint_free(old_title);
            pl->fix_param[pl->nfix] = param;
            pl->fix_value[pl->nfix] = values[j];
            values[j] = NULL;
            pl->fix_line[pl->nfix] = fe->line;
            pl->nfix++;
        }
        for (j = 0; j < nv; j++) {
            expr_free(values[j]);
            flint_free(texts[j]);
        }
        if (rc) return -1;
    }
    /* a family member's name must not be another plot's */
    for (i = 0; i < c->nplots; i++)
        for (j = 0; j < i; j++)
            if (strcmp(c->plots[i].name, c->plots[j].name) == 0) {
                case_error_set(v->err, c->plots[i].line, 1, "plot name '%s' is used twice (a family makes "
                               "PLOT_1, PLOT_2, ...)", c->plots[i].name);
                return -1;
            }
    return 0;
}

/* ---------------------------------------------------------------- [point NAME] */

static int read_point(vctx *v, case_point *pt, const case_raw_section *s)
{
    case_t *c = v->c;
    int i;
    arb_t x;
    pt->name = case_strdup(s->arg);
    pt->line = s->line;
    pt->set_param = flint_malloc((s->nentries + 1) * sizeof(int));
    pt->set_value = flint_calloc(s->nentries + 1, sizeof(expr_t));
    arb_init(x);
    for (i = 0; i < s->nentries; i++) {
        const case_raw_entry *e = &s->entries[i];
        int k = case_param_index(c, e->key);
        expr_t val;
        char what[96];
        if (k < 0) {
            case_error_set(v->err, e->key_line, e->key_col, "unknown parameter '%s'", e->key);
            goto fail;
        }
        val = parse_part(v, e, 0, strlen(e->src));
        if (val == NULL) goto fail;
        pt->set_param[pt->nset] = k;
        pt->set_value[pt->nset] = val;
        snprintf(what, sizeof what, "a point value");
        if (const_ball(v, x, &pt->set_value[pt->nset++], what, c->prec)) goto fail;
    }
    arb_clear(x);
    return 0;
fail:
    arb_clear(x);
    return -1;
}

static int read_points(vctx *v)
{
    const case_raw *r = v->r;
    case_t *c = v->c;
    int i, n = 0;
    for (i = 0; i < r->nsections; i++) n += strcmp(r->sections[i].kind, "point") == 0;
    c->points = flint_calloc(n + 1, sizeof(case_point));
    for (i = 0; i < r->nsections; i++)
        if (strcmp(r->sections[i].kind, "point") == 0) {
            c->npoints++;
            if (read_point(v, &c->points[c->npoints - 1], &r->sections[i])) return -1;
        }
    return 0;
}

/* ---------------------------------------------------------------- [claim NAME] */

/* Builds the typed claim cl from its section: every key checked and
 * resolved (predicates parsed and checked, parameters to indices). */
static int read_claim(vctx *v, case_claim *cl, const case_raw_section *s)
{
    static const char *kinds[] = {"equivalent", "implies", "implied_by", "threshold", "identity", NULL};
    int i, k;
    cl->name = case_strdup(s->arg);
    cl->line = s->line;
    cl->col = 1;
    cl->kind = CASE_CLAIM_EQUIVALENT;
    cl->param = -1;
    for (i = 0; i < s->nentries; i++) {
        const case_raw_entry *e = &s->entries[i];
        if (strcmp(e->key, "kind") == 0) {
            for (k = 0; kinds[k]; k++)
                if (strcmp(e->text, kinds[k]) == 0) break;
            if (!kinds[k]) {
                case_error_set(v->err, e->line, e->col,
                               "kind must be equivalent, implies, implied_by, threshold or identity");
                return -1;
            }
            cl->kind = (case_claim_kind) k;
        } else if (strcmp(e->key, "claim") == 0 || strcmp(e->key, "model") == 0) {
            expr_error_t ee;
            expr_t x = parse_part(v, e, 0, strlen(e->src));
            expr_t *slot = e->key[0] == 'c' ? &cl->claim : &cl->model;
            if (x == NULL) return -1;
            if (expr_check(x, v->c->scope, -1, &ee)) {
                err_expr(v, &ee);
                expr_free(x);
                return -1;
            }
            expr_free(*slot);
            *slot = x;   /* predicate or number: checked below, once the kind is known */
            if (e->key[0] == 'c') {
                cl->claim_line = e->line;
                cl->claim_col = e->col;
            } else {
                cl->model_line = e->line;
                cl->model_col = e->col;
            }
        } else if (strcmp(e->key, "over") == 0) {
            /* a comma-separated list of range parameters */
            const char *t = e->src;
            size_t a = 0, n = strlen(t);
            cl->over_line = e->line;
            cl->over_col = e->col;
            flint_free(cl->over);
            cl->nover = 0;
            cl->over = flint_malloc((n + 2) * sizeof(int));
            while (a <= n) {
                size_t b = a, ia, ib;
                int line, col, p;
                char *name;
                while (b < n && t[b] != ',') b++;
                ia = a;
                ib = b;
                trim_span(t, &ia, &ib);
                pos_of(e, ia, &line, &col);
                name = case_strndup(t + ia, ib - ia);
                p = case_param_index(v->c, name);
                flint_free(name);
                if (p < 0 || !v->c->params[p].is_range) {
                    case_error_set(v->err, line, col, "over must list range parameters (over = a, b)");
                    return -1;
                }
                cl->over[cl->nover++] = p;
                a = b + 1;
            }
        } else if (strcmp(e->key, "param") == 0) {
            int p = case_param_index(v->c, e->text);
            if (p < 0 || !v->c->params[p].is_range) {
                case_error_set(v->err, e->line, e->col, "param must name a range parameter");
                return -1;
            }
            cl->param = p;
            cl->param_line = e->line;
            cl->param_col = e->col;
        } else if (strcmp(e->key, "depth") == 0) {
            long d;
            if (read_long(e->text, 1, 24, &d)) {
                case_error_set(v->err, e->line, e->col, "depth must be an integer from 1 to 24");
                return -1;
            }
            cl->depth = (int) d;
            cl->depth_line = e->line;
            cl->depth_col = e->col;
        } else if (strcmp(e->key, "says") == 0 || strcmp(e->key, "source") == 0) {
            char **slot = e->key[1] == 'a' ? &cl->says : &cl->source;
            flint_free(*slot);
            *slot = case_strdup(e->text);
        } else {
            case_error_set(v->err, e->key_line, e->key_col,
                           "unknown key '%s' in [claim %s]; expected says, source, kind, claim, model, over, "
                           "param or depth", e->key, s->arg);
            return -1;
        }
    }
    for (k = 0; k < 2; k++) {
        expr_t x = k ? cl->model : cl->claim;
        int line = k ? cl->model_line : cl->claim_line, col = k ? cl->model_col : cl->claim_col;
        int is_bool;
        if (x == NULL) continue;
        is_bool = expr_is_bool(x, v->c->scope);
        if (cl->kind == CASE_CLAIM_IDENTITY && is_bool) {
            case_error_set(v->err, line, col, "%s must be a number for kind = identity, not a predicate",
                           k ? "model" : "claim");
            return -1;
        }
        if (cl->kind != CASE_CLAIM_IDENTITY && !is_bool) {
            case_error_set(v->err, line, col, "%s must be a predicate, not a number", k ? "model" : "claim");
            return -1;
        }
    }
    if (cl->kind == CASE_CLAIM_IDENTITY && (cl->nover > 0 || cl->param >= 0)) {
        case_error_set(v->err, cl->nover > 0 ? cl->over_line : cl->param_line,
                       cl->nover > 0 ? cl->over_col : cl->param_col,
                       "an identity claim is decided over the case's whole box: no %s",
                       cl->nover > 0 ? "over" : "param");
        return -1;
    }
    return 0;
}

/* Every definition and region compiles (e.g. no exponent too large to use). */
static int check_compiles(vctx *v)
{
    case_t *c = v->c;
    int n = c->ndefs + c->nregions, i;
    expr_t *roots;
    expr_prog_t prog;
    expr_error_t ee;
    if (n == 0) return 0;
    roots = flint_malloc(n * sizeof(expr_t));
    for (i = 0; i < c->ndefs; i++) roots[i] = c->defs[i].e;
    for (i = 0; i < c->nregions; i++) roots[c->ndefs + i] = c->regions[i].e;
    ee.msg[0] = 0;
    prog = expr_compile(roots, n, c->scope, &ee);
    flint_free(roots);
    if (prog == NULL) {
        err_expr(v, &ee);
        return -1;
    }
    expr_prog_free(prog);
    return 0;
}

static int read_claims(vctx *v)
{
    const case_raw *r = v->r;
    case_t *c = v->c;
    int i, nc = 0;
    for (i = 0; i < r->nsections; i++) nc += strcmp(r->sections[i].kind, "claim") == 0;
    c->claims = flint_calloc(nc + 1, sizeof(case_claim));
    for (i = 0; i < r->nsections; i++) {
        const case_raw_section *s = &r->sections[i];
        if (strcmp(s->kind, "claim") == 0) {
            if (read_claim(v, &c->claims[c->nclaims++], s)) return -1;
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- [expect] */

static int claim_index(const case_t *c, const char *name)
{
    int i;
    for (i = 0; i < c->nclaims; i++)
        if (strcmp(c->claims[i].name, name) == 0) return i;
    return -1;
}

static int read_expect_line(vctx *v, case_expect *x, const case_raw_entry *e)
{
    case_t *c = v->c;
    const char *key = e->key, *at;
    size_t n;
    int kind;

    x->line = e->key_line;
    x->point = -1;
    n = strlen(e->key) + strlen(e->text) + 4;
    x->text = flint_malloc(n);
    snprintf(x->text, n, "%s = %s", e->key, e->text);

    if (strncmp(key, "claim.", 6) == 0) {
        static const char *st[] = {"proved", "refuted", "consistent", "inconclusive", NULL};
        int k;
        x->kind = CASE_EXPECT_CLAIM;
        x->target = case_strdup(key + 6);
        if (claim_index(c, x->target) < 0) {
            case_error_set(v->err, e->key_line, e->key_col + 6, "unknown claim '%s'", x->target);
            return -1;
        }
        for (k = 0; st[k]; k++)
            if (strcmp(e->text, st[k]) == 0) break;
        if (!st[k]) {
            case_error_set(v->err, e->line, e->col, "expected proved, refuted, consistent or inconclusive");
            return -1;
        }
        x->status = case_strdup(e->text);
        return 0;
    }
    at = strchr(key, '@');
    x->target = at ? case_strndup(key, at - key) : case_strdup(key);
    if (at) {
        x->point = case_point_index(c, at + 1);
        if (x->point < 0) {
            case_error_set(v->err, e->key_line, e->key_col + (int) (at + 1 - key), "unknown point '%s'", at + 1);
            return -1;
        }
    }
    kind = expr_scope_lookup(c->scope, x->target, NULL, NULL);
    if (kind < 0) {
        case_error_set(v->err, e->key_line, e->key_col, "unknown name '%s' (not a parameter, definition or region)",
                       x->target);
        return -1;
    }
    if (strcmp(e->text, "true") == 0 || strcmp(e->text, "false") == 0 || strcmp(e->text, "unknown") == 0) {
        x->kind = CASE_EXPECT_TRUTH;
        x->truth = e->text[0] == 't' ? EXPR_TV_TRUE : e->text[0] == 'f' ? EXPR_TV_FALSE : EXPR_TV_UNKNOWN;
        if (kind != 2) {
            case_error_set(v->err, e->line, e->col, "'%s' is a number; expected VALUE +/- TOL", x->target);
            return -1;
        }
        return 0;
    }
    x->kind = CASE_EXPECT_VALUE;
    if (kind == 2) {
        case_error_set(v->err, e->line, e->col, "'%s' is a predicate; expected true, false or unknown",
                       x->target);
        return -1;
    }
    {
        const char *pm = strstr(e->src, "+/-");
        size_t ta, tb;
        int line, col;
        char *tol;
        arb_t b;
        int rc;
        if (pm == NULL) {
            case_error_set(v->err, e->line, e->col, "expected VALUE +/- TOL");
            return -1;
        }
        x->value = parse_part(v, e, 0, pm - e->src);
        if (x->value == NULL) return -1;
        arb_init(b);
        rc = const_ball(v, b, &x->value, "an expected value", c->prec);
        arb_clear(b);
        if (rc) return -1;
        ta = (pm - e->src) + 3;
        tb = strlen(e->src);
        trim_span(e->src, &ta, &tb);
        pos_of(e, ta, &line, &col);
        tol = case_strndup(e->src + ta, tb - ta);
        rc = expr_parse_fmpq(x->tol, tol);
        flint_free(tol);
        if (rc) {
            case_error_set(v->err, line, col, "tolerance must be an exact number such as 1e-20 or 1/1000");
            return -1;
        }
        if (fmpq_sgn(x->tol) < 0) {
            case_error_set(v->err, line, col, "tolerance must be >= 0");
            return -1;
        }
    }
    return 0;
}

static int read_expect(vctx *v)
{
    const case_raw_section *s = find_section(v->r, "expect");
    case_t *c = v->c;
    int i, n = s ? s->nentries : 0;
    c->expect = flint_calloc(n + 1, sizeof(case_expect));
    for (i = 0; i < n; i++) fmpq_init(c->expect[i].tol);
    c->nexpect = n;
    for (i = 0; i < n; i++)
        if (read_expect_line(v, &c->expect[i], &s->entries[i])) return -1;
    return 0;
}

/* [display]: every key a parameter, definition or region, given once; every
 * value a display string (case_display.h). */
static int read_display(vctx *v)
{
    const case_raw_section *s = find_section(v->r, "display");
    int i, j;
    if (s == NULL) return 0;
    for (i = 0; i < s->nentries; i++) {
        const case_raw_entry *e = &s->entries[i];
        case_display_node *n;
        size_t off;
        const char *msg;
        int line, col;
        if (!name_taken(v, e->key)) {
            case_error_set(v->err, e->key_line, e->key_col,
                           "[display] names '%s', which is not a parameter, definition or region", e->key);
            return -1;
        }
        for (j = 0; j < i; j++)
            if (strcmp(s->entries[j].key, e->key) == 0) {
                case_error_set(v->err, e->key_line, e->key_col, "duplicate display of '%s' (first at line %d)",
                               e->key, s->entries[j].key_line);
                return -1;
            }
        if (case_display_parse(&n, e->src, &off, &msg)) {
            pos_of(e, off, &line, &col);
            case_error_set(v->err, line, col, "display of '%s': %s", e->key, msg);
            return -1;
        }
        case_display_free(n);
    }
    v->c->display = flint_calloc(s->nentries + 1, sizeof(case_display_entry));
    for (i = 0; i < s->nentries; i++) {
        v->c->display[i].name = fc_strdup(s->entries[i].key);
        v->c->display[i].text = fc_strdup(s->entries[i].src);
    }
    v->c->ndisplay = s->nentries;
    return 0;
}

/* ---------------------------------------------------------------- driver */

int case_validate(case_t *c, const case_raw *r, case_error_t *err)
{
    vctx v;
    int rc;
    v.c = c;
    v.r = r;
    v.err = err;
    v.empty = expr_scope_new();
    fc_strmap_init(&v.names);
    c->scope = expr_scope_new();
    rc = read_case_section(&v) || read_parameters(&v) || read_defs_and_regions(&v) || read_plots(&v) ||
         read_points(&v) || read_claims(&v) || check_compiles(&v) || read_expect(&v) || read_display(&v);
    expr_scope_free(v.empty);
    fc_strmap_clear(&v.names);
    return rc ? -1 : 0;
}
