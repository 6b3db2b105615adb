/* mathtext.c -- free text with inline formulas typeset; see mathtext.h. */
#include "report/mathtext.h"
#include "base/fc_str.h"
#include "base/fc_error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ characters */

static const struct { unsigned cp; const char *name; } mt_greek[] = {
    {0x3b1, "alpha"}, {0x3b2, "beta"}, {0x3b3, "gamma"}, {0x3b4, "delta"}, {0x3b5, "epsilon"},
    {0x3b6, "zeta"}, {0x3b7, "eta"}, {0x3b8, "theta"}, {0x3b9, "iota"}, {0x3ba, "kappa"},
    {0x3bb, "lambda"}, {0x3bc, "mu"}, {0x3bd, "nu"}, {0x3be, "xi"}, {0x3c0, "pi"}, {0x3c1, "rho"},
    {0x3c3, "sigma"}, {0x3c4, "tau"}, {0x3c5, "upsilon"}, {0x3c6, "phi"}, {0x3c7, "chi"},
    {0x3c8, "psi"}, {0x3c9, "omega"}, {0x393, "Gamma"}, {0x394, "Delta"}, {0x398, "Theta"},
    {0x39b, "Lambda"}, {0x39e, "Xi"}, {0x3a0, "Pi"}, {0x3a3, "Sigma"}, {0x3a6, "Phi"},
    {0x3a8, "Psi"}, {0x3a9, "Omega"},
};

/* signs a formula holds (the relations and operators of fricert's printers) */
static const unsigned mt_signs[] = {0x2264, 0x2265, 0x2260, 0xb7, 0xd7, 0x2212, 0x2208, 0xb1, 0x221a, 0x2192,
                                    0xb2, 0xb3, 0x2248, 0x221e, 0xb0, 0x307, 0x308};

/* precomposed letters with a dot above (ẋ, ż, ṙ, ...): base letter */
static const struct { unsigned cp; char base; } mt_dotted[] = {
    {0x1e8b, 'x'}, {0x1e8f, 'y'}, {0x17c, 'z'}, {0x1e59, 'r'}, {0x1e57, 'p'}, {0x1e61, 's'}, {0x1e6b, 't'},
    {0x121, 'g'}, {0x1e41, 'm'}, {0x1e45, 'n'}, {0x1e87, 'w'}, {0x1e03, 'b'}, {0x1e0b, 'd'}, {0x1e1f, 'f'},
    {0x1e23, 'h'}, {0x1e8a, 'X'}, {0x1e8e, 'Y'},
};

static const char *const mt_funcs[] = {"sin", "cos", "tan", "cot", "atan", "asin", "acos", "max", "min",
                                       "exp", "ln", "log", "sinh", "cosh", "tanh", "sqrt"};

static const char *
mt_greek_name(unsigned cp)
{
    size_t k;
    for (k = 0; k < sizeof mt_greek / sizeof mt_greek[0]; k++)
        if (mt_greek[k].cp == cp)
            return mt_greek[k].name;
    return NULL;
}

static int
mt_is_sign(unsigned cp)
{
    size_t k;
    for (k = 0; k < sizeof mt_signs / sizeof mt_signs[0]; k++)
        if (mt_signs[k] == cp)
            return 1;
    return 0;
}

static char
mt_dotted_base(unsigned cp)
{
    size_t k;
    for (k = 0; k < sizeof mt_dotted / sizeof mt_dotted[0]; k++)
        if (mt_dotted[k].cp == cp)
            return mt_dotted[k].base;
    return 0;
}

static int
mt_alpha(int ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

static int
mt_digit(int ch)
{
    return ch >= '0' && ch <= '9';
}

/* 1 if S[0..n) names a function; 2 if a Greek letter. */
static int
mt_word_of(const char *s, size_t n)
{
    size_t k;
    for (k = 0; k < sizeof mt_funcs / sizeof mt_funcs[0]; k++)
        if (strlen(mt_funcs[k]) == n && strncmp(mt_funcs[k], s, n) == 0)
            return 1;
    for (k = 0; k < sizeof mt_greek / sizeof mt_greek[0]; k++)
        if (strlen(mt_greek[k].name) == n && strncmp(mt_greek[k].name, s, n) == 0)
            return 2;
    return 0;
}

/* ------------------------------------------------------------ runs */

/* Class of the word S[0..n): 2 a formula word, 1 a short symbol word, 0 text. */
static int
mt_word_class(const char *s, size_t n)
{
    static const char *const common[] = {"a", "I", "II", "III", "IV", "an", "as", "at", "be", "by", "do",
                                         "if", "in", "is", "it", "no", "of", "on", "or", "so", "to", "up", "we"};
    size_t i = 0, b = 0, e = n, k;
    int strong = 0;

    while (e > 0 && strchr(",:;.?!", s[e - 1]))
        e--;
    if (e > 1 && s[0] == '[' && s[e - 1] == ']')
        return 0;   /* a unit in brackets ("[m/s²]") is text, as in the tables */
    e = n;
    while (b < e && strchr("([{", s[b]))
        b++;
    while (e > b && strchr(")]},:;.?!", s[e - 1]))
        e--;
    if (e == b)
        return 0;
    for (k = 0; k < sizeof common / sizeof common[0]; k++)
        if (strlen(common[k]) == e - b && strncmp(common[k], s + b, e - b) == 0)
            return 0;
    if (mt_word_of(s + b, e - b) == 2)
        return 2;
    for (i = 0; i < n;)
    {
        int len;
        unsigned cp = fc_utf8_next(s + i, &len);
        if (mt_alpha((int) cp))
        {
            size_t j = i;
            while (j < n && mt_alpha(s[j]))
                j++;
            /* a long run of letters is a word, unless it names a function or a Greek letter */
            if (j - i > 2 && !mt_word_of(s + i, j - i))
                return 0;
            if (j - i == 2 && !mt_word_of(s + i, j - i) && !(i > 0 && (s[i - 1] == '_' || mt_digit(s[i - 1]))))
                return 0;
            i = j;
            continue;
        }
        if (cp >= 0x80)
        {
            if (mt_greek_name(cp) || mt_is_sign(cp) || mt_dotted_base(cp))
                strong = 1;
            else
                return 0;   /* a letter a formula does not take (é): text */
        }
        else if (strchr("=<>|^", (int) cp))
            strong = 1;
        else if (cp == '-' && i > 0 && i + 1 < n && (mt_alpha(s[i - 1]) || mt_digit(s[i - 1]))
                 && (mt_alpha(s[i + 1]) || mt_digit(s[i + 1])))
            return 0;   /* a hyphenated name (E-A2, C7-NOLIFT) is text */
        else if (!(mt_digit((int) cp) || strchr("_.,:;()[]{}*/+-'", (int) cp)))
            return 0;
        i += (size_t) len;
    }
    return strong ? 2 : 1;
}

static void
mt_push(report_mt_span **v, int *n, int *a, size_t off, size_t len, int kind)
{
    if (len == 0)
        return;
    if (*n == *a)
    {
        *a = *a ? 2 * *a : 16;
        *v = flint_realloc(*v, (size_t) *a * sizeof **v);
        if (*v == NULL)
            abort();   /* as flint_malloc */
    }
    (*v)[*n].off = off;
    (*v)[*n].len = len;
    (*v)[*n].kind = kind;
    (*n)++;
}

/* 1 if S[0..n) is a number (digits and points). */
static int
mt_number_word(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (!(mt_digit(s[i]) || s[i] == '.'))
            return 0;
    return n > 0;
}

static int
mt_split(report_mt_span **out, const char *s, int flags)
{
    size_t n = strlen(s), i = 0;
    int k = 0, a = 0;

    *out = NULL;
    while (i < n)
    {
        size_t b = i, e, r;
        int cls, strong = 0;

        while (b < n && s[b] == ' ')
            b++;
        mt_push(out, &k, &a, i, b - i, REPORT_MT_SPACE);
        if (b >= n)
            break;
        /* the run of formula and symbol words starting at b */
        e = b;
        r = b;
        for (;;)
        {
            size_t we = e;
            while (we < n && s[we] != ' ')
                we++;
            cls = mt_word_class(s + e, we - e);
            if (cls == 0)
                break;
            strong |= cls == 2;
            r = we;
            if (strchr(":;", s[we - 1]))
                break;   /* a run ends after a word that ends a clause */
            e = we;
            while (e < n && s[e] == ' ')
                e++;
            if (e >= n)
                break;
        }
        if (r > b && !strong && (flags & REPORT_MT_LABEL) && b == 0)
        {
            /* an axis label's first word alone is a name (m_c, F0, Q1) */
            size_t we = b;
            while (we < n && s[we] != ' ')
                we++;
            if (mt_word_class(s, we) == 1 && !mt_number_word(s, we))
                strong = 1, r = we;
        }
        if (r > b && strong)
        {
            size_t m = r, w0 = b;
            /* a number before a parenthesis opens the run ("Figure 4 (ψ0 = 0)",
               "case 2 (b = 1"): it belongs to the words before it */
            while (w0 < r && s[w0] != ' ')
                w0++;
            if (w0 < r && mt_number_word(s + b, w0 - b) && w0 + 1 < n && s[w0 + 1] == '(')
            {
                mt_push(out, &k, &a, b, w0 - b, REPORT_MT_TEXT);
                mt_push(out, &k, &a, w0, 1, REPORT_MT_SPACE);
                b = w0 + 1;
            }
            while (m > b && strchr(",:;.?!", s[m - 1]))
                m--;
            mt_push(out, &k, &a, b, m - b, REPORT_MT_MATH);
            mt_push(out, &k, &a, m, r - m, REPORT_MT_TEXT);
            i = r;
        }
        else
        {
            size_t we = b;
            while (we < n && s[we] != ' ')
                we++;
            mt_push(out, &k, &a, b, we - b, REPORT_MT_TEXT);
            i = we;
        }
    }
    return k;
}

int
report_mt_split(report_mt_span **out, const char *s)
{
    return mt_split(out, s, 0);
}

/* ------------------------------------------------------------ formulas */

/* Names made up for a formula (a decimal as written, a starred name), with
 * their display strings; other names go to the caller's display rule. */
typedef struct
{
    char *name[64], *disp[64];
    int n;
    const report_ml_ctx *outer;
} mt_names;

static const char *
mt_display(void *arg, const char *name)
{
    mt_names *t = arg;
    int i;
    for (i = 0; i < t->n; i++)
        if (strcmp(t->name[i], name) == 0)
            return t->disp[i];
    return t->outer->display ? t->outer->display(t->outer->display_arg, name) : NULL;
}

/* A made-up name standing for display string DISP (NULL if the table is full). */
static char *
mt_alias(mt_names *t, char *disp)
{
    if (t->n == 64)
    {
        flint_free(disp);
        return NULL;
    }
    t->name[t->n] = fc_printf("zzmt%d", t->n);
    t->disp[t->n] = disp;
    return t->name[t->n++];
}

typedef enum { T_NAME, T_NUM, T_FUNC, T_OP, T_OPEN, T_CLOSE, T_REL, T_COMMA, T_OTHER } mt_tok_kind;

typedef struct
{
    mt_tok_kind kind;
    char *src;      /* fricert syntax (NAME, NUM, FUNC, OP), or the text shown (REL, COMMA, OTHER) */
    int space;      /* a space came before it */
} mt_tok;

/* One name at S[*i] (Latin letters with digits and a _suffix, or a Greek
 * letter, with a dot accent, digits, a suffix and a star) as a fricert name
 * (made up through T when it has a star); advances *i. */
static char *
mt_name(mt_names *t, const char *s, size_t n, size_t *i)
{
    char buf[96], disp[160];
    size_t j = *i, k = 0;
    int len, star = 0;
    unsigned cp = fc_utf8_next(s + j, &len);
    const char *g = mt_greek_name(cp);
    char dotted = mt_dotted_base(cp);

    if (g || dotted)
    {
        snprintf(buf, sizeof buf, "%s%s", g ? g : (char[2]) {dotted, 0}, dotted ? "dot" : "");
        k = strlen(buf);
        j += (size_t) len;
        if (j < n)
        {
            unsigned m = fc_utf8_next(s + j, &len);
            if ((m == 0x307 || m == 0x308) && !dotted)
            {
                k += (size_t) snprintf(buf + k, sizeof buf - k, m == 0x307 ? "dot" : "ddot");
                j += (size_t) len;
            }
        }
    }
    else
        while (j < n && mt_alpha(s[j]) && k < 40)
            buf[k++] = s[j++];
    while (j < n && (mt_alpha(s[j]) || mt_digit(s[j]) || (s[j] == '_' && j + 1 < n && (mt_alpha(s[j + 1]) ||
                     mt_digit(s[j + 1])))) && k < 80)
        buf[k++] = s[j++];
    buf[k] = '\0';
    if (j < n && s[j] == '*')
    {
        star = 1;
        j++;
    }
    *i = j;
    if (!star)
        return fc_strdup(buf);
    /* the name as the default rule shows it, with a star above */
    {
        size_t a = 0, d;
        char base[96];
        while (mt_alpha(buf[a]))
            a++;
        d = a;
        while (mt_digit(buf[d]))
            d++;
        memcpy(base, buf, a);
        base[a] = '\0';
        if (a > 3 && strcmp(base + a - 3, "dot") == 0 && a - 3 >= 1)
        {
            base[a - 3] = '\0';
            snprintf(disp, sizeof disp, "\\dot%s%s", mt_word_of(base, strlen(base)) == 2 ? "\\" : "", base);
        }
        else
            snprintf(disp, sizeof disp, "%s%s", mt_word_of(base, a) == 2 ? "\\" : "", base);
        if (d > a || buf[d] == '_')
            snprintf(disp + strlen(disp), sizeof disp - strlen(disp), "_{%s}", buf + a + (d == a && buf[d] == '_'));
        strncat(disp, "^*", sizeof disp - strlen(disp) - 1);
        return fc_strdup(mt_alias(t, fc_strdup(disp)) ? t->name[t->n - 1] : buf);
    }
}

static void
mt_tok_push(mt_tok **v, int *n, int *a, mt_tok_kind kind, char *src, int space)
{
    if (*n == *a)
    {
        *a = *a ? 2 * *a : 16;
        *v = flint_realloc(*v, (size_t) *a * sizeof **v);
        if (*v == NULL)
            abort();
    }
    (*v)[*n].kind = kind;
    (*v)[*n].src = src;
    (*v)[*n].space = space;
    (*n)++;
}

/* The tokens of S[0..n). */
static int
mt_tokens(mt_tok **out, mt_names *t, const char *s, size_t n)
{
    size_t i = 0;
    int k = 0, a = 0, space = 0;

    *out = NULL;
    while (i < n)
    {
        int len;
        unsigned cp = fc_utf8_next(s + i, &len);
        if (cp == ' ')
        {
            space = 1;
            i++;
            continue;
        }
        if (mt_alpha((int) cp) || mt_greek_name(cp) || mt_dotted_base(cp))
        {
            size_t j = i;
            char *nm;
            while (j < n && mt_alpha(s[j]))
                j++;
            if (mt_word_of(s + i, j - i) == 1 && (j >= n || !(mt_digit(s[j]) || s[j] == '_')))
            {
                char *f = fc_strndup(s + i, j - i);
                if (strcmp(f, "ln") == 0)
                {
                    flint_free(f);
                    f = fc_strdup("log");
                }
                mt_tok_push(out, &k, &a, T_FUNC, f, space);
                i = j;
            }
            else
            {
                nm = mt_name(t, s, n, &i);
                mt_tok_push(out, &k, &a, T_NAME, nm, space);
            }
        }
        else if (mt_digit((int) cp) || (cp == '.' && i + 1 < n && mt_digit(s[i + 1])))
        {
            size_t j = i;
            int dot = 0;
            while (j < n && (mt_digit(s[j]) || (s[j] == '.' && !dot && j + 1 < n && mt_digit(s[j + 1]))))
                dot |= s[j++] == '.';
            if (dot)
            {
                /* a decimal as written (the parser would make it an exact fraction) */
                char *d = fc_strndup(s + i, j - i), *nm = mt_alias(t, d);
                mt_tok_push(out, &k, &a, nm ? T_NAME : T_OTHER, fc_strdup(nm ? nm : "?"), space);
            }
            else
                mt_tok_push(out, &k, &a, T_NUM, fc_strndup(s + i, j - i), space);
            i = j;
        }
        else
        {
            const char *op = NULL, *rel = NULL;
            switch (cp)
            {
            case '+': op = "+"; break;
            case '-': case 0x2212: op = "-"; break;
            case '*': case 0xb7: case 0xd7: op = "*"; break;
            case '/': op = "/"; break;
            case '^': op = "^"; break;
            case 0xb2: op = "^2"; break;
            case 0xb3: op = "^3"; break;
            case 0x221a: op = "sqrt"; break;
            case '=': rel = "="; break;
            case '<': rel = "<"; break;
            case '>': rel = ">"; break;
            case 0x2264: rel = "\xe2\x89\xa4"; break;
            case 0x2265: rel = "\xe2\x89\xa5"; break;
            case 0x2260: rel = "\xe2\x89\xa0"; break;
            default: break;
            }
            if (cp == 0x221a)
                mt_tok_push(out, &k, &a, T_FUNC, fc_strdup("sqrt"), space);
            else if (op)
                mt_tok_push(out, &k, &a, T_OP, fc_strdup(op), space);
            else if (rel)
                mt_tok_push(out, &k, &a, T_REL, fc_strdup(rel), space);
            else if (cp == '(')
                mt_tok_push(out, &k, &a, T_OPEN, fc_strdup("("), space);
            else if (cp == ')')
                mt_tok_push(out, &k, &a, T_CLOSE, fc_strdup(")"), space);
            else if (cp == ',')
                mt_tok_push(out, &k, &a, T_COMMA, fc_strdup(","), space);
            else
                mt_tok_push(out, &k, &a, T_OTHER, fc_strndup(s + i, (size_t) len), space);
            i += (size_t) len;
        }
        space = 0;
    }
    return k;
}

static int
mt_ends_atom(const mt_tok *t)
{
    return t->kind == T_NAME || t->kind == T_NUM || t->kind == T_CLOSE || (t->kind == T_OP && t->src[0] == '^'
                                                                          && t->src[1]);
}

static int
mt_starts_atom(const mt_tok *t)
{
    return t->kind == T_NAME || t->kind == T_NUM || t->kind == T_FUNC || t->kind == T_OPEN;
}

/* The fricert source of tokens V[0..n): juxtaposition as '*', a function
 * applied to an atom without parentheses (tan θ, √x) as f(atom), sin²θ as
 * sin(θ)^2; NULL if a function is followed by no argument. */
static char *
mt_source(const mt_tok *v, int n)
{
    size_t cap = 16;
    int i;
    char *s;
    for (i = 0; i < n; i++)
        cap += 2 * strlen(v[i].src) + 8;
    s = flint_malloc(cap);
    if (s == NULL)
        abort();
    s[0] = '\0';
    for (i = 0; i < n; i++)
    {
        if (i > 0 && mt_ends_atom(&v[i - 1]) && mt_starts_atom(&v[i]))
            strcat(s, "*");
        if (v[i].kind == T_FUNC && (i + 1 >= n || v[i + 1].kind != T_OPEN))
        {
            /* f ATOM (tan θ, √x) as f(ATOM); f^k ATOM (sin²θ) as f(ATOM)^k;
               anything else after a function is no expression */
            int pw = i + 2 < n && v[i + 1].kind == T_OP && v[i + 1].src[0] == '^' && v[i + 1].src[1];
            int a = i + 1 + pw;
            if (a >= n || !(v[a].kind == T_NAME || v[a].kind == T_NUM))
            {
                flint_free(s);
                return NULL;
            }
            strcat(s, v[i].src);
            strcat(s, "(");
            strcat(s, v[a].src);
            strcat(s, ")");
            if (pw)
                strcat(s, v[i + 1].src);
            strcat(s, " ");
            i = a;
            continue;
        }
        if (v[i].kind == T_REL)
            strcat(s, strcmp(v[i].src, "=") == 0 ? "==" : strcmp(v[i].src, "\xe2\x89\xa4") == 0 ? "<="
                      : strcmp(v[i].src, "\xe2\x89\xa5") == 0 ? ">=" : strcmp(v[i].src, "\xe2\x89\xa0") == 0 ? "!="
                      : v[i].src);
        else
            strcat(s, v[i].src);
        strcat(s, " ");
    }
    return s;
}

/* A piece that does not parse, symbol by symbol. */
static void
mt_piece_symbols(report_ml_box *out, const report_ml_ctx *x, const mt_tok *v, int n, double size)
{
    int i;
    report_ml_box_init(out);
    for (i = 0; i < n; i++)
    {
        report_ml_box b;
        const char *s = v[i].src;
        if (v[i].kind == T_NAME)
            report_ml_name_box(&b, x, s, size);
        else if (v[i].kind == T_FUNC && strcmp(s, "sqrt") == 0)
            report_ml_text_box(&b, x, "\xe2\x88\x9a", size);
        else if (v[i].kind == T_OP && s[0] == '^' && s[1])
            report_ml_text_box(&b, x, s[1] == '2' ? "\xc2\xb2" : "\xc2\xb3", size);
        else if (v[i].kind == T_OP && s[0] == '-')
            report_ml_text_box(&b, x, "\xe2\x88\x92", size);
        else if (v[i].kind == T_OP && s[0] == '*')
            report_ml_text_box(&b, x, "\xc2\xb7", size);
        else
            report_ml_text_box(&b, x, s, size);
        report_ml_hcat(out, &b, i > 0 && (v[i].space || v[i].kind == T_OP || v[i - 1].kind == T_OP) ? 0.2 * size : 0);
    }
}

static void
mt_piece(report_ml_box *out, const report_ml_ctx *x, const mt_tok *v, int n, double size)
{
    char *src;
    expr_t e;
    fc_error err;
    int i, bad = 0;

    report_ml_box_init(out);
    if (n == 0)
        return;
    if (n > 2 && v[0].kind == T_OPEN && v[n - 1].kind == T_CLOSE)
    {
        /* a piece in parentheses of its own ("(2.6)", an equation's number):
           they are the author's, kept (the layout drops redundant ones) */
        int d = 0, j;
        for (j = 1; j < n - 1 && d >= 0; j++)
            d += v[j].kind == T_OPEN ? 1 : v[j].kind == T_CLOSE ? -1 : 0;
        if (d == 0)
        {
            report_ml_box a, b;
            report_ml_text_box(out, x, "(", size);
            mt_piece(&a, x, v + 1, n - 2, size);
            report_ml_hcat(out, &a, 0);
            report_ml_text_box(&b, x, ")", size);
            report_ml_hcat(out, &b, 0);
            return;
        }
    }
    for (i = 0; i < n; i++)
    {
        bad |= v[i].kind == T_OTHER;
        /* NAME(...) without a space: a function of the text (Ω0(f)), not a product */
        bad |= i > 0 && v[i].kind == T_OPEN && !v[i].space && v[i - 1].kind == T_NAME;
    }
    src = bad ? NULL : mt_source(v, n);
    e = src ? expr_parse(src, 1, 1, &err) : NULL;
    flint_free(src);
    if (e != NULL)
    {
        report_ml_expr_box(out, x, e, size);
        expr_free(e);
    }
    else
        mt_piece_symbols(out, x, v, n, size);
}

void
report_mt_formula_box(report_ml_box *out, const report_ml_ctx *x, const char *s, size_t n, double size)
{
    mt_names t;
    report_ml_ctx y = *x;
    mt_tok *v;
    int nt, i, b = 0, *cutv;

    memset(&t, 0, sizeof t);
    t.outer = x;
    report_ml_set_display(&y, mt_display, &t);
    nt = mt_tokens(&v, &t, s, n);
    report_ml_box_init(out);
    /* pieces between relations, commas and signs outside the language; a
       parenthesis whose group holds a relation or (unless it is a call's
       argument list) a comma, or that has no partner, cuts too: "e = 1
       (Ω = 1/2)" is three formulas side by side, not 1·(Ω = 1/2) */
    cutv = flint_calloc((size_t) nt + 1, sizeof(int));
    if (cutv == NULL)
        abort();
    for (i = 0; i < nt; i++)
    {
        if (v[i].kind == T_REL || v[i].kind == T_OTHER)
            cutv[i] = 1;
        else if (v[i].kind == T_COMMA)
        {
            /* inside a call's argument list (max(a, b)) a comma is the call's */
            int j, d = 0, call = 0;
            for (j = i - 1; j >= 0; j--)
            {
                if (v[j].kind == T_CLOSE)
                    d++;
                else if (v[j].kind == T_OPEN && d-- == 0)
                {
                    call = j > 0 && v[j - 1].kind == T_FUNC;
                    break;
                }
            }
            cutv[i] = !call;
        }
        else if (v[i].kind == T_OPEN)
        {
            int j, d = 0, inner = 0, call = i > 0 && v[i - 1].kind == T_FUNC;
            for (j = i + 1; j < nt; j++)
            {
                if (v[j].kind == T_OPEN)
                    d++;
                else if (v[j].kind == T_CLOSE && d-- == 0)
                    break;
                else if (d == 0 && (v[j].kind == T_REL || v[j].kind == T_OTHER || (v[j].kind == T_COMMA && !call)))
                    inner = 1;
            }
            if (j >= nt || inner)
            {
                cutv[i] = 1;
                if (j < nt)
                    cutv[j] = 1;
            }
        }
    }
    for (i = 0; i < nt; i++)
    {
        /* a closing parenthesis without an opening one */
        int j, d = 0;
        if (v[i].kind != T_CLOSE || cutv[i])
            continue;
        for (j = i - 1; j >= 0; j--)
            if (v[j].kind == T_CLOSE)
                d++;
            else if (v[j].kind == T_OPEN && d-- == 0)
                break;
        if (j < 0 || cutv[j])
            cutv[i] = 1;
    }
    for (i = 0; i <= nt; i++)
    {
        int cut = i == nt || cutv[i];
        if (!cut)
            continue;
        if (i > b)
        {
            report_ml_box p;
            mt_piece(&p, &y, v + b, i - b, size);
            report_ml_hcat(out, &p, b > 0 && (v[b].space || v[b - 1].kind == T_REL) ? 0.28 * size : 0);
        }
        if (i < nt)
        {
            report_ml_box p;
            double gap = v[i].kind == T_REL ? 0.28 * size : (v[i].space ? 0.25 * size : 0);
            if (v[i].kind == T_REL && strcmp(v[i].src, "=") == 0)
                gap = 0.28 * size;
            report_ml_text_box(&p, &y, v[i].src, size);
            report_ml_hcat(out, &p, out->n == 0 && out->w == 0 ? 0 : gap);
            if (v[i].kind == T_COMMA)
                out->w += 0.2 * size;
        }
        b = i + 1;
    }
    for (i = 0; i < nt; i++)
        flint_free(v[i].src);
    flint_free(v);
    flint_free(cutv);
    for (i = 0; i < t.n; i++)
    {
        flint_free(t.name[i]);
        flint_free(t.disp[i]);
    }
}

/* ------------------------------------------------------------ text */

static void
mt_word(report_ml_box *out, canvas *c, const report_ml_ctx *x, const char *s, size_t n, double size, int bold)
{
    char *w = fc_strndup(s, n);
    report_ml_text_box(out, x, w, size);
    if (bold && out->n == 1)
    {
        canvas_set_font(c, size, 1);
        out->w = canvas_text_width(c, w);
        out->items[0].bold = 1;
    }
    flint_free(w);
}

void
report_mt_runs_build(report_mt_runs *r, canvas *c, const report_ml_ctx *x, const char *s, double size, int flags)
{
    report_mt_span *sp;
    int n = mt_split(&sp, s, flags), i, space = 0, bold = (flags & REPORT_MT_BOLD) != 0;

    r->box = flint_calloc((size_t) n + 1, sizeof(report_ml_box));
    r->space = flint_calloc((size_t) n + 1, sizeof(int));
    r->n = 0;
    if (r->box == NULL || r->space == NULL)
        abort();
    for (i = 0; i < n; i++)
    {
        if (sp[i].kind == REPORT_MT_SPACE)
        {
            space = 1;
            continue;
        }
        if (sp[i].kind == REPORT_MT_MATH)
            report_mt_formula_box(&r->box[r->n], x, s + sp[i].off, sp[i].len, size);
        else
            mt_word(&r->box[r->n], c, x, s + sp[i].off, sp[i].len, size, bold);
        r->space[r->n] = space && r->n > 0;
        r->n++;
        space = 0;
    }
    flint_free(sp);
}

void
report_mt_runs_clear(report_mt_runs *r)
{
    int i;
    for (i = 0; i < r->n; i++)
        report_ml_box_clear(&r->box[i]);
    flint_free(r->box);
    flint_free(r->space);
    memset(r, 0, sizeof *r);
}

void
report_mt_line_box(report_ml_box *out, canvas *c, const report_ml_ctx *x, const char *s, double size, int flags)
{
    report_mt_runs r;
    int i;
    report_mt_runs_build(&r, c, x, s, size, flags);
    report_ml_box_init(out);
    for (i = 0; i < r.n; i++)
        report_ml_hcat(out, &r.box[i], r.space[i] ? 0.28 * size : 0);
    flint_free(r.box);
    flint_free(r.space);
}
