/* expr_print.c -- printers: plain text (re-parseable), Unicode, LaTeX.
 *
 * One recursive printer serves the three styles. Every node has a
 * precedence level (the grammar's, lowest first: range, iff, implies, or,
 * xor, and, not, comparison, + -, * /, unary minus, ^, atom); a child is
 * put in parentheses when its level is below what its position requires.
 * Two rules add parentheses for readability only: a number fraction as an
 * operand of * or / ("(3/4)*x"), and an operand starting with a minus sign
 * after a binary + - * / ("x - (-3)"). */
#include "fc_ball.h"
#include <string.h>
#include "expr/expr.h"

enum {
    P_RANGE, P_IFF, P_IMPL, P_OR, P_XOR, P_AND, P_NOT, P_CMP,
    P_ADD, P_MUL, P_NEG, P_POW, P_ATOM
};

typedef enum { ST_TEXT, ST_UNI, ST_TEX } style_t;

/* ------------------------------------------------------------ buffer */

typedef struct {
    char *s;
    size_t len, cap;
} sbuf;

static void sb_init(sbuf *b)
{
    b->cap = 32;
    b->len = 0;
    b->s = flint_malloc(b->cap);
    b->s[0] = 0;
}

static void sb_put(sbuf *b, const char *t)
{
    size_t n = strlen(t);
    if (b->len + n + 1 > b->cap) {
        while (b->len + n + 1 > b->cap) b->cap *= 2;
        b->s = flint_realloc(b->s, b->cap);
    }
    memcpy(b->s + b->len, t, n + 1);
    b->len += n;
}

/* Appends t and frees it. */
static void sb_take(sbuf *b, char *t)
{
    sb_put(b, t);
    flint_free(t);
}

static char *str_dup(const char *t)
{
    size_t n = strlen(t) + 1;
    char *r = flint_malloc(n);
    memcpy(r, t, n);
    return r;
}

/* ------------------------------------------------------------ names */

static const struct {
    const char *name, *uni, *tex;
} greek[] = {
    {"alpha", "α", "\\alpha"},     {"beta", "β", "\\beta"},       {"gamma", "γ", "\\gamma"},
    {"delta", "δ", "\\delta"},     {"epsilon", "ε", "\\varepsilon"}, {"zeta", "ζ", "\\zeta"},
    {"eta", "η", "\\eta"},         {"theta", "θ", "\\theta"},     {"iota", "ι", "\\iota"},
    {"kappa", "κ", "\\kappa"},     {"lambda", "λ", "\\lambda"},   {"mu", "μ", "\\mu"},
    {"nu", "ν", "\\nu"},           {"xi", "ξ", "\\xi"},           {"omicron", "ο", "o"},
    {"pi", "π", "\\pi"},           {"rho", "ρ", "\\rho"},         {"sigma", "σ", "\\sigma"},
    {"tau", "τ", "\\tau"},         {"upsilon", "υ", "\\upsilon"}, {"phi", "φ", "\\varphi"},
    {"chi", "χ", "\\chi"},         {"psi", "ψ", "\\psi"},         {"omega", "ω", "\\omega"},
    {"Gamma", "Γ", "\\Gamma"},     {"Delta", "Δ", "\\Delta"},     {"Theta", "Θ", "\\Theta"},
    {"Lambda", "Λ", "\\Lambda"},   {"Xi", "Ξ", "\\Xi"},           {"Pi", "Π", "\\Pi"},
    {"Sigma", "Σ", "\\Sigma"},     {"Upsilon", "Υ", "\\Upsilon"}, {"Phi", "Φ", "\\Phi"},
    {"Psi", "Ψ", "\\Psi"},         {"Omega", "Ω", "\\Omega"},
};

/* Index into greek[] of the first n characters of s, or -1. */
static int greek_find(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < sizeof(greek) / sizeof(greek[0]); i++)
        if (strlen(greek[i].name) == n && strncmp(greek[i].name, s, n) == 0) return (int) i;
    return -1;
}

static size_t alpha_run(const char *s)
{
    size_t n = 0;
    while ((s[n] >= 'a' && s[n] <= 'z') || (s[n] >= 'A' && s[n] <= 'Z')) n++;
    return n;
}

static size_t digit_run(const char *s)
{
    size_t n = 0;
    while (s[n] >= '0' && s[n] <= '9') n++;
    return n;
}

/* The leading letters of name are replaced by a Greek letter if they spell
 * one; digits and a "_suffix" are kept as written. */
char *expr_name_unicode(const char *name)
{
    sbuf b;
    size_t n = alpha_run(name);
    int g = greek_find(name, n);
    sb_init(&b);
    if (g >= 0) {
        sb_put(&b, greek[g].uni);
        sb_put(&b, name + n);
    } else {
        sb_put(&b, name);
    }
    return b.s;
}

/* Appends s with the characters special to TeX escaped. */
static void tex_escaped(sbuf *b, const char *s)
{
    char c[2] = {0, 0};
    for (; *s; s++) {
        if (*s == '_' || *s == '&' || *s == '%' || *s == '$' || *s == '#') sb_put(b, "\\");
        c[0] = *s;
        sb_put(b, c);
    }
}

/* One subscript word: digits or a single letter as is, a Greek name as its
 * letter, anything else upright. */
static void tex_sub_word(sbuf *b, const char *s)
{
    size_t n = strlen(s);
    int g = greek_find(s, n);
    if (g >= 0) sb_put(b, greek[g].tex);
    else if (n == 1 || digit_run(s) == n) sb_put(b, s);
    else {
        sb_put(b, "\\mathrm{");
        tex_escaped(b, s);
        sb_put(b, "}");
    }
}

/* LaTeX form of a name: LETTERS [DIGITS] [_SUFFIX]; letters spelling a
 * Greek letter become the letter, a multi-letter base is set in \mathit,
 * digits and suffix become a subscript ("mu_min" -> "\mu_{\mathrm{min}}",
 * "theta0" -> "\theta_{0}"). Other names are set in \mathit whole. */
char *expr_name_latex(const char *name)
{
    sbuf b;
    size_t n = alpha_run(name), d = digit_run(name + n);
    const char *rest = name + n + d;
    int g = greek_find(name, n);
    char *tmp;

    sb_init(&b);
    if (n == 0 || (*rest != 0 && (*rest != '_' || rest[1] == 0))) {
        sb_put(&b, "\\mathit{");
        tex_escaped(&b, name);
        sb_put(&b, "}");
        return b.s;
    }
    if (g >= 0) sb_put(&b, greek[g].tex);
    else if (n == 1) {
        char c[2] = {name[0], 0};
        sb_put(&b, c);
    } else {
        tmp = flint_malloc(n + 1);
        memcpy(tmp, name, n);
        tmp[n] = 0;
        sb_put(&b, "\\mathit{");
        tex_escaped(&b, tmp);
        sb_put(&b, "}");
        flint_free(tmp);
    }
    if (d == 0 && *rest == 0) return b.s;
    sb_put(&b, "_{");
    if (d) {
        tmp = flint_malloc(d + 1);
        memcpy(tmp, name + n, d);
        tmp[d] = 0;
        sb_put(&b, tmp);
        flint_free(tmp);
        if (*rest) sb_put(&b, ",");
    }
    if (*rest) tex_sub_word(&b, rest + 1);
    sb_put(&b, "}");
    return b.s;
}

/* ------------------------------------------------------------ numbers */

static int is_num(const expr_t e) { return e->kind == EXPR_NUM; }

static int is_nonneg_int(const expr_t e)
{
    return is_num(e) && fmpz_is_one(fmpq_denref(e->num)) && fmpq_sgn(e->num) >= 0;
}

/* An integer literal as the parser returns it: N, -N (NUM or NEG(N)). */
static int is_int_lit(const expr_t e)
{
    if (is_num(e)) return fmpz_is_one(fmpq_denref(e->num));
    return e->kind == EXPR_NEG && is_nonneg_int(e->args[0]);
}

/* A fraction: a non-integer NUM, or INT / positive integer (which is what
 * the parser makes of "3/4" and "-3/4"). */
static int is_fraction(const expr_t e)
{
    if (is_num(e)) return !fmpz_is_one(fmpq_denref(e->num));
    return e->kind == EXPR_DIV && is_int_lit(e->args[0]) && is_nonneg_int(e->args[1]) &&
           !fmpq_is_zero(e->args[1]->num);
}

/* The decimal s (as arb_get_str writes it; modified) into b, its exponent
 * kept as "e-7" (text, Unicode) or "\\cdot 10^{-7}" (LaTeX), the mantissa's
 * trailing zeros removed if strip. */
static void put_decimal(sbuf *b, char *s, style_t st, int strip)
{
    char *ex = strchr(s, 'e'), *p;
    if (ex) *ex = 0;
    if (strip && strchr(s, '.')) {
        p = s + strlen(s) - 1;
        while (*p == '0') *p-- = 0;
        if (*p == '.') *p = 0;
    }
    sb_put(b, s);
    if (ex) {
        const char *e1 = ex + 1;
        if (*e1 == '+') e1++;
        sb_put(b, st == ST_TEX ? " \\cdot 10^{" : "e");
        sb_put(b, e1);
        if (st == ST_TEX) sb_put(b, "}");
    }
}

/* A certified constant (a root or an extremum after the case's rewriting)
 * as an enclosure, never a bare midpoint: text "[m +/- r]" with 20 digits
 * (as `fricert eval` prints), Unicode "[m ± r]" with 8 (as the typeset
 * formulas), LaTeX "[m \\pm r]" with 8; a value that 20 digits show
 * exactly as those digits, trailing zeros removed. Each contains x
 * (arb_get_str's guarantee, fc_ball_mid_rad). */
static char *ball_str(const arb_t x, style_t st)
{
    char *mid, *rad;
    sbuf b;
    fc_ball_mid_rad(&mid, &rad, x, 20);
    if (strcmp(rad, "0") == 0) {   /* exact as printed */
        sb_init(&b);
        put_decimal(&b, mid, st, 1);
    } else if (st == ST_UNI) {
        b.s = fc_ball_str_unicode(x, 8, 0);
    } else if (st == ST_TEXT) {
        b.s = arb_get_str(x, 20, 0);
    } else {
        flint_free(mid);
        flint_free(rad);
        fc_ball_mid_rad(&mid, &rad, x, 8);
        sb_init(&b);
        sb_put(&b, "[");
        put_decimal(&b, mid, st, 0);
        sb_put(&b, " \\pm ");
        put_decimal(&b, rad, st, 0);
        sb_put(&b, "]");
    }
    flint_free(mid);
    flint_free(rad);
    return b.s;
}

static char *fmpz_str(const fmpz_t z)
{
    char *s = fmpz_get_str(NULL, 10, z), *r = str_dup(s);
    flint_free(s);
    return r;
}

static char *num_str(const fmpq_t q, style_t st, int *prec)
{
    char *s;
    sbuf b;
    int neg = fmpq_sgn(q) < 0;

    if (fmpz_is_one(fmpq_denref(q))) {
        *prec = neg ? P_NEG : P_ATOM;
        return fmpz_str(fmpq_numref(q));
    }
    if (st != ST_TEX) {
        *prec = P_MUL;
        s = fmpq_get_str(NULL, 10, q);
        return s;
    }
    *prec = neg ? P_NEG : P_POW;
    sb_init(&b);
    if (neg) sb_put(&b, "-");
    sb_put(&b, "\\frac{");
    s = fmpz_str(fmpq_numref(q));
    sb_put(&b, s + neg);
    flint_free(s);
    sb_put(&b, "}{");
    sb_take(&b, fmpz_str(fmpq_denref(q)));
    sb_put(&b, "}");
    return b.s;
}

/* ------------------------------------------------------------ printer */

static char *pr(const expr_t e, style_t st, int *prec);

static char *wrap(char *s, style_t st)
{
    sbuf b;
    sb_init(&b);
    sb_put(&b, st == ST_TEX ? "\\left(" : "(");
    sb_take(&b, s);
    sb_put(&b, st == ST_TEX ? "\\right)" : ")");
    return b.s;
}

/* The child printed at a position requiring level req. */
static char *child(const expr_t c, style_t st, int req)
{
    int p;
    char *s = pr(c, st, &p);
    return p < req ? wrap(s, st) : s;
}

/* An operand of a binary + - * /: also parenthesised when it is a number
 * fraction under * or /, or when it is not the first and starts with '-'. */
static char *arith_child(const expr_t c, style_t st, int req, int under_mul, int first)
{
    int p;
    char *s = pr(c, st, &p);
    if (p < req || (under_mul && st != ST_TEX && is_fraction(c)) || (!first && s[0] == '-'))
        return wrap(s, st);
    return s;
}

static const char *op_text(expr_kind k, style_t st)
{
    int u = st == ST_UNI, t = st == ST_TEX;
    switch (k) {
    case EXPR_ADD: return " + ";
    case EXPR_SUB: return " - ";
    case EXPR_MUL: return u ? "·" : t ? " \\cdot " : "*";
    case EXPR_DIV: return "/";
    case EXPR_LT: return " < ";
    case EXPR_LE: return u ? " ≤ " : t ? " \\le " : " <= ";
    case EXPR_GT: return " > ";
    case EXPR_GE: return u ? " ≥ " : t ? " \\ge " : " >= ";
    case EXPR_EQ: return u || t ? " = " : " == ";
    case EXPR_NE: return u ? " ≠ " : t ? " \\neq " : " != ";
    case EXPR_AND: return u ? " ∧ " : t ? " \\land " : " and ";
    case EXPR_OR: return u ? " ∨ " : t ? " \\lor " : " or ";
    case EXPR_XOR: return u ? " ⊻ " : t ? " \\oplus " : " xor ";
    case EXPR_IMPLIES: return u ? " ⇒ " : t ? " \\Rightarrow " : " implies ";
    case EXPR_IFF: return u ? " ⇔ " : t ? " \\Leftrightarrow " : " iff ";
    case EXPR_RANGE: return t ? " \\ldots " : " .. ";
    default: return " ? ";
    }
}

/* Precedence of a binary operator and the levels its operands need. */
static void bin_levels(expr_kind k, int *p, int *l, int *r)
{
    switch (k) {
    case EXPR_ADD: case EXPR_SUB: *p = P_ADD; *l = P_ADD; *r = P_MUL; break;
    case EXPR_MUL: case EXPR_DIV: *p = P_MUL; *l = P_MUL; *r = P_NEG; break;
    case EXPR_POW: *p = P_POW; *l = P_ATOM; *r = P_POW; break;
    case EXPR_LT: case EXPR_LE: case EXPR_GT: case EXPR_GE: case EXPR_EQ: case EXPR_NE:
        *p = P_CMP; *l = P_ADD; *r = P_ADD; break;
    case EXPR_AND: *p = P_AND; *l = P_AND; *r = P_NOT; break;
    case EXPR_XOR: *p = P_XOR; *l = P_XOR; *r = P_AND; break;
    case EXPR_OR: *p = P_OR; *l = P_OR; *r = P_XOR; break;
    case EXPR_IMPLIES: *p = P_IMPL; *l = P_OR; *r = P_IMPL; break;
    case EXPR_IFF: *p = P_IFF; *l = P_IFF; *r = P_IMPL; break;
    default: *p = P_RANGE; *l = P_IFF; *r = P_IFF; break;   /* EXPR_RANGE */
    }
}

/* Juxtaposition "3θ", "2x²": a non-negative integer times a name or pi
 * (possibly raised to a power). */
static int juxtapose(const expr_t a, const expr_t b0)
{
    const expr_node *b = b0;
    if (!is_nonneg_int(a)) return 0;
    if (b->kind == EXPR_POW) b = b->args[0];
    return b->kind == EXPR_VAR || b->kind == EXPR_PI;
}

static const char *superscript[10] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};

/* Unicode superscript of an integer literal (|k| < 2^19) or NULL. */
static char *uni_superscript(const expr_t x0)
{
    expr_t x = x0;
    const fmpz *z;
    char *s, *p;
    sbuf b;
    int neg = 0;

    if (x->kind == EXPR_NEG && is_nonneg_int(x->args[0])) {
        neg = 1;
        x = x->args[0];
    }
    if (!is_int_lit(x)) return NULL;
    z = fmpq_numref(x->num);
    if (fmpz_bits(z) > 19) return NULL;
    if (neg && fmpz_sgn(z) < 0) return NULL;
    s = fmpz_get_str(NULL, 10, z);
    sb_init(&b);
    if (neg) sb_put(&b, "⁻");
    for (p = s; *p; p++) sb_put(&b, *p == '-' ? "⁻" : superscript[*p - '0']);
    flint_free(s);
    return b.s;
}

static char *pr_pow(const expr_t e, style_t st, int *prec)
{
    sbuf b;
    char *sup;
    *prec = P_POW;
    sb_init(&b);
    if (st == ST_TEXT) {
        sb_take(&b, child(e->args[0], st, P_ATOM));
        sb_put(&b, "^");
        sb_take(&b, child(e->args[1], st, P_POW));
    } else if (st == ST_UNI) {
        sb_take(&b, child(e->args[0], st, P_ATOM));
        sup = uni_superscript(e->args[1]);
        if (sup) sb_take(&b, sup);
        else {
            sb_put(&b, "^");
            sb_take(&b, child(e->args[1], st, P_ATOM));
        }
    } else {
        sb_take(&b, child(e->args[0], st, P_ATOM));
        sb_put(&b, "^{");
        sb_take(&b, pr(e->args[1], st, prec));
        sb_put(&b, "}");
        *prec = P_POW;
    }
    return b.s;
}

static char *pr_binary(const expr_t e, style_t st, int *prec)
{
    int l, r, arith = e->kind == EXPR_ADD || e->kind == EXPR_SUB || e->kind == EXPR_MUL ||
                      e->kind == EXPR_DIV;
    int mul = e->kind == EXPR_MUL || e->kind == EXPR_DIV;
    sbuf b;

    bin_levels(e->kind, prec, &l, &r);
    sb_init(&b);
    if (e->kind == EXPR_DIV && st == ST_TEX) {
        int p;
        *prec = P_POW;
        sb_put(&b, "\\frac{");
        sb_take(&b, pr(e->args[0], st, &p));
        sb_put(&b, "}{");
        sb_take(&b, pr(e->args[1], st, &p));
        sb_put(&b, "}");
        return b.s;
    }
    if (arith) sb_take(&b, arith_child(e->args[0], st, l, mul, 1));
    else sb_take(&b, child(e->args[0], st, l));
    if (!(e->kind == EXPR_MUL && st != ST_TEXT && juxtapose(e->args[0], e->args[1])))
        sb_put(&b, op_text(e->kind, st));
    if (arith) sb_take(&b, arith_child(e->args[1], st, r, mul, 0));
    else sb_take(&b, child(e->args[1], st, r));
    return b.s;
}

/* LaTeX name of a builtin, or NULL to use \operatorname. */
static const char *tex_fn(expr_fn fn)
{
    switch (fn) {
    case FN_SIN: return "\\sin";    case FN_COS: return "\\cos";
    case FN_TAN: return "\\tan";    case FN_COT: return "\\cot";
    case FN_ASIN: return "\\arcsin"; case FN_ACOS: return "\\arccos";
    case FN_ATAN: return "\\arctan"; case FN_SINH: return "\\sinh";
    case FN_COSH: return "\\cosh";  case FN_TANH: return "\\tanh";
    case FN_LOG: return "\\ln";     case FN_MIN: return "\\min";
    case FN_MAX: return "\\max";    case FN_EXP: return "\\exp";
    default: return NULL;
    }
}

/* Functions written without parentheses in LaTeX when the argument is a
 * single symbol: \sin\theta, \ln x. */
static int tex_bare_fn(expr_fn fn)
{
    return fn == FN_SIN || fn == FN_COS || fn == FN_TAN || fn == FN_COT || fn == FN_SINH ||
           fn == FN_COSH || fn == FN_TANH || fn == FN_LOG;
}

static int tex_bare_arg(const expr_t a)
{
    return a->kind == EXPR_VAR || a->kind == EXPR_PI || is_nonneg_int(a);
}

static void pr_args(sbuf *b, const expr_t e, style_t st, int from)
{
    int i, p;
    sb_put(b, st == ST_TEX ? "\\left(" : "(");
    for (i = from; i < e->nargs; i++) {
        if (i > from) sb_put(b, ", ");
        sb_take(b, pr(e->args[i], st, &p));
    }
    sb_put(b, st == ST_TEX ? "\\right)" : ")");
}

/* LaTeX function applied: name, optional power "^{k}", argument. */
static char *tex_call(const expr_t e, const char *power, int *prec)
{
    sbuf b;
    const char *nm = tex_fn(e->fn);
    int p;
    char *a;

    sb_init(&b);
    *prec = P_ATOM;
    if (nm) sb_put(&b, nm);
    else {
        sb_put(&b, "\\operatorname{");
        tex_escaped(&b, e->name);
        sb_put(&b, "}");
    }
    if (power) {
        sb_put(&b, "^{");
        sb_put(&b, power);
        sb_put(&b, "}");
    }
    if (e->nargs == 1 && tex_bare_fn(e->fn) && tex_bare_arg(e->args[0])) {
        a = pr(e->args[0], ST_TEX, &p);
        if (a[0] != '\\') sb_put(&b, " ");
        sb_take(&b, a);
        *prec = P_POW;
    } else {
        pr_args(&b, e, ST_TEX, 0);
    }
    return b.s;
}

static char *pr_func_tex(const expr_t e, int *prec)
{
    sbuf b;
    int p;
    if (e->fn == FN_USER || e->nargs == 0) return tex_call(e, NULL, prec);
    sb_init(&b);
    *prec = P_ATOM;
    switch (e->fn) {
    case FN_SQRT: case FN_CBRT:
        sb_put(&b, e->fn == FN_SQRT ? "\\sqrt{" : "\\sqrt[3]{");
        sb_take(&b, pr(e->args[0], ST_TEX, &p));
        sb_put(&b, "}");
        return b.s;
    case FN_ABS:
        sb_put(&b, "\\left|");
        sb_take(&b, pr(e->args[0], ST_TEX, &p));
        sb_put(&b, "\\right|");
        return b.s;
    case FN_EXP:
        *prec = P_POW;
        sb_put(&b, "e^{");
        sb_take(&b, pr(e->args[0], ST_TEX, &p));
        sb_put(&b, "}");
        return b.s;
    case FN_SIGN: case FN_ATAN2:
        sb_put(&b, e->fn == FN_SIGN ? "\\operatorname{sign}" : "\\operatorname{atan2}");
        pr_args(&b, e, ST_TEX, 0);
        return b.s;
    case FN_IF:
        if (e->nargs != 3) break;
        *prec = P_POW;
        sb_put(&b, "\\begin{cases} ");
        sb_take(&b, pr(e->args[1], ST_TEX, &p));
        sb_put(&b, " & \\text{if } ");
        sb_take(&b, pr(e->args[0], ST_TEX, &p));
        sb_put(&b, " \\\\ ");
        sb_take(&b, pr(e->args[2], ST_TEX, &p));
        sb_put(&b, " & \\text{otherwise} \\end{cases}");
        return b.s;
    default:
        break;
    }
    flint_free(b.s);
    return tex_call(e, NULL, prec);
}

static char *pr_func(const expr_t e, style_t st, int *prec)
{
    sbuf b;
    int p;
    if (st == ST_TEX) return pr_func_tex(e, prec);
    sb_init(&b);
    *prec = P_ATOM;
    if (st == ST_UNI && e->nargs == 1 && (e->fn == FN_SQRT || e->fn == FN_CBRT)) {
        *prec = P_POW;
        sb_put(&b, e->fn == FN_SQRT ? "√" : "∛");
        sb_take(&b, child(e->args[0], st, P_ATOM));
        return b.s;
    }
    if (st == ST_UNI && e->nargs == 1 && e->fn == FN_ABS) {
        sb_put(&b, "|");
        sb_take(&b, pr(e->args[0], st, &p));
        sb_put(&b, "|");
        return b.s;
    }
    sb_put(&b, e->name);
    pr_args(&b, e, st, 0);
    return b.s;
}

/* LaTeX: f(u)^k for a positive integer k and an elementary function f is
 * written \cos^{2}\theta. */
static char *tex_trig_power(const expr_t e, int *prec)
{
    const expr_t f = e->args[0], k = e->args[1];
    char *ks, *r;
    if (f->kind != EXPR_FUNC || f->nargs != 1 || !tex_bare_fn(f->fn) || f->fn == FN_LOG ||
        !is_nonneg_int(k) || fmpq_is_zero(k->num))
        return NULL;
    ks = fmpz_str(fmpq_numref(k->num));
    r = tex_call(f, ks, prec);
    flint_free(ks);
    return r;
}

/* exists / forall: "exists x in LO .. HI : P", "∃x ∈ [LO, HI]: P",
 * "\exists x \in \left[LO, HI\right]\colon P". The condition extends to
 * the right as far as it can, so the node has the lowest level. */
static char *pr_quant(const expr_t e, style_t st, int *prec)
{
    sbuf b;
    int p, ex = e->kind == EXPR_EXISTS;
    *prec = P_RANGE;
    sb_init(&b);
    if (st == ST_TEXT) sb_put(&b, ex ? "exists " : "forall ");
    else if (st == ST_UNI) sb_put(&b, ex ? "∃" : "∀");
    else sb_put(&b, ex ? "\\exists " : "\\forall ");
    sb_take(&b, pr(e->args[0], st, &p));
    sb_put(&b, st == ST_TEXT ? " in " : st == ST_UNI ? " ∈ [" : " \\in \\left[");
    sb_take(&b, child(e->args[1], st, P_ADD));
    sb_put(&b, st == ST_TEXT ? " .. " : ", ");
    sb_take(&b, child(e->args[2], st, P_ADD));
    sb_put(&b, st == ST_TEXT ? " : " : st == ST_UNI ? "]: " : "\\right]\\colon ");
    sb_take(&b, pr(e->args[3], st, &p));
    return b.s;
}

static char *pr(const expr_t e, style_t st, int *prec)
{
    sbuf b;
    char *s;

    *prec = P_ATOM;
    switch (e->kind) {
    case EXPR_NUM:
        return num_str(e->num, st, prec);
    case EXPR_BALL:
        s = ball_str(e->ball, st);
        if (s[0] == '-') *prec = P_NEG;
        return s;
    case EXPR_PI:
        return str_dup(st == ST_TEXT ? "pi" : st == ST_UNI ? "π" : "\\pi");
    case EXPR_E:
        return str_dup("e");
    case EXPR_TRUE:
        return str_dup(st == ST_TEX ? "\\mathrm{true}" : "true");
    case EXPR_FALSE:
        return str_dup(st == ST_TEX ? "\\mathrm{false}" : "false");
    case EXPR_VAR:
        return st == ST_TEXT ? str_dup(e->name)
               : st == ST_UNI ? expr_name_unicode(e->name) : expr_name_latex(e->name);
    case EXPR_NEG:
        *prec = P_NEG;
        sb_init(&b);
        sb_put(&b, "-");
        /* text: --x reads back as -(-x) without a nesting level per sign */
        {
            int p2;
            char *cs = pr(e->args[0], st, &p2);
            if (st == ST_TEXT && p2 == P_NEG && cs[0] == '-') sb_take(&b, cs);
            else sb_take(&b, p2 < P_POW ? wrap(cs, st) : cs);
        }
        return b.s;
    case EXPR_NOT:
        *prec = P_NOT;
        sb_init(&b);
        sb_put(&b, st == ST_TEXT ? "not " : st == ST_UNI ? "¬" : "\\lnot ");
        /* "not a < b" is text; display forms write ¬(a < b) */
        sb_take(&b, child(e->args[0], st, st == ST_TEXT ? P_NOT : P_ADD));
        return b.s;
    case EXPR_POW:
        if (st == ST_TEX && (s = tex_trig_power(e, prec)) != NULL) return s;
        return pr_pow(e, st, prec);
    case EXPR_FUNC:
        return pr_func(e, st, prec);
    case EXPR_EXISTS: case EXPR_FORALL:
        return pr_quant(e, st, prec);
    default:
        if (e->nargs == 2) return pr_binary(e, st, prec);
        return str_dup("?");
    }
}

static char *print_top(const expr_t e, style_t st)
{
    int p;
    if (e == NULL) return str_dup("");
    return pr(e, st, &p);
}

/* Plain text with the fewest parentheses the grammar needs (plus the two
 * readability rules above); expr_parse reads it back to the same tree, up
 * to writing numbers as the parser does (-3 as NEG(3), 3/4 as DIV(3, 4)).
 * Balls print their midpoint as a decimal (not exact). */
char *expr_to_text(const expr_t e) { return print_top(e, ST_TEXT); }

/* Unicode for display: Greek names, ·, superscript integer exponents, √,
 * ≤ ≥ ≠, ∧ ∨ ¬ ⇒ ⇔, π. Not meant to be parsed. */
char *expr_to_unicode(const expr_t e) { return print_top(e, ST_UNI); }

/* LaTeX math-mode source (no surrounding $): \frac, \sqrt, \cdot, \le,
 * \land, \cos^{2}\theta, cases for if(). */
char *expr_to_latex(const expr_t e) { return print_top(e, ST_TEX); }
