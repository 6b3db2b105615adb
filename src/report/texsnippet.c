/* texsnippet.c -- DIR/P.tex: a LaTeX figure for a paper, with a caption
 * that states what is certified; see report.h. */
#include "report/report.h"
#include "base/fc_atomic.h"
#include "canvas/canvas.h"

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

int
report_write_tex(const run_results *res, int plot, const char *dir)
{
    const run_plot *rp;
    const case_plot *pl;
    const case_t *c = res->c;
    char *path, *xn, *yn, a[64], b[64];
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
    fprintf(f.fp, "%% needs \\usepackage{graphicx}; UTF-8 input\n");
    fprintf(f.fp, "\\begin{figure}[htbp]\n  \\centering\n");
    fprintf(f.fp, "  \\includegraphics[width=\\linewidth]{%s.pdf}\n  \\caption{", pl->name);
    if (pl->title && pl->title[0])
    {
        tex_text(f.fp, pl->title);
        fputs(". ", f.fp);
    }
    xn = expr_name_latex(c->params[pl->x].name);
    yn = expr_name_latex(c->params[pl->y].name);
    fprintf(f.fp, "Certified regions in the $(%s, %s)$ plane (fricert %s): a cell is coloured with "
            "a region only where its predicate is proved true on the whole closed cell with Arb "
            "ball arithmetic. Quadtree paving to depth %d (smallest cells $2^{-%d}$ of each "
            "axis), precision up to %ld bits, %ld cells. Certified area as a fraction of the "
            "plot box: ",
            xn ? xn : "x", yn ? yn : "y", res->engine_version, rp->depth, rp->depth,
            (long) rp->pave.max_prec_used, rp->pave.ncells);
    flint_free(xn);
    flint_free(yn);
    for (r = 0; r < run_plot_nregions(rp); r++)
    {
        fc_ball_bound_d(a, sizeof a, rp->pave.area_lo[r], 1, 5, 'f', 0);
        fc_ball_bound_d(b, sizeof b, rp->pave.area_hi[r], 1, 5, 'f', 1);
        fprintf(f.fp, "%s", r ? "; " : "");
        tex_text(f.fp, run_plot_region_name(rp, c, r));
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
