/* texsnippet.c -- DIR/P.tex: a LaTeX figure for a paper, with a caption
 * that states what is certified; see report.h. */
#include "report/report.h"
#include "base/fc_atomic.h"
#include "canvas/canvas.h"
#include "case/case_display.h"
#include "base/fc_str.h"
#include "report/mathtext.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct
{
    unsigned cp;
    const char *tex;
} tex_sym;

/* Greek and the symbols fricert's Unicode printer emits, as math. */
static const tex_sym tex_syms[] = {
    {0x3b1, "\\alpha"}, {0x3b2, "\\beta"}, {0x3b3, "\\gamma"}, {0x3b4, "\\delta"},
    {0x3b5, "\\varepsilon"}, {0x3b6, "\\zeta"}, {0x3b7, "\\eta"}, {0x3b8, "\\theta"},
    {0x3b9, "\\iota"}, {0x3ba, "\\kappa"}, {0x3bb, "\\lambda"}, {0x3bc, "\\mu"},
    {0x3bd, "\\nu"}, {0x3be, "\\xi"}, {0x3c0, "\\pi"}, {0x3c1, "\\rho"}, {0x3c3, "\\sigma"},
    {0x3c4, "\\tau"}, {0x3c5, "\\upsilon"}, {0x3c6, "\\varphi"}, {0x3c7, "\\chi"},
    {0x3c8, "\\psi"}, {0x3c9, "\\omega"}, {0x393, "\\Gamma"}, {0x394, "\\Delta"},
    {0x398, "\\Theta"}, {0x39b, "\\Lambda"}, {0x39e, "\\Xi"}, {0x3a0, "\\Pi"},
    {0x3a3, "\\Sigma"}, {0x3a6, "\\Phi"}, {0x3a8, "\\Psi"}, {0x3a9, "\\Omega"},
    {0x2264, "\\le"}, {0x2265, "\\ge"}, {0x2260, "\\ne"}, {0xb7, "\\cdot"}, {0xd7, "\\times"},
    {0x2212, "-"}, {0x2208, "\\in"}, {0xb1, "\\pm"}, {0x221a, "\\surd"}, {0x2192, "\\to"},
    {0xb2, "^2"}, {0xb3, "^3"}, {0x2248, "\\approx"}, {0x221e, "\\infty"},
};

static unsigned
tex_utf8(const char *s, int *len)
{
    const unsigned char *u = (const unsigned char *) s;

    if (u[0] < 0x80)
        return *len = 1, u[0];
    if ((u[0] & 0xE0) == 0xC0 && u[1])
        return *len = 2, ((u[0] & 0x1Fu) << 6) | (u[1] & 0x3Fu);
    if ((u[0] & 0xF0) == 0xE0 && u[1] && u[2])
        return *len = 3, ((u[0] & 0x0Fu) << 12) | ((u[1] & 0x3Fu) << 6) | (u[2] & 0x3Fu);
    if ((u[0] & 0xF8) == 0xF0 && u[1] && u[2] && u[3])
        return *len = 4, ((u[0] & 0x07u) << 18) | ((u[1] & 0x3Fu) << 12) | ((u[2] & 0x3Fu) << 6)
                         | (u[3] & 0x3Fu);
    return *len = 1, u[0];
}

/* Writes S as LaTeX text: specials escaped, Greek and math symbols as
 * $...$, other UTF-8 kept (for \usepackage[utf8]{inputenc} or LuaLaTeX). */
static void
tex_text(FILE *f, const char *s)
{
    while (s && *s)
    {
        int len;
        unsigned cp = tex_utf8(s, &len);
        size_t k;

        switch (cp)
        {
            case '\\': fputs("\\textbackslash{}", f); break;
            case '#': case '$': case '%': case '&': case '_': case '{': case '}':
                fputc('\\', f);
                fputc((int) cp, f);
                break;
            case '~': fputs("\\textasciitilde{}", f); break;
            case '^': fputs("\\textasciicircum{}", f); break;
            default:
                for (k = 0; k < sizeof tex_syms / sizeof tex_syms[0]; k++)
                    if (tex_syms[k].cp == cp)
                        break;
                if (k < sizeof tex_syms / sizeof tex_syms[0])
                    fprintf(f, "$%s$", tex_syms[k].tex);
                else
                    fwrite(s, 1, (size_t) len, f);
        }
        s += len;
    }
}

/* Writes V inside a TeX comment line: a control character (a newline
 * would end the comment and start a line TeX executes) becomes '?'. */
static void
tex_comment_str(FILE *f, const char *v)
{
    for (; v && *v; v++)
        fputc((unsigned char) *v < 0x20 || *v == 0x7f ? '?' : *v, f);
}

static void
tex_comment(FILE *f, const char *label, const char *v)
{
    fprintf(f, "%% %s", label);
    tex_comment_str(f, v);
    fputc('\n', f);
}

/* Writes V as part of a \label key: letters, digits, '-', '.', ':' and '_'
 * kept, every other byte '-' (braces, '%', '#', '\' would break the file). */
static void
tex_label_str(FILE *f, const char *v)
{
    for (; v && *v; v++)
    {
        unsigned char ch = (unsigned char) *v;
        int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' ||
                 ch == '.' || ch == ':' || ch == '_';
        fputc(ok ? ch : '-', f);
    }
}

/* ---- captions: free text with inline mathematics, fully typeset ----------
 *
 * A plot title is prose with formulas in it ("the plane {f, λ = tan θ}",
 * "k1 = 3: obligatory rest", "α ≥ 90° − φ").  Its formula runs are those of
 * report_mt_split (mathtext.h, shared with report.pdf), each written as one
 * $...$.  Inside a run: Greek as \theta, tan as \tan, f11 as f_{11}, θ̇0 as
 * \dot{\theta}_{0}, √(r/g) as \sqrt{r/g}, q* as q^{*}, ° as ^{\circ}, braces
 * as \{ \}.  Other words are text (specials escaped, ° as \textdegree). */

static const char *const tex_funcs[][2] = {
    {"sin", "\\sin"}, {"cos", "\\cos"}, {"tan", "\\tan"}, {"cot", "\\cot"}, {"atan", "\\arctan"},
    {"asin", "\\arcsin"}, {"acos", "\\arccos"}, {"max", "\\max"}, {"min", "\\min"}, {"exp", "\\exp"},
    {"ln", "\\ln"}, {"log", "\\log"}, {"sinh", "\\sinh"}, {"cosh", "\\cosh"}, {"tanh", "\\tanh"},
};

static const char *const tex_greek_names[][2] = {
    {"alpha", "\\alpha"}, {"beta", "\\beta"}, {"gamma", "\\gamma"}, {"delta", "\\delta"},
    {"epsilon", "\\varepsilon"}, {"zeta", "\\zeta"}, {"eta", "\\eta"}, {"theta", "\\theta"}, {"iota", "\\iota"},
    {"kappa", "\\kappa"}, {"lambda", "\\lambda"}, {"mu", "\\mu"}, {"nu", "\\nu"}, {"xi", "\\xi"},
    {"pi", "\\pi"}, {"rho", "\\rho"}, {"sigma", "\\sigma"}, {"tau", "\\tau"}, {"upsilon", "\\upsilon"},
    {"phi", "\\varphi"}, {"chi", "\\chi"}, {"psi", "\\psi"}, {"omega", "\\omega"}, {"Gamma", "\\Gamma"},
    {"Delta", "\\Delta"}, {"Theta", "\\Theta"}, {"Lambda", "\\Lambda"}, {"Xi", "\\Xi"}, {"Pi", "\\Pi"},
    {"Sigma", "\\Sigma"}, {"Phi", "\\Phi"}, {"Psi", "\\Psi"}, {"Omega", "\\Omega"},
};

/* Precomposed letters with a dot or a diaeresis (ẋ, ẍ, ẏ, ż, ṙ, ...), as
 * an accent and a base letter, in math. */
static const struct { unsigned cp; const char *tex; } tex_accented[] = {
    {0x1e8b, "\\dot{x}"}, {0x1e8d, "\\ddot{x}"}, {0x1e8f, "\\dot{y}"}, {0x17c, "\\dot{z}"},
    {0x1e59, "\\dot{r}"}, {0x1e57, "\\dot{p}"}, {0x1e61, "\\dot{s}"}, {0x1e6b, "\\dot{t}"},
    {0x121, "\\dot{g}"}, {0x1e41, "\\dot{m}"}, {0x1e45, "\\dot{n}"}, {0x1e87, "\\dot{w}"},
    {0x1e03, "\\dot{b}"}, {0x1e0b, "\\dot{d}"}, {0x1e1f, "\\dot{f}"}, {0x1e23, "\\dot{h}"},
    {0x1e8a, "\\dot{X}"}, {0x1e8e, "\\dot{Y}"},
};

static const char *
tex_accented_of(unsigned cp)
{
    size_t k;
    for (k = 0; k < sizeof tex_accented / sizeof tex_accented[0]; k++)
        if (tex_accented[k].cp == cp)
            return tex_accented[k].tex;
    return NULL;
}

/* The TeX of the Greek letter or symbol CP, or NULL. */
static const char *
tex_sym_of(unsigned cp)
{
    size_t k;
    for (k = 0; k < sizeof tex_syms / sizeof tex_syms[0]; k++)
        if (tex_syms[k].cp == cp)
            return tex_syms[k].tex;
    return NULL;
}

static int
tex_is_greek(unsigned cp)
{
    return ((cp >= 0x391 && cp <= 0x3a9) || (cp >= 0x3b1 && cp <= 0x3c9)) && tex_sym_of(cp) != NULL;
}

/* The TeX of the function or Greek name S[0..n), or NULL. */
static const char *
tex_word_of(const char *s, size_t n, int *greek)
{
    size_t k;
    for (k = 0; k < sizeof tex_funcs / sizeof tex_funcs[0]; k++)
        if (strlen(tex_funcs[k][0]) == n && strncmp(tex_funcs[k][0], s, n) == 0)
            return *greek = 0, tex_funcs[k][1];
    for (k = 0; k < sizeof tex_greek_names / sizeof tex_greek_names[0]; k++)
        if (strlen(tex_greek_names[k][0]) == n && strncmp(tex_greek_names[k][0], s, n) == 0)
            return *greek = 1, tex_greek_names[k][1];
    return NULL;
}

static int
tex_is_alpha(int ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

static int
tex_is_digit(int ch)
{
    return ch >= '0' && ch <= '9';
}

static void tex_math(FILE *f, const char *s, size_t n);

/* One atom in math at S[*i]: a letter or Greek letter with its accent and
 * its digit subscript, a name, a number, a sign.  Advances *i. */
static void
tex_math_atom(FILE *f, const char *s, size_t n, size_t *i)
{
    int len, g;
    unsigned cp = tex_utf8(s + *i, &len);
    const char *t;

    if (tex_is_alpha((int) cp) || tex_is_greek(cp) || tex_accented_of(cp))
    {
        size_t j = *i;
        char base[48];
        const char *acc = NULL;
        int sub = 0;

        if (tex_is_alpha((int) cp))
        {
            while (j < n && tex_is_alpha(s[j]))
                j++;
            if (j - *i > 1)
            {
                t = tex_word_of(s + *i, j - *i, &g);
                if (t)
                    snprintf(base, sizeof base, "%s ", t);
                else
                    snprintf(base, sizeof base, "\\mathrm{%.*s}", (int) (j - *i), s + *i);
            }
            else
                snprintf(base, sizeof base, "%c", s[*i]);
        }
        else
        {
            snprintf(base, sizeof base, "%s ", tex_is_greek(cp) ? tex_sym_of(cp) : tex_accented_of(cp));
            j += (size_t) len;
        }
        if (j < n)
        {
            unsigned m = tex_utf8(s + j, &len);
            if (m == 0x307 || m == 0x308)
            {
                acc = m == 0x307 ? "\\dot" : "\\ddot";
                j += (size_t) len;
            }
        }
        if (acc)
            fprintf(f, "%s{%s}", acc, base);
        else
            fputs(base, f);
        /* digits after a letter (and letters after them: n1y) are its subscript */
        if (j < n && tex_is_digit(s[j]))
        {
            size_t k = j;
            while (k < n && tex_is_digit(s[k]))
                k++;
            while (k < n && tex_is_alpha(s[k]) && k - j < 4)
                k++;
            fprintf(f, "_{%.*s}", (int) (k - j), s + j);
            j = k;
            sub = 1;
        }
        (void) sub;
        *i = j;
        return;
    }
    switch (cp)
    {
        case '{': fputs("\\{", f); break;
        case '}': fputs("\\}", f); break;
        case '*': fputs("^{*}", f); break;
        case '%': fputs("\\%", f); break;
        case '#': case '&': case '$': fprintf(f, "\\%c", (int) cp); break;
        case '\\': fputs("\\backslash ", f); break;
        case '~': fputs("\\sim ", f); break;
        case '\'': fputs("'", f); break;
        case '_':
        {
            size_t j = *i + 1, k = j;
            while (k < n && (tex_is_alpha(s[k]) || tex_is_digit(s[k])))
                k++;
            fprintf(f, "_{%.*s}", (int) (k - j), s + j);
            *i = k;
            return;
        }
        case 0xb0: fputs("^{\\circ}", f); break;
        case 0xb2: fputs("^{2}", f); break;
        case 0xb3: fputs("^{3}", f); break;
        case 0x2212: fputs("-", f); break;
        case 0x221a:   /* √(...) or √ATOM */
        {
            size_t j = *i + (size_t) len;
            fputs("\\sqrt{", f);
            if (j < n && s[j] == '(')
            {
                size_t k = j + 1;
                int depth = 1;
                while (k < n && depth > 0)
                {
                    depth += s[k] == '(' ? 1 : s[k] == ')' ? -1 : 0;
                    k++;
                }
                tex_math(f, s + j + 1, (k - 1) - (j + 1));
                *i = k;
            }
            else
            {
                size_t k = j;
                if (k < n)
                {
                    size_t k0 = k;
                    while (k < n && (tex_is_digit(s[k]) || s[k] == '.'))
                        k++;
                    if (k == k0)
                        tex_math_atom(f, s, n, &k);
                    else
                        fwrite(s + k0, 1, k - k0, f);
                }
                *i = k;
            }
            fputc('}', f);
            return;
        }
        default:
            t = tex_sym_of(cp);
            if (t)
                fprintf(f, "%s%s", t, (t[0] == '\\' && tex_is_alpha(t[strlen(t) - 1])) ? " " : "");
            else
                fwrite(s + *i, 1, (size_t) len, f);
    }
    *i += (size_t) len;
}

/* S[0..n) as the body of a formula (no $). */
static void
tex_math(FILE *f, const char *s, size_t n)
{
    size_t i = 0;
    while (i < n)
    {
        if (s[i] == ' ')
        {
            /* "2 (b = 1" keeps its space: TeX would set 2(b */
            int keep = i > 0 && i + 1 < n && s[i + 1] == '(' &&
                       (tex_is_alpha(s[i - 1]) || tex_is_digit(s[i - 1]) || s[i - 1] == ')');
            fputs(keep ? "\\ " : " ", f);
            i++;
            continue;
        }
        tex_math_atom(f, s, n, &i);
    }
}

/* Plain text of S[0..n): specials escaped, ° as \textdegree{}, a lone
 * Greek letter or sign as a formula. */
static void
tex_plain(FILE *f, const char *s, size_t n)
{
    char *t = flint_malloc(n + 1);
    size_t i = 0;
    if (t == NULL)
        return;
    memcpy(t, s, n);
    t[n] = 0;
    while (i < n)
    {
        int len;
        unsigned cp = tex_utf8(t + i, &len);
        if (cp == 0xb0)
            fputs("\\textdegree{}", f);
        else if (tex_accented_of(cp))
            fprintf(f, "$%s$", tex_accented_of(cp));
        else
        {
            char one[5] = {0};
            memcpy(one, t + i, (size_t) len);
            tex_text(f, one);
        }
        i += (size_t) len;
    }
    flint_free(t);
}

/* Writes the free text S (a plot title) as a caption, formulas typeset:
 * the formula runs of mathtext.h (the same as report.pdf's) in $...$. */
static void
tex_caption_text(FILE *f, const char *s)
{
    report_mt_span *sp;
    int n = report_mt_split(&sp, s), i;

    for (i = 0; i < n; i++)
    {
        if (sp[i].kind == REPORT_MT_SPACE)
            fputc(' ', f);
        else if (sp[i].kind == REPORT_MT_MATH)
        {
            fputc('$', f);
            tex_math(f, s + sp[i].off, sp[i].len);
            fputc('$', f);
        }
        else
            tex_plain(f, s + sp[i].off, sp[i].len);
    }
    flint_free(sp);
}

/* NAME in math: the case's [display] string (Greek letters written as
 * letters become control words), else the default rule of mathlayout.h:
 * a Greek name its letter, a trailing dot/ddot an accent, trailing digits
 * and a _suffix a subscript. */
static void
tex_name(FILE *f, const case_t *c, const char *name)
{
    const char *d = case_display_of(c, name);
    size_t n = strlen(name), a = 0;
    const char *acc = NULL;
    char *base, *l, *sub;

    if (d)
    {
        for (; *d;)
        {
            int len;
            unsigned cp = tex_utf8(d, &len);
            const char *t = cp >= 0x80 ? tex_sym_of(cp) : NULL;
            if (t)
                fprintf(f, "%s ", t);
            else
                fwrite(d, 1, (size_t) len, f);
            d += len;
        }
        return;
    }
    while (a < n && tex_is_alpha(name[a]))
        a++;
    base = flint_malloc(n + 1);
    if (base == NULL)
        return;
    strcpy(base, name);
    if (a > 4 && strncmp(name + a - 4, "ddot", 4) == 0)
        acc = "\\ddot", memmove(base + a - 4, base + a, n - a + 1);
    else if (a > 3 && strncmp(name + a - 3, "dot", 3) == 0)
        acc = "\\dot", memmove(base + a - 3, base + a, n - a + 1);
    l = expr_name_latex(base);
    flint_free(base);
    if (l == NULL)
        return;
    sub = acc ? strstr(l, "_{") : NULL;
    if (acc)
        fprintf(f, "%s{%.*s}%s", acc, (int) (sub ? sub - l : (ptrdiff_t) strlen(l)), l, sub ? sub : "");
    else
        fputs(l, f);
    flint_free(l);
}

/* A region name in a caption: its [display] string as a formula, else the
 * name with '_' as a space. */
static void
tex_region(FILE *f, const case_t *c, const char *name)
{
    const char *p;
    if (case_display_of(c, name))
    {
        fputc('$', f);
        tex_name(f, c, name);
        fputc('$', f);
        return;
    }
    for (p = name; *p; p++)
        if (*p == '_')
            fputc(' ', f);
        else
        {
            char one[2] = {*p, 0};
            tex_text(f, one);
        }
}

int
report_write_tex(const run_results *res, int plot, const char *dir)
{
    const run_plot *rp;
    const case_plot *pl;
    const case_t *c = res->c;
    char *path, a[64], b[64];
    fc_atomic_file f;
    int r;

    if (plot < 0 || plot >= res->nplots || res->plots[plot].plot == NULL)
    {
        errno = EINVAL;
        return -1;
    }
    rp = &res->plots[plot];
    pl = rp->plot;
    path = flint_malloc(strlen(dir) + strlen(pl->name) + 8);
    if (path == NULL)
        return -1;
    sprintf(path, "%s/%s.tex", dir, pl->name);
    if (fc_atomic_open(&f, path) != 0)
    {
        flint_free(path);
        return -1;
    }
    flint_free(path);

    /* every string from the case reaches TeX escaped: comments without
       control characters, the label with safe bytes only, text by tex_text */
    fprintf(f.fp, "%% %s.tex -- figure of plot '%s' of case ", pl->name, pl->name);
    tex_comment_str(f.fp, c->id);
    fprintf(f.fp, ", written by fricert %s (git %s)\n", res->engine_version, res->git);
    tex_comment(f.fp, "case file: ", c->path);
    tex_comment(f.fp, "case file SHA-256: ", res->sha256);
    tex_comment(f.fp, "fricert: ", res->engine_version);
    fprintf(f.fp, "%% libraries: FLINT %s, Arb %s, Cairo %s, libharu %s\n", res->flint, res->arb,
            canvas_cairo_version(), canvas_hpdf_version());
    fputs("% regenerate and re-check: fricert report ", f.fp);
    tex_comment_str(f.fp, c->path);
    fprintf(f.fp, " --depth %d (cells in %s)\n", rp->depth, rp->cells_file);
    fprintf(f.fp, "%% needs \\usepackage{graphicx}; UTF-8 input.  Use: \\input{PATH/%s.tex} from any folder: the\n"
                  "%% figure file is found beside this snippet (\\CurrentFilePath, LaTeX 2020-10 or later)\n",
            pl->name);
    fprintf(f.fp, "\\begin{figure}[htbp]\n  \\centering\n");
    fputs("  \\ifdefined\\CurrentFilePath\\edef\\fricertdir{\\ifx\\CurrentFilePath\\empty\\else\\CurrentFilePath/\\fi}%\n"
          "  \\else\\ifdefined\\currfiledir\\edef\\fricertdir{\\currfiledir}\\else\\def\\fricertdir{}\\fi\\fi\n", f.fp);
    fputs("  \\includegraphics[width=\\linewidth]{\\fricertdir ", f.fp);
    tex_label_str(f.fp, c->id);
    fprintf(f.fp, "-%s.pdf}\n  \\caption{", pl->name);
    if (pl->title && pl->title[0])
    {
        tex_caption_text(f.fp, pl->title);
        fputs(strchr(".?!", pl->title[strlen(pl->title) - 1]) ? " " : ". ", f.fp);
    }
    fputs("Certified regions in the $(", f.fp);
    tex_name(f.fp, c, c->params[pl->x].name);
    fputs(", ", f.fp);
    tex_name(f.fp, c, c->params[pl->y].name);
    fprintf(f.fp, ")$ plane (fricert %s): a cell is coloured with "
            "a region only where its predicate is proved true on the whole closed cell with Arb "
            "ball arithmetic. Quadtree paving to depth %d (smallest cells $2^{-%d}$ of each "
            "axis), precision up to %ld bits, %ld cells. Certified area as a fraction of the "
            "plot box: ",
            res->engine_version, rp->depth, rp->depth, (long) rp->pave.max_prec_used, rp->pave.ncells);
    for (r = 0; r < run_plot_nregions(rp); r++)
    {
        fc_ball_bound_d(a, sizeof a, rp->pave.area_lo[r], 1, 5, 'f', 0);
        fc_ball_bound_d(b, sizeof b, rp->pave.area_hi[r], 1, 5, 'f', 1);
        fprintf(f.fp, "%s", r ? "; " : "");
        tex_region(f.fp, c, run_plot_region_name(rp, c, r));
        fprintf(f.fp, " $\\in [%s, %s]$", a, b);
    }
    fc_ball_bound_d(a, sizeof a, rp->pave.undecided, 100, 3, 'g', 1);
    fprintf(f.fp, "; undecided $\\le %s\\,\\%%$", a);
    if (rp->pave.pending > 0)
    {
        fc_ball_bound_d(b, sizeof b, rp->pave.pending, 100, 3, 'g', 1);
        fprintf(f.fp, "; not examined (budget) $\\le %s\\,\\%%$", b);
    }
    fputs(".}\n  \\label{fig:", f.fp);
    tex_label_str(f.fp, c->id);
    fprintf(f.fp, "-%s}\n\\end{figure}\n", pl->name);
    return fc_atomic_commit(&f);
}

int
report_write_figure_copy(const run_results *res, int plot, const char *dir)
{
    const case_plot *pl;
    char *src, *dst, *buf = NULL;
    size_t n = 0, cap = 0;
    FILE *in;
    int r = -1, e;

    if (plot < 0 || plot >= res->nplots || res->plots[plot].plot == NULL)
    {
        errno = EINVAL;
        return -1;
    }
    pl = res->plots[plot].plot;
    src = fc_printf("%s/%s.pdf", dir, pl->name);
    dst = fc_printf("%s/%s-%s.pdf", dir, res->c->id, pl->name);
    if (src == NULL || dst == NULL)
        goto done;
    in = fopen(src, "rb");
    if (in == NULL)
        goto done;
    for (;;)
    {
        size_t got;
        if (n == cap)
        {
            char *nb = flint_realloc(buf, cap = cap ? 2 * cap : 65536);
            if (nb == NULL)
                break;
            buf = nb;
        }
        got = fread(buf + n, 1, cap - n, in);
        n += got;
        if (got == 0)
            break;
    }
    e = ferror(in) || n == cap;
    fclose(in);
    if (!e)
        r = fc_atomic_write(dst, buf, n);
    else
        errno = EIO;
done:
    flint_free(buf);
    flint_free(src);
    flint_free(dst);
    return r;
}
