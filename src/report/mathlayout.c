/* mathlayout.c -- 2-D layout of expressions; see mathlayout.h. */
#include "report/mathlayout.h"
#include "case/case_display.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fc_ball.h"
#include "fc_str.h"

/* ------------------------------------------------------------ boxes */

void
report_ml_box_init(report_ml_box *b)
{
    memset(b, 0, sizeof *b);
}

void
report_ml_box_clear(report_ml_box *b)
{
    int i;
    for (i = 0; i < b->n; i++)
        flint_free(b->items[i].text);
    flint_free(b->items);
    report_ml_box_init(b);
}

double
report_ml_box_height(const report_ml_box *b)
{
    return b->asc + b->desc;
}

static char *
ml_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *r = flint_malloc(n);
    if (r == NULL)
        abort();    /* as flint_malloc: out of memory is fatal here */
    memcpy(r, s, n);
    return r;
}

static report_ml_item *
ml_push(report_ml_box *b, report_ml_item_kind k)
{
    report_ml_item *it;
    if (b->n == b->alloc)
    {
        int n = b->alloc ? 2 * b->alloc : 8;
        report_ml_item *p = flint_realloc(b->items, n * sizeof(report_ml_item));
        if (p == NULL)
            abort();
        b->items = p;
        b->alloc = n;
    }
    it = &b->items[b->n++];
    memset(it, 0, sizeof *it);
    it->kind = k;
    return it;
}

/* Moves the items of SRC into DST shifted by (dx, dy); SRC is cleared. */
static void
ml_move(report_ml_box *dst, report_ml_box *src, double dx, double dy)
{
    int i;
    for (i = 0; i < src->n; i++)
    {
        report_ml_item *it = ml_push(dst, src->items[i].kind);
        *it = src->items[i];
        it->x += dx;
        it->y += dy;
        if (it->kind == REPORT_ML_LINE)
        {
            it->x1 += dx;
            it->y1 += dy;
        }
    }
    flint_free(src->items);
    report_ml_box_init(src);
}

/* Appends B to the right of A (B cleared). */
static void
ml_hcat(report_ml_box *a, report_ml_box *b)
{
    double w = a->w;
    if (b->asc > a->asc)
        a->asc = b->asc;
    if (b->desc > a->desc)
        a->desc = b->desc;
    a->w = w + b->w;
    ml_move(a, b, w, 0);
}

static void
ml_space(report_ml_box *a, double w)
{
    a->w += w;
}

/* ------------------------------------------------------------ text */

/* A text run: width from the font, ascent REPORT_ML_ASCENT (plus REPORT_ML_DOT_EXTRA
 * when the run carries a dot accent or diaeresis, which canvas_text draws
 * above the base), descent REPORT_ML_DESCENT. */
static void
ml_text(report_ml_box *out, const report_ml_ctx *x, const char *s, double size)
{
    report_ml_item *it;
    const char *p;
    int len, acc = 0;

    report_ml_box_init(out);
    if (s[0] == '\0')
        return;
    for (p = s; *p; p += len)
    {
        unsigned cp = fc_utf8_next(p, &len);
        if (cp - 0x300u < 0x70u)
            acc = 1;
    }
    it = ml_push(out, REPORT_ML_TEXT);
    it->size = size;
    it->text = ml_strdup(s);
    out->w = x->font.width(x->font.arg, s, size);
    out->asc = (REPORT_ML_ASCENT + (acc ? REPORT_ML_DOT_EXTRA : 0)) * size;
    out->desc = REPORT_ML_DESCENT * size;
}

static void
ml_text_cat(report_ml_box *a, const report_ml_ctx *x, const char *s, double size)
{
    report_ml_box t;
    ml_text(&t, x, s, size);
    if (a->n == 0 && a->w == 0)
    {
        *a = t;
        return;
    }
    ml_hcat(a, &t);
}

/* ------------------------------------------------------------ scripts */

/* Attaches SUP (may be NULL or empty) and SUB to BASE of font SIZE. */
static void
ml_scripts(report_ml_box *base, report_ml_box *sup, report_ml_box *sub, double size)
{
    double w = base->w, ws = 0;
    if (sup != NULL && sup->n > 0)
    {
        double sh = REPORT_ML_SUP_SHIFT * size;
        /* a tall base (a fraction in parentheses) raises the script with it;
         * an accent over a letter (θ̇²) does not */
        if (base->asc - REPORT_ML_ASCENT * size > 0 && !(base->n == 1 && base->items[0].kind == REPORT_ML_TEXT))
            sh += base->asc - REPORT_ML_ASCENT * size;
        if (sh + sup->asc > base->asc)
            base->asc = sh + sup->asc;
        ws = sup->w;
        ml_move(base, sup, w + 0.04 * size, -sh);
    }
    if (sub != NULL && sub->n > 0)
    {
        double sh = REPORT_ML_SUB_SHIFT * size;
        if (sh + sub->desc > base->desc)
            base->desc = sh + sub->desc;
        if (sub->w > ws)
            ws = sub->w;
        ml_move(base, sub, w + 0.04 * size, sh);
    }
    if (ws > 0)
        base->w = w + 0.04 * size + ws;
}

/* ------------------------------------------------------------ fences */

/* OPEN BODY CLOSE, the fences drawn as text at a size that spans the body
 * (at least SIZE), centred on the body: the fences stay glyphs. */
static void
ml_fence(report_ml_box *body, const report_ml_ctx *x, const char *open, const char *close, double size)
{
    double h = report_ml_box_height(body), fs = size, mid, dy;
    report_ml_box o, c;

    if (h > (REPORT_ML_ASCENT + REPORT_ML_DESCENT) * size * 1.05)
        fs = h / (REPORT_ML_ASCENT + REPORT_ML_DESCENT);
    /* fence glyph spans [-REPORT_ML_DESCENT fs, REPORT_ML_ASCENT fs]; centre it on the body */
    mid = (body->asc - body->desc) / 2;
    dy = fs > size ? -(mid - (REPORT_ML_ASCENT - REPORT_ML_DESCENT) / 2 * fs) : 0;
    ml_text(&o, x, open, fs);
    ml_text(&c, x, close, fs);
    o.items[0].y += dy;
    c.items[0].y += dy;
    o.asc -= dy; o.desc += dy;
    c.asc -= dy; c.desc += dy;
    ml_hcat(&o, body);
    ml_hcat(&o, &c);
    *body = o;
}

/* ------------------------------------------------------------ fraction */

static void
ml_frac(report_ml_box *out, report_ml_box *num, report_ml_box *den, double size)
{
    double pad = 0.12 * size, w = (num->w > den->w ? num->w : den->w) + 2 * pad;
    double axis = REPORT_ML_AXIS * size, t = REPORT_ML_THICK * size, gap = 0.14 * size;
    double yn = -axis - t / 2 - gap - num->desc, yd = -axis + t / 2 + gap + den->asc;
    report_ml_item *r;

    report_ml_box_init(out);
    out->w = w;
    out->asc = -yn + num->asc;
    out->desc = yd + den->desc;
    ml_move(out, num, (w - num->w) / 2, yn);
    ml_move(out, den, (w - den->w) / 2, yd);
    r = ml_push(out, REPORT_ML_RULE);
    r->x = 0.5 * pad;
    r->y = -axis - t / 2;
    r->x1 = w - pad;
    r->y1 = t;
}

/* ------------------------------------------------------------ radical */

static void
ml_line(report_ml_box *b, double x0, double y0, double x1, double y1, double wd)
{
    report_ml_item *it = ml_push(b, REPORT_ML_LINE);
    it->x = x0; it->y = y0; it->x1 = x1; it->y1 = y1; it->size = wd;
}

/* √BODY: a sign of lines and a rule over the body, 0.1 em above it. */
static void
ml_sqrt(report_ml_box *body, double size)
{
    double t = REPORT_ML_THICK * size, gap = 0.10 * size, top = body->asc + gap + t;
    double bot = body->desc, sw = 0.55 * size, pad = 0.06 * size;
    report_ml_box o;
    report_ml_item *r;

    report_ml_box_init(&o);
    /* tick, down stroke to below the baseline, up stroke to the bar */
    ml_line(&o, 0.02 * size, -0.42 * size, 0.16 * size, -0.50 * size, t);
    ml_line(&o, 0.16 * size, -0.50 * size, 0.30 * size, bot, 1.6 * t);
    ml_line(&o, 0.30 * size, bot, sw, -top + t / 2, t);
    r = ml_push(&o, REPORT_ML_RULE);
    r->x = sw;
    r->y = -top;
    r->x1 = body->w + 2 * pad;
    r->y1 = t;
    o.w = sw + pad;
    o.asc = top;
    o.desc = bot;
    ml_hcat(&o, body);
    o.w += pad;
    o.asc = top + 0.02 * size;
    *body = o;
}

/* ------------------------------------------------------------ names */

/* The Greek letter S[0..n) names (expr_name_unicode's table) into G (>= 8
 * bytes); returns 0 if S[0..n) is not a Greek letter's name. */
static int
ml_greek_n(char *g, const char *s, size_t n)
{
    char name[16], *u;
    int ok;
    if (n == 0 || n >= sizeof name)
        return 0;
    memcpy(name, s, n);
    name[n] = '\0';
    u = expr_name_unicode(name);
    ok = strcmp(u, name) != 0 && strlen(u) < 8;
    if (ok)
        strcpy(g, u);
    flint_free(u);
    return ok;
}

static size_t
ml_alpha(const char *s)
{
    size_t n = 0;
    while ((s[n] >= 'a' && s[n] <= 'z') || (s[n] >= 'A' && s[n] <= 'Z'))
        n++;
    return n;
}

static size_t
ml_digits(const char *s)
{
    size_t n = 0;
    while (s[n] >= '0' && s[n] <= '9')
        n++;
    return n;
}

/* Letters S[0..n) as shown: a Greek name as its letter, "Xdot"/"Xddot"
 * with X a Greek name or one letter as X with U+0307/U+0308, else as is.
 * Writes into BUF (size >= 4n + 8). */
static void
ml_letters(char *buf, const char *s, size_t n)
{
    const char *acc = NULL;
    size_t k = n;

    if (ml_greek_n(buf, s, n))
        return;
    if (n > 4 && strncmp(s + n - 4, "ddot", 4) == 0)
        acc = "\xcc\x88", k = n - 4;
    else if (n > 3 && strncmp(s + n - 3, "dot", 3) == 0)
        acc = "\xcc\x87", k = n - 3;
    if (acc != NULL && (k == 1 || ml_greek_n(buf, s, k)))
    {
        if (k == 1)
        {
            buf[0] = s[0];
            buf[1] = '\0';
        }
        strcat(buf, acc);
        return;
    }
    memcpy(buf, s, n);
    buf[n] = '\0';
}

/* A subscript word: its letter runs shown as ml_letters, '_' as ','. */
static void
ml_subword(char *buf, const char *s)
{
    char *o = buf;
    while (*s)
    {
        size_t n = ml_alpha(s);
        if (n > 0)
        {
            ml_letters(o, s, n);
            o += strlen(o);
            s += n;
        }
        else
        {
            *o++ = *s == '_' ? ',' : *s;
            s++;
        }
    }
    *o = '\0';
}

char *
report_ml_name_plain(const char *name)
{
    size_t n = ml_alpha(name), len = strlen(name);
    char *out = flint_malloc(4 * len + 8);
    if (out == NULL)
        return NULL;
    ml_letters(out, name, n);
    strcat(out, name + n);
    return out;
}

void
report_ml_name_box(report_ml_box *out, const report_ml_ctx *x, const char *name, double size)
{
    const char *disp = x->display ? x->display(x->display_arg, name) : NULL;
    size_t n = ml_alpha(name), d = ml_digits(name + n), len = strlen(name);
    char *base, *sub;
    report_ml_box s;

    if (disp != NULL && report_ml_display_box(out, x, disp, size) == 0)
        return;
    base = flint_malloc(4 * len + 8);
    sub = flint_malloc(4 * len + 8);
    if (base == NULL || sub == NULL)
        abort();
    if (n == 0)
    {
        ml_text(out, x, name, size);
        flint_free(base);
        flint_free(sub);
        return;
    }
    ml_letters(base, name, n);
    if (n >= 2 && strlen(base) == n && strncmp(base, name, n) == 0 && strchr(name + n, '_') != NULL)
    {
        /* a word with a suffix (paradox_possible, no_wedging): a name, not a
           letter with a subscript; shown whole */
        ml_text(out, x, name, size);
        flint_free(base);
        flint_free(sub);
        return;
    }
    ml_text(out, x, base, size);
    sub[0] = '\0';
    if (d > 0)
    {
        memcpy(sub, name + n, d);
        sub[d] = '\0';
    }
    if (name[n + d] == '_' && name[n + d + 1] != '\0')
    {
        if (d > 0)
            strcat(sub, ",");
        ml_subword(sub + strlen(sub), name + n + d + 1);
    }
    else if (name[n + d] != '\0')
    {
        /* an unusual name: shown whole */
        report_ml_box_clear(out);
        ml_text(out, x, name, size);
        flint_free(base);
        flint_free(sub);
        return;
    }
    if (sub[0])
    {
        ml_text(&s, x, sub, REPORT_ML_SCRIPT * size);
        ml_scripts(out, NULL, &s, size);
    }
    flint_free(base);
    flint_free(sub);
}

/* ------------------------------------------------------------ display strings */

/* A parsed display string (case_display.h) laid out at SIZE. */
static void
ml_display_node(report_ml_box *out, const report_ml_ctx *x, const case_display_node *n, double size)
{
    int i;
    report_ml_box_init(out);
    if (n->kind == CASE_DISPLAY_GLYPH)
        ml_text(out, x, n->text, size);
    else
        for (i = 0; i < n->nkids; i++)
        {
            report_ml_box a;
            ml_display_node(&a, x, n->kids[i], size);
            if (out->n == 0 && out->w == 0)
                *out = a;
            else
                ml_hcat(out, &a);
        }
    if (n->sub != NULL || n->sup != NULL)
    {
        report_ml_box sub, sup;
        report_ml_box_init(&sub);
        report_ml_box_init(&sup);
        if (n->sub != NULL)
            ml_display_node(&sub, x, n->sub, REPORT_ML_SCRIPT * size);
        if (n->sup != NULL)
            ml_display_node(&sup, x, n->sup, REPORT_ML_SCRIPT * size);
        ml_scripts(out, &sup, &sub, size);
        report_ml_box_clear(&sub);
        report_ml_box_clear(&sup);
    }
}

int
report_ml_display_box(report_ml_box *out, const report_ml_ctx *x, const char *s, double size)
{
    case_display_node *n;
    report_ml_box_init(out);
    if (case_display_parse(&n, s, NULL, NULL) != 0)
        return -1;
    ml_display_node(out, x, n, size);
    case_display_free(n);
    return 0;
}

const char *
report_ml_display_case(void *case_ptr, const char *name)
{
    return case_display_of((const case_t *) case_ptr, name);
}

/* ------------------------------------------------------------ units */

static const char *ml_sup_digit[10] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};

/* 1 if S starts with an explicit product or quotient sign (*, /, ·). */
static int
ml_unit_op(const char *s)
{
    return *s == '*' || *s == '/' || strncmp(s, "·", strlen("·")) == 0;
}

char *
report_ml_unit_text(const char *u)
{
    size_t n = strlen(u);
    char *out = flint_malloc(4 * n + 1), *o = out;
    const char *s = u;

    if (out == NULL)
        return NULL;
    while (*s)
    {
        if (*s == '^')
        {
            s++;
            if (*s == '-')
            {
                strcpy(o, "⁻");
                o += strlen(o);
                s++;
            }
            if (!(*s >= '0' && *s <= '9'))
            {
                flint_free(out);
                return NULL;
            }
            while (*s >= '0' && *s <= '9')
            {
                strcpy(o, ml_sup_digit[*s - '0']);
                o += strlen(o);
                s++;
            }
            if (*s == '/' && s[1] >= '0' && s[1] <= '9')
            {
                flint_free(out);      /* a fractional exponent (kg^1/2): not written here */
                return NULL;
            }
            continue;
        }
        if (*s == ' ')
        {
            /* spaces: none around an explicit sign, else one product dot */
            const char *t = s;
            while (*t == ' ')
                t++;
            if (*t != '\0' && o > out && !ml_unit_op(t) && o[-1] != '/' && o[-1] != '*'
                && !(o - out >= 2 && strncmp(o - 2, "·", 2) == 0))
            {
                strcpy(o, "·");
                o += strlen(o);
            }
            s = t;
            continue;
        }
        if (*s == '*')
        {
            strcpy(o, "·");
            o += strlen(o);
            s++;
            continue;
        }
        *o++ = *s++;
    }
    *o = '\0';
    return out;
}

/* ------------------------------------------------------------ simplification */

static int ml_is_int(const expr_t e, long v)
{
    return e->kind == EXPR_NUM && fmpz_is_one(fmpq_denref(e->num)) && fmpz_equal_si(fmpq_numref(e->num), v);
}

/* Structural equality. */
static int
ml_equal(const expr_t a, const expr_t b)
{
    int i;
    if (a->kind != b->kind || a->nargs != b->nargs)
        return 0;
    switch (a->kind)
    {
    case EXPR_NUM: return fmpq_equal(a->num, b->num);
    case EXPR_BALL: return arb_equal(a->ball, b->ball);
    case EXPR_VAR: return strcmp(a->name, b->name) == 0;
    case EXPR_FUNC:
        if (a->fn != b->fn || (a->fn == FN_USER && strcmp(a->name, b->name) != 0))
            return 0;
        break;
    default: break;
    }
    for (i = 0; i < a->nargs; i++)
        if (!ml_equal(a->args[i], b->args[i]))
            return 0;
    return 1;
}

/* Factors of a product tree (MUL nodes flattened), at most MAX. */
static int
ml_factors(const expr_t e, const expr_node **f, int n, int max)
{
    if (e->kind == EXPR_MUL)
    {
        n = ml_factors(e->args[0], f, n, max);
        return ml_factors(e->args[1], f, n, max);
    }
    if (n < max)
        f[n] = e;
    return n + 1;
}

/* 1 if A and B are products of the same factors in some order. */
static int
ml_same_product(const expr_t a, const expr_t b)
{
    const expr_node *fa[32], *fb[32];
    int used[32] = {0};
    int na = ml_factors(a, fa, 0, 32), nb = ml_factors(b, fb, 0, 32), i, j;
    if (na != nb || na > 32)
        return 0;
    for (i = 0; i < na; i++)
    {
        for (j = 0; j < nb; j++)
            if (!used[j] && ml_equal((expr_t) fa[i], (expr_t) fb[j]))
                break;
        if (j == nb)
            return 0;
        used[j] = 1;
    }
    return 1;
}

/* Terms of a sum with signs (ADD, SUB, NEG flattened), at most MAX. */
static int
ml_terms(expr_t e, int sign, expr_t *t, int *sg, int n, int max)
{
    if (e->kind == EXPR_ADD || e->kind == EXPR_SUB)
    {
        n = ml_terms(e->args[0], sign, t, sg, n, max);
        return ml_terms(e->args[1], e->kind == EXPR_SUB ? -sign : sign, t, sg, n, max);
    }
    if (e->kind == EXPR_NEG)
        return ml_terms(e->args[0], -sign, t, sg, n, max);
    if (n < max)
    {
        t[n] = e;
        sg[n] = sign;
    }
    return n + 1;
}

static expr_t ml_simp(expr_t e);

static expr_t
ml_take(expr_t e, int i)
{
    expr_t c = e->args[i];
    e->args[i] = NULL;
    expr_free(e);
    return c;
}

static expr_t
ml_zero(expr_t e)
{
    expr_free(e);
    return expr_num_si(0, 1);
}

/* Removes from a sum the pairs of terms of opposite sign that are the same
 * product; rebuilds the sum left to right.  E is consumed. */
static expr_t
ml_cancel(expr_t e)
{
    expr_t t[64];
    int sg[64], n = ml_terms(e, 1, t, sg, 0, 64), i, j, any = 0;
    expr_t r = NULL;

    if (n > 64)
        return e;
    for (i = 0; i < n; i++)
        for (j = i + 1; t[i] != NULL && j < n; j++)
            if (t[j] != NULL && sg[i] == -sg[j] && ml_same_product(t[i], t[j]))
            {
                t[i] = t[j] = NULL;
                any = 1;
            }
    if (!any)
        return e;
    for (i = 0; i < n; i++)
    {
        expr_t c;
        if (t[i] == NULL)
            continue;
        c = expr_copy(t[i]);
        if (r == NULL)
            r = sg[i] > 0 ? c : expr_unary(EXPR_NEG, c);
        else
            r = expr_binary(sg[i] > 0 ? EXPR_ADD : EXPR_SUB, r, c);
    }
    expr_free(e);
    return r != NULL ? r : expr_num_si(0, 1);
}

static expr_t
ml_simp(expr_t e)
{
    int i;
    for (i = 0; i < e->nargs; i++)
        e->args[i] = ml_simp(e->args[i]);
    switch (e->kind)
    {
    case EXPR_NEG:
        if (e->args[0]->kind == EXPR_NEG)
            return ml_take(ml_take(e, 0), 0);
        if (ml_is_int(e->args[0], 0))
            return ml_take(e, 0);
        return e;
    case EXPR_ADD:
    case EXPR_SUB:
        if (ml_is_int(e->args[1], 0))
            return ml_take(e, 0);
        if (ml_is_int(e->args[0], 0))
            return e->kind == EXPR_ADD ? ml_take(e, 1) : ml_simp(expr_unary(EXPR_NEG, ml_take(e, 1)));
        if (e->args[1]->kind == EXPR_NUM && fmpq_sgn(e->args[1]->num) < 0)
        {
            fmpq_neg(e->args[1]->num, e->args[1]->num);
            e->kind = e->kind == EXPR_ADD ? EXPR_SUB : EXPR_ADD;
        }
        else if (e->args[1]->kind == EXPR_NEG)
        {
            /* a + (-b) = a - b, a - (-b) = a + b */
            expr_t b = ml_take(e->args[1], 0);
            e->args[1] = b;
            e->kind = e->kind == EXPR_ADD ? EXPR_SUB : EXPR_ADD;
        }
        return ml_cancel(e);
    case EXPR_MUL:
        if (ml_is_int(e->args[0], 0) || ml_is_int(e->args[1], 0))
            return ml_zero(e);
        if (ml_is_int(e->args[1], 1))
            return ml_take(e, 0);
        if (ml_is_int(e->args[0], 1))
            return ml_take(e, 1);
        if (ml_is_int(e->args[0], -1))
            return expr_unary(EXPR_NEG, ml_take(e, 1));
        return e;
    case EXPR_DIV:
        if (ml_is_int(e->args[1], 1))
            return ml_take(e, 0);
        if (ml_is_int(e->args[0], 0))
            return ml_zero(e);
        return e;
    case EXPR_POW:
        if (ml_is_int(e->args[1], 1))
            return ml_take(e, 0);
        if (ml_is_int(e->args[1], 0))
        {
            expr_free(e);
            return expr_num_si(1, 1);
        }
        return e;
    default:
        return e;
    }
}

expr_t
report_ml_simplify(const expr_t e)
{
    return ml_simp(expr_copy(e));
}

/* ------------------------------------------------------------ expressions */

enum { L_LOW, L_IFF, L_IMPL, L_OR, L_XOR, L_AND, L_NOT, L_CMP, L_ADD, L_MUL, L_NEG, L_POW, L_ATOM };

static int ml_level(const expr_t e);
static void ml_layout(report_ml_box *out, const report_ml_ctx *x, const expr_t e, double size);

static int
ml_level(const expr_t e)
{
    switch (e->kind)
    {
    case EXPR_NUM:
        if (fmpq_sgn(e->num) < 0)
            return L_NEG;
        return L_ATOM;              /* fractions are built up */
    case EXPR_BALL: return L_ATOM;   /* "[−0.88 ± 1e-9]": bracketed */
    case EXPR_NEG: return L_NEG;
    case EXPR_ADD: case EXPR_SUB: return L_ADD;
    case EXPR_MUL: return L_MUL;
    case EXPR_DIV: return L_ATOM;   /* built up: a fraction is self-delimited */
    case EXPR_POW: return L_POW;
    case EXPR_LT: case EXPR_LE: case EXPR_GT: case EXPR_GE: case EXPR_EQ: case EXPR_NE: return L_CMP;
    case EXPR_NOT: return L_NOT;
    case EXPR_AND: return L_AND;
    case EXPR_OR: return L_OR;
    case EXPR_XOR: return L_XOR;
    case EXPR_IMPLIES: return L_IMPL;
    case EXPR_IFF: return L_IFF;
    case EXPR_RANGE: case EXPR_EXISTS: case EXPR_FORALL: return L_LOW;
    case EXPR_FUNC:
        return L_ATOM;
    default: return L_ATOM;
    }
}

/* Child C laid out, in parentheses when its level is below REQ. */
static void
ml_child(report_ml_box *out, const report_ml_ctx *x, const expr_t c, double size, int req)
{
    ml_layout(out, x, c, size);
    if (ml_level(c) < req)
        ml_fence(out, x, "(", ")", size);
}

static const char *
ml_fn_name(const expr_t e)
{
    switch (e->fn)
    {
    case FN_SIN: return "sin"; case FN_COS: return "cos"; case FN_TAN: return "tan";
    case FN_COT: return "cot"; case FN_ASIN: return "arcsin"; case FN_ACOS: return "arccos";
    case FN_ATAN: return "arctan"; case FN_ATAN2: return "atan2"; case FN_SINH: return "sinh";
    case FN_COSH: return "cosh"; case FN_TANH: return "tanh"; case FN_EXP: return "exp";
    case FN_LOG: return "ln"; case FN_SIGN: return "sign"; case FN_MIN: return "min";
    case FN_MAX: return "max"; case FN_IF: return "if";
    default: return e->name;
    }
}

/* A function whose single simple argument is written without parentheses
 * (sin θ, cos 2θ). */
static int
ml_fn_bare(const expr_t e)
{
    expr_t a;
    if (e->kind != EXPR_FUNC || e->nargs != 1)
        return 0;
    if (!(e->fn == FN_SIN || e->fn == FN_COS || e->fn == FN_TAN || e->fn == FN_COT
          || e->fn == FN_SINH || e->fn == FN_COSH || e->fn == FN_TANH || e->fn == FN_LOG))
        return 0;
    a = e->args[0];
    if (a->kind == EXPR_VAR || a->kind == EXPR_PI)
        return 1;
    if (a->kind == EXPR_NUM && fmpz_is_one(fmpq_denref(a->num)) && fmpq_sgn(a->num) >= 0)
        return 1;
    /* an integer times a name: cos 2θ */
    return a->kind == EXPR_MUL && a->args[0]->kind == EXPR_NUM && fmpz_is_one(fmpq_denref(a->args[0]->num))
           && fmpq_sgn(a->args[0]->num) > 0 && a->args[1]->kind == EXPR_VAR;
}

/* name(args) or name arg, with SUP as a superscript on the name (sin²θ). */
static void
ml_func(report_ml_box *out, const report_ml_ctx *x, const expr_t e, double size, report_ml_box *sup)
{
    report_ml_box a, t;
    int i;

    if (e->fn == FN_SQRT && e->nargs == 1)
    {
        ml_layout(out, x, e->args[0], size);
        ml_sqrt(out, size);
        if (sup != NULL && sup->n)
        {
            ml_fence(out, x, "(", ")", size);
            ml_scripts(out, sup, NULL, size);
        }
        return;
    }
    if (e->fn == FN_ABS && e->nargs == 1)
    {
        ml_layout(out, x, e->args[0], size);
        ml_fence(out, x, "|", "|", size);
        if (sup != NULL && sup->n)
            ml_scripts(out, sup, NULL, size);
        return;
    }
    ml_text(out, x, ml_fn_name(e), size);
    if (sup != NULL && sup->n)
        ml_scripts(out, sup, NULL, size);
    if (ml_fn_bare(e))
    {
        ml_space(out, 0.17 * size);
        ml_layout(&a, x, e->args[0], size);
        ml_hcat(out, &a);
        return;
    }
    report_ml_box_init(&a);
    for (i = 0; i < e->nargs; i++)
    {
        if (i > 0)
        {
            ml_text_cat(&a, x, ",", size);
            ml_space(&a, 0.2 * size);
        }
        ml_layout(&t, x, e->args[i], size);
        if (a.n == 0 && a.w == 0)
            a = t;
        else
            ml_hcat(&a, &t);
    }
    ml_fence(&a, x, "(", ")", size);
    ml_hcat(out, &a);
}

/* A number: integer, or a built-up fraction p/q (inline at script size). */
static void
ml_number(report_ml_box *out, const report_ml_ctx *x, const fmpq_t q, double size, int script)
{
    char *s;
    if (fmpz_is_one(fmpq_denref(q)) || script)
    {
        s = fmpq_get_str(NULL, 10, q);
        if (s[0] == '-')
        {
            char *t = flint_malloc(strlen(s) + 3);
            if (t == NULL)
                abort();
            strcpy(t, "−");
            strcat(t, s + 1);
            ml_text(out, x, t, size);
            flint_free(t);
        }
        else
            ml_text(out, x, s, size);
        flint_free(s);
        return;
    }
    {
        report_ml_box n, d;
        fmpz_t a;
        int neg = fmpq_sgn(q) < 0;
        fmpz_init(a);
        fmpz_abs(a, fmpq_numref(q));
        s = fmpz_get_str(NULL, 10, a);
        ml_text(&n, x, s, size);
        flint_free(s);
        s = fmpz_get_str(NULL, 10, fmpq_denref(q));
        ml_text(&d, x, s, size);
        flint_free(s);
        fmpz_clear(a);
        ml_frac(out, &n, &d, size);
        if (neg)
        {
            report_ml_box m;
            ml_text(&m, x, "−", size);
            ml_hcat(&m, out);
            *out = m;
        }
    }
}

/* 1 if the box of E starts with a digit (a product then needs a dot). */
static int
ml_starts_numeric(const expr_t e)
{
    switch (e->kind)
    {
    case EXPR_NUM: case EXPR_BALL: return 1;
    case EXPR_MUL: case EXPR_POW: return ml_starts_numeric(e->args[0]);
    case EXPR_DIV: return 1;
    case EXPR_NEG: return 1;
    default: return 0;
    }
}

/* 1 if the layout of E starts with a minus sign (−x, −3, (−m)·g). */
static int
ml_starts_neg(const expr_t e)
{
    switch (e->kind)
    {
    case EXPR_NEG: return 1;
    case EXPR_NUM: return fmpq_sgn(e->num) < 0;
    case EXPR_BALL: return 0;   /* it starts with its bracket */
    case EXPR_MUL: case EXPR_POW: return ml_starts_neg(e->args[0]);
    default: return 0;
    }
}

/* 1 if the layout of E ends with a function argument written without
 * parentheses (sin θ), so that a following factor needs a space. */
static int
ml_ends_bare_fn(const expr_t e0)
{
    const expr_node *e = e0;
    while (e->kind == EXPR_MUL)
        e = e->args[1];
    if (e->kind == EXPR_POW && e->args[0]->kind == EXPR_FUNC)
        return 1;
    return e->kind == EXPR_FUNC;
}

static void
ml_binop(report_ml_box *out, const report_ml_ctx *x, const char *op, double size)
{
    ml_space(out, 0.22 * size);
    ml_text_cat(out, x, op, size);
    ml_space(out, 0.22 * size);
}

static void
ml_layout(report_ml_box *out, const report_ml_ctx *x, const expr_t e, double size)
{
    report_ml_box a, b;

    report_ml_box_init(out);
    switch (e->kind)
    {
    case EXPR_NUM:
        ml_number(out, x, e->num, size, 0);
        return;
    case EXPR_BALL:
    {
        /* a certified constant (a root, an extremum found by branch and
           bound): an enclosure of it, its midpoint to 8 digits and a
           radius that covers that rounding ("[2.8333333 ± 3.34e-9]") */
        char *t = fc_ball_str_unicode(e->ball, 8, 0);
        ml_text(out, x, t, size);
        flint_free(t);
        return;
    }
    case EXPR_PI: ml_text(out, x, "π", size); return;
    case EXPR_E: ml_text(out, x, "e", size); return;
    case EXPR_TRUE: ml_text(out, x, "true", size); return;
    case EXPR_FALSE: ml_text(out, x, "false", size); return;
    case EXPR_VAR: report_ml_name_box(out, x, e->name, size); return;
    case EXPR_NEG:
        ml_text(out, x, "−", size);
        ml_child(&a, x, e->args[0], size, L_MUL);
        ml_hcat(out, &a);
        return;
    case EXPR_NOT:
        ml_text(out, x, "¬", size);
        ml_child(&a, x, e->args[0], size, L_CMP + 1);   /* ¬(x < 1), not ¬x < 1 */
        ml_hcat(out, &a);
        return;
    case EXPR_ADD:
    case EXPR_SUB:
        ml_child(out, x, e->args[0], size, L_ADD);
        ml_binop(out, x, e->kind == EXPR_ADD ? "+" : "−", size);
        /* x − (a + b); x + (−3): a right operand starting with a sign is bracketed */
        ml_child(&b, x, e->args[1], size, e->kind == EXPR_ADD ? L_ADD : L_MUL);
        if (ml_level(e->args[1]) == L_NEG)
            ml_fence(&b, x, "(", ")", size);
        ml_hcat(out, &b);
        return;
    case EXPR_MUL:
    {
        expr_t l = e->args[0], r = e->args[1];
        ml_child(out, x, l, size, L_MUL);
        /* products associate: a (b c) is shown a b c; sums and signs bracketed */
        ml_child(&b, x, r, size, r->kind == EXPR_MUL ? L_MUL : L_POW);
        if (ml_level(r) >= (r->kind == EXPR_MUL ? L_MUL : L_POW) && ml_starts_neg(r))
        {
            /* a factor starting with a sign, x·(−m g), is bracketed */
            ml_fence(&b, x, "(", ")", size);
            ml_space(out, 0.06 * size);
            ml_hcat(out, &b);
            return;
        }
        if (ml_starts_numeric(r) && ml_level(r) != L_NEG)
            ml_binop(out, x, "·", size);
        else if (r->kind == EXPR_FUNC || ml_level(r) < L_POW || (r->kind == EXPR_POW && r->args[0]->kind == EXPR_FUNC))
            ml_space(out, 0.17 * size);
        else if (ml_ends_bare_fn(l))
            ml_space(out, 0.25 * size);     /* sin θ · θ̇: the argument ends there */
        else if (!(l->kind == EXPR_NUM || l->kind == EXPR_PI))
            ml_space(out, 0.06 * size);
        ml_hcat(out, &b);
        return;
    }
    case EXPR_DIV:
        ml_layout(&a, x, e->args[0], size);
        ml_layout(&b, x, e->args[1], size);
        ml_frac(out, &a, &b, size);
        return;
    case EXPR_POW:
    {
        expr_t base = e->args[0];
        report_ml_box s;
        ml_layout(&s, x, e->args[1], REPORT_ML_SCRIPT * size);
        if (base->kind == EXPR_FUNC && base->nargs == 1
            && (ml_fn_bare(base) || base->fn == FN_SIN || base->fn == FN_COS || base->fn == FN_TAN
                || base->fn == FN_COT || base->fn == FN_SINH || base->fn == FN_COSH || base->fn == FN_TANH))
        {
            ml_func(out, x, base, size, &s);   /* sin²θ */
            return;
        }
        ml_child(out, x, base, size, L_ATOM);
        if (base->kind == EXPR_DIV || base->kind == EXPR_FUNC
            || (base->kind == EXPR_NUM && !fmpz_is_one(fmpq_denref(base->num))))
            ml_fence(out, x, "(", ")", size);
        ml_scripts(out, &s, NULL, size);
        return;
    }
    case EXPR_FUNC:
        ml_func(out, x, e, size, NULL);
        return;
    case EXPR_LT: case EXPR_LE: case EXPR_GT: case EXPR_GE: case EXPR_EQ: case EXPR_NE:
    {
        static const char *ops[] = {"<", "≤", ">", "≥", "=", "≠"};
        ml_child(out, x, e->args[0], size, L_ADD);
        ml_binop(out, x, ops[e->kind - EXPR_LT], size);
        ml_child(&b, x, e->args[1], size, L_ADD);
        ml_hcat(out, &b);
        return;
    }
    case EXPR_AND: case EXPR_OR: case EXPR_XOR: case EXPR_IMPLIES: case EXPR_IFF:
    {
        /* minimal parentheses, but a mixed ∧/∨ is always bracketed */
        static const char *ops[] = {"∧", "∨", "⊻", "⇒", "⇔"};
        int lv = ml_level(e), i;
        for (i = 0; i < 2; i++)
        {
            expr_t c = e->args[i];
            int cl = ml_level(c), logic = cl >= L_IFF && cl <= L_AND;
            /* required by precedence; or two different connectives; or a
             * chain of a non-associative one (⇒, ⇔, ⊻) */
            int need = cl < lv || (logic && c->kind != e->kind)
                       || (c->kind == e->kind && e->kind != EXPR_AND && e->kind != EXPR_OR);
            ml_layout(i == 0 ? out : &b, x, c, size);
            if (need)
                ml_fence(i == 0 ? out : &b, x, "(", ")", size);
            if (i == 0)
                ml_binop(out, x, ops[e->kind - EXPR_AND], size);
        }
        ml_hcat(out, &b);
        return;
    }
    case EXPR_RANGE:
        ml_layout(out, x, e->args[0], size);
        ml_binop(out, x, "…", size);
        ml_layout(&b, x, e->args[1], size);
        ml_hcat(out, &b);
        return;
    case EXPR_EXISTS: case EXPR_FORALL:
    {
        /* ∃ θ ∈ [a, b]: P */
        report_ml_box iv;
        ml_text(out, x, e->kind == EXPR_EXISTS ? "∃" : "∀", size);
        ml_space(out, 0.1 * size);
        ml_layout(&a, x, e->args[0], size);
        ml_hcat(out, &a);
        ml_binop(out, x, "∈", size);
        ml_layout(&iv, x, e->args[1], size);
        ml_text_cat(&iv, x, ",", size);
        ml_space(&iv, 0.2 * size);
        ml_layout(&b, x, e->args[2], size);
        ml_hcat(&iv, &b);
        ml_text_cat(out, x, "[", size);
        ml_hcat(out, &iv);
        ml_text_cat(out, x, "]", size);
        ml_text_cat(out, x, ":", size);
        ml_space(out, 0.25 * size);
        ml_child(&b, x, e->args[3], size, L_NOT);
        ml_hcat(out, &b);
        return;
    }
    default:
        ml_text(out, x, "?", size);
        return;
    }
}

void
report_ml_expr_box(report_ml_box *out, const report_ml_ctx *x, const expr_t e, double size)
{
    expr_t s = report_ml_simplify(e);
    ml_layout(out, x, s, size);
    expr_free(s);
}

void
report_ml_def_box(report_ml_box *out, const report_ml_ctx *x, const char *name, const expr_t e, double size)
{
    report_ml_box r;
    report_ml_name_box(out, x, name, size);
    ml_binop(out, x, "=", size);
    report_ml_expr_box(&r, x, e, size);
    ml_hcat(out, &r);
}

/* ------------------------------------------------------------ broken lines */

/* The pieces of E at its top level, each an operator (NULL for the first)
 * and an operand laid out as it is inside E: the terms of a sum, the
 * operands of a chain of one connective, the two sides of a comparison
 * (each broken further when it is a sum).  Appended to P[*N..MAX). */
typedef struct
{
    const char *op;
    report_ml_box b;
} ml_piece;

static void ml_pieces(ml_piece *p, int *n, int max, const report_ml_ctx *x, const expr_t e, double size,
                      const char *op, int req);

static void
ml_piece_add(ml_piece *p, int *n, int max, const report_ml_ctx *x, const expr_t e, double size,
             const char *op, int req, int fence_neg)
{
    if (*n >= max)
        return;
    p[*n].op = op;
    ml_child(&p[*n].b, x, e, size, req);
    if (fence_neg && ml_level(e) == L_NEG)
        ml_fence(&p[*n].b, x, "(", ")", size);
    (*n)++;
}

static void
ml_pieces(ml_piece *p, int *n, int max, const report_ml_ctx *x, const expr_t e, double size, const char *op,
          int req)
{
    if (*n + 2 >= max)
    {
        ml_piece_add(p, n, max, x, e, size, op, req, 0);
        return;
    }
    switch (e->kind)
    {
    case EXPR_ADD: case EXPR_SUB:
        if (req > L_ADD)
            break;
        ml_pieces(p, n, max, x, e->args[0], size, op, L_ADD);
        ml_piece_add(p, n, max, x, e->args[1], size, e->kind == EXPR_ADD ? "+" : "−",
                     e->kind == EXPR_ADD ? L_ADD : L_MUL, 1);
        return;
    case EXPR_AND: case EXPR_OR:
    {
        int k = e->kind, i;
        if (req > ml_level(e))
            break;
        for (i = 0; i < 2; i++)
        {
            expr_t c = e->args[i];
            int cl = ml_level(c), logic = cl >= L_IFF && cl <= L_AND;
            const char *o = i == 0 ? op : (k == EXPR_AND ? "∧" : "∨");
            if ((int) c->kind == k)
                ml_pieces(p, n, max, x, c, size, o, ml_level(e));
            else
                ml_piece_add(p, n, max, x, c, size, o, (cl < ml_level(e) || logic) ? L_ATOM + 1 : 0, 0);
        }
        return;
    }
    case EXPR_LT: case EXPR_LE: case EXPR_GT: case EXPR_GE: case EXPR_EQ: case EXPR_NE:
    {
        static const char *ops[] = {"<", "≤", ">", "≥", "=", "≠"};
        if (req > L_CMP)
            break;
        ml_pieces(p, n, max, x, e->args[0], size, op, L_ADD);
        ml_pieces(p, n, max, x, e->args[1], size, ops[e->kind - EXPR_LT], L_ADD);
        return;
    }
    default:
        break;
    }
    ml_piece_add(p, n, max, x, e, size, op, req, 0);
}

#define ML_MAX_PIECES 256

int
report_ml_lines(report_ml_box **out, const report_ml_ctx *x, const report_ml_box *head, const expr_t e,
                double size, double width, double indent)
{
    double sz;
    int attempt;
    expr_t s = report_ml_simplify(e);

    *out = NULL;
    for (attempt = 0; attempt < 4; attempt++)
    {
        ml_piece *p = flint_calloc(ML_MAX_PIECES, sizeof(ml_piece));
        report_ml_box *lines;
        int n = 0, nl = 0, i, fits = 1;
        double scale;

        sz = size * (1.0 - 0.1 * attempt);
        scale = sz / size;
        if (p == NULL)
            abort();
        ml_pieces(p, &n, ML_MAX_PIECES, x, s, sz, NULL, 0);
        lines = flint_calloc(n + 1, sizeof(report_ml_box));
        if (lines == NULL)
            abort();
        /* the head, scaled: its items re-sized */
        for (i = 0; i < head->n; i++)
        {
            report_ml_item *it = ml_push(&lines[0], head->items[i].kind);
            *it = head->items[i];
            it->x *= scale; it->y *= scale; it->size *= scale;
            if (it->kind == REPORT_ML_LINE || it->kind == REPORT_ML_RULE)
            {
                it->x1 *= scale;
                it->y1 *= scale;
            }
            if (it->text)
                it->text = ml_strdup(it->text);
        }
        lines[0].w = head->w * scale;
        lines[0].asc = head->asc * scale;
        lines[0].desc = head->desc * scale;
        nl = 1;
        for (i = 0; i < n; i++)
        {
            report_ml_box piece;
            report_ml_box_init(&piece);
            if (p[i].op)
            {
                ml_text_cat(&piece, x, p[i].op, sz);
                ml_space(&piece, 0.22 * sz);
            }
            ml_hcat(&piece, &p[i].b);
            /* a new line when the piece does not fit (never for the first piece) */
            if (i > 0 && lines[nl - 1].w + 0.22 * sz + piece.w > width)
            {
                report_ml_box_init(&lines[nl]);
                ml_space(&lines[nl], indent * scale);
                nl++;
            }
            else if (p[i].op)
                ml_space(&lines[nl - 1], 0.22 * sz);
            ml_hcat(&lines[nl - 1], &piece);
            if (lines[nl - 1].w > width)
                fits = 0;
        }
        flint_free(p);
        if (fits || attempt == 3)
        {
            expr_free(s);
            *out = lines;
            return nl;
        }
        for (i = 0; i < nl; i++)
            report_ml_box_clear(&lines[i]);
        flint_free(lines);
    }
    expr_free(s);
    return 0;
}

/* A word in the text face (a region's name, "claim:"), for heads of lines. */
void
report_ml_text_box(report_ml_box *out, const report_ml_ctx *x, const char *text, double size)
{
    ml_text(out, x, text, size);
}

void
report_ml_hcat(report_ml_box *a, report_ml_box *b, double gap)
{
    ml_space(a, gap);
    ml_hcat(a, b);
}

/* ------------------------------------------------------------ context, text, drawing */

static double
ml_canvas_width(void *arg, const char *utf8, double size)
{
    canvas *c = arg;
    canvas_set_font(c, size, 0);
    return canvas_text_width(c, utf8);
}

report_ml_font
report_ml_font_canvas(canvas *c)
{
    report_ml_font f;
    f.width = ml_canvas_width;
    f.arg = c;
    return f;
}

void
report_ml_ctx_init(report_ml_ctx *x, report_ml_font font)
{
    x->font = font;
    x->display = NULL;
    x->display_arg = NULL;
}

void
report_ml_set_display(report_ml_ctx *x, report_ml_display_fn fn, void *arg)
{
    x->display = fn;
    x->display_arg = arg;
}

char *
report_ml_box_text(const report_ml_box *b)
{
    size_t n = 1;
    int i;
    char *s;
    for (i = 0; i < b->n; i++)
        if (b->items[i].kind == REPORT_ML_TEXT)
            n += strlen(b->items[i].text);
    s = flint_malloc(n);
    if (s == NULL)
        return NULL;
    s[0] = '\0';
    for (i = 0; i < b->n; i++)
        if (b->items[i].kind == REPORT_ML_TEXT)
            strcat(s, b->items[i].text);
    return s;
}

int
report_ml_draw(canvas *c, const report_ml_box *b, double x, double y)
{
    int i;
    for (i = 0; i < b->n; i++)
    {
        const report_ml_item *it = &b->items[i];
        switch (it->kind)
        {
        case REPORT_ML_TEXT:
            canvas_set_font(c, it->size, it->bold);
            canvas_text(c, x + it->x, y + it->y, it->text, CANVAS_LEFT);
            break;
        case REPORT_ML_RULE:
            canvas_rect(c, x + it->x, y + it->y, it->x1, it->y1);
            canvas_fill(c);
            break;
        case REPORT_ML_LINE:
        {
            /* a segment of width SIZE as a filled quadrilateral */
            double dx = it->x1 - it->x, dy = it->y1 - it->y, l = hypot(dx, dy);
            double nx = l > 0 ? -dy / l * it->size / 2 : 0, ny = l > 0 ? dx / l * it->size / 2 : 0;
            canvas_move_to(c, x + it->x + nx, y + it->y + ny);
            canvas_line_to(c, x + it->x1 + nx, y + it->y1 + ny);
            canvas_line_to(c, x + it->x1 - nx, y + it->y1 - ny);
            canvas_line_to(c, x + it->x - nx, y + it->y - ny);
            canvas_close_path(c);
            canvas_fill(c);
            break;
        }
        }
    }
    return canvas_status(c);
}

int
report_ml_draw_up(canvas *c, const report_ml_box *b, double x, double y)
{
    /* box point (px, py) (y down) -> canvas (x + py, y - px): the baseline
       runs upwards, the glyphs' tops face left */
    int i;
    for (i = 0; i < b->n; i++)
    {
        const report_ml_item *it = &b->items[i];
        switch (it->kind)
        {
        case REPORT_ML_TEXT:
            canvas_set_font(c, it->size, it->bold);
            canvas_text_rotated(c, x + it->y, y - it->x, it->text, CANVAS_LEFT, M_PI / 2);
            break;
        case REPORT_ML_RULE:
            canvas_rect(c, x + it->y, y - it->x - it->x1, it->y1, it->x1);
            canvas_fill(c);
            break;
        case REPORT_ML_LINE:
        {
            double ax = x + it->y, ay = y - it->x, bx = x + it->y1, by = y - it->x1;
            double dx = bx - ax, dy = by - ay, l = hypot(dx, dy);
            double nx = l > 0 ? -dy / l * it->size / 2 : 0, ny = l > 0 ? dx / l * it->size / 2 : 0;
            canvas_move_to(c, ax + nx, ay + ny);
            canvas_line_to(c, bx + nx, by + ny);
            canvas_line_to(c, bx - nx, by - ny);
            canvas_line_to(c, ax - nx, ay - ny);
            canvas_close_path(c);
            canvas_fill(c);
            break;
        }
        }
    }
    return canvas_status(c);
}
