/* expr_parse.c -- recursive-descent parser for the expression language.
 *
 * Precedence, lowest first: iff, implies (right), or, xor, and, not,
 * comparison (does not chain), + -, * /, unary minus, ^ (right; its right
 * operand may carry a sign), call and atom. A quantifier "exists NAME in
 * LO .. HI : PRED" (or forall) stands where 'not' may stand; LO and HI are
 * sums, and PRED extends as far to the right as possible. */
#include <stdio.h>
#include <string.h>
#include "expr/expr_lex.h"

#define EXPR_MAX_DEPTH 200

#define EXPR_MAX_OPS 10000

typedef struct {
    expr_lexer lx;
    expr_error_t *err;
    int depth;
    long ops;              /* operations so far (nodes with operands) */
    int line0, col0;       /* where the expression starts */
} parser;

static expr_t parse_iff(parser *ps);

static int failed(parser *ps) { return ps->lx.failed; }

static void tok_text(char *buf, size_t n, const expr_tok *t)
{
    if (t->kind == TOK_END) snprintf(buf, n, "end of expression");
    else snprintf(buf, n, "'%.*s'", t->len > 40 ? 40 : t->len, t->start);
}

static void fail_at(parser *ps, const expr_tok *t, const char *what)
{
    char tt[64];
    if (ps->lx.failed) return;
    tok_text(tt, sizeof tt, t);
    ps->err->line = t->line;
    ps->err->col = t->col;
    snprintf(ps->err->msg, sizeof ps->err->msg, "expected %s, found %s", what, tt);
    ps->lx.failed = 1;
}

static expr_t at(parser *ps, expr_t e, const expr_tok *t)
{
    e->line = t->line;
    e->col = t->col;
    if (e->nargs > 0 && ++ps->ops > EXPR_MAX_OPS && !ps->lx.failed) {
        ps->err->line = ps->line0;
        ps->err->col = ps->col0;
        snprintf(ps->err->msg, sizeof ps->err->msg, "expression too large (more than %d operations)",
                 EXPR_MAX_OPS);
        ps->lx.failed = 1;
    }
    return e;
}

static int is_reserved(const expr_lexer *lx)
{
    static const char *w[] = {"and", "or", "not", "xor", "implies", "iff", "exists", "forall", NULL};
    int i;
    for (i = 0; w[i]; i++)
        if (expr_lex_is_word(lx, w[i])) return 1;
    return 0;
}

static expr_t parse_atom(parser *ps)
{
    expr_tok t = ps->lx.tok;
    expr_t e;

    if (t.kind == TOK_NUM) {
        e = at(ps, expr_new(EXPR_NUM), &t);
        if (expr_lex_number(e->num, t.start, t.len)) {
            ps->err->line = t.line;
            ps->err->col = t.col;
            snprintf(ps->err->msg, sizeof ps->err->msg,
                     "decimal exponent out of range (|exponent| <= %d)", EXPR_MAX_DEC_EXP);
            ps->lx.failed = 1;
            expr_free(e);
            return NULL;
        }
        expr_lex_next(&ps->lx);
        return e;
    }
    if (t.kind == TOK_LPAREN) {
        expr_lex_next(&ps->lx);
        e = parse_iff(ps);
        if (failed(ps)) { expr_free(e); return NULL; }
        if (ps->lx.tok.kind != TOK_RPAREN) {
            fail_at(ps, &ps->lx.tok, "')'");
            expr_free(e);
            return NULL;
        }
        expr_lex_next(&ps->lx);
        return e;
    }
    if (t.kind == TOK_IDENT && !is_reserved(&ps->lx)) {
        char name[128];
        if (t.len >= (int) sizeof name) {
            ps->err->line = t.line;
            ps->err->col = t.col;
            snprintf(ps->err->msg, sizeof ps->err->msg, "name longer than %d characters",
                     (int) sizeof name - 1);
            ps->lx.failed = 1;
            return NULL;
        }
        memcpy(name, t.start, t.len);
        name[t.len] = 0;
        expr_lex_next(&ps->lx);
        if (ps->lx.tok.kind == TOK_LPAREN) {
            expr_t args[64];
            int n = 0, i;
            expr_lex_next(&ps->lx);
            if (ps->lx.tok.kind != TOK_RPAREN) {
                for (;;) {
                    expr_tok at_arg = ps->lx.tok;
                    expr_t a = parse_iff(ps);
                    if (!failed(ps) && ps->lx.tok.kind == TOK_DOTDOT) {
                        expr_t b;
                        expr_lex_next(&ps->lx);
                        b = parse_iff(ps);
                        a = at(ps, expr_binary(EXPR_RANGE, a, b), &at_arg);
                    }
                    if (failed(ps)) {
                        expr_free(a);
                        for (i = 0; i < n; i++) expr_free(args[i]);
                        return NULL;
                    }
                    if (n == 64) {
                        expr_free(a);
                        for (i = 0; i < n; i++) expr_free(args[i]);
                        ps->err->line = at_arg.line;
                        ps->err->col = at_arg.col;
                        snprintf(ps->err->msg, sizeof ps->err->msg, "more than 64 arguments");
                        ps->lx.failed = 1;
                        return NULL;
                    }
                    args[n++] = a;
                    if (ps->lx.tok.kind == TOK_COMMA) { expr_lex_next(&ps->lx); continue; }
                    if (ps->lx.tok.kind == TOK_RPAREN) break;
                    fail_at(ps, &ps->lx.tok, "',' or ')' in the argument list");
                    for (i = 0; i < n; i++) expr_free(args[i]);
                    return NULL;
                }
            }
            expr_lex_next(&ps->lx);
            return at(ps, expr_func(name, n, args), &t);
        }
        if (strcmp(name, "pi") == 0) return at(ps, expr_new(EXPR_PI), &t);
        if (strcmp(name, "e") == 0) return at(ps, expr_new(EXPR_E), &t);
        if (strcmp(name, "true") == 0) return at(ps, expr_new(EXPR_TRUE), &t);
        if (strcmp(name, "false") == 0) return at(ps, expr_new(EXPR_FALSE), &t);
        return at(ps, expr_var(name), &t);
    }
    if (t.kind != TOK_ERROR) fail_at(ps, &t, "a number, a name or '('");
    return NULL;
}

static expr_t parse_unary(parser *ps);

static expr_t parse_power(parser *ps)
{
    expr_t a = parse_atom(ps), b;
    expr_tok t;
    if (failed(ps)) return a;
    if (ps->lx.tok.kind != TOK_CARET) return a;
    t = ps->lx.tok;
    expr_lex_next(&ps->lx);
    b = parse_unary(ps);
    return at(ps, expr_binary(EXPR_POW, a, b), &t);
}

static expr_t parse_unary(parser *ps)
{
    expr_tok t = ps->lx.tok;
    expr_t e;
    if (++ps->depth > EXPR_MAX_DEPTH + 1) {   /* + 1: the innermost operand is no nesting */
        if (!ps->lx.failed) {
            ps->err->line = t.line;
            ps->err->col = t.col;
            snprintf(ps->err->msg, sizeof ps->err->msg, "expression nested deeper than %d levels",
                     EXPR_MAX_DEPTH);
            ps->lx.failed = 1;
        }
        ps->depth--;
        return NULL;
    }
    if (t.kind == TOK_MINUS || t.kind == TOK_PLUS) {
        expr_lex_next(&ps->lx);
        e = parse_unary(ps);
        if (t.kind == TOK_MINUS) e = at(ps, expr_unary(EXPR_NEG, e), &t);
    } else {
        e = parse_power(ps);
    }
    ps->depth--;
    return e;
}

static expr_t parse_term(parser *ps)
{
    expr_t a = parse_unary(ps);
    while (!failed(ps) && (ps->lx.tok.kind == TOK_STAR || ps->lx.tok.kind == TOK_SLASH)) {
        expr_tok t = ps->lx.tok;
        expr_lex_next(&ps->lx);
        a = at(ps, expr_binary(t.kind == TOK_STAR ? EXPR_MUL : EXPR_DIV, a, parse_unary(ps)), &t);
    }
    return a;
}

static expr_t parse_sum(parser *ps)
{
    expr_t a = parse_term(ps);
    while (!failed(ps) && (ps->lx.tok.kind == TOK_PLUS || ps->lx.tok.kind == TOK_MINUS)) {
        expr_tok t = ps->lx.tok;
        expr_lex_next(&ps->lx);
        a = at(ps, expr_binary(t.kind == TOK_PLUS ? EXPR_ADD : EXPR_SUB, a, parse_term(ps)), &t);
    }
    return a;
}

static int cmp_kind(expr_tok_kind k, expr_kind *out)
{
    switch (k) {
    case TOK_LT: *out = EXPR_LT; return 1;
    case TOK_LE: *out = EXPR_LE; return 1;
    case TOK_GT: *out = EXPR_GT; return 1;
    case TOK_GE: *out = EXPR_GE; return 1;
    case TOK_EQ: *out = EXPR_EQ; return 1;
    case TOK_NE: *out = EXPR_NE; return 1;
    default: return 0;
    }
}

static expr_t parse_cmp(parser *ps)
{
    expr_t a = parse_sum(ps);
    expr_kind k;
    if (!failed(ps) && cmp_kind(ps->lx.tok.kind, &k)) {
        expr_tok t = ps->lx.tok;
        expr_lex_next(&ps->lx);
        a = at(ps, expr_binary(k, a, parse_sum(ps)), &t);
        if (!failed(ps) && cmp_kind(ps->lx.tok.kind, &k)) {
            ps->err->line = ps->lx.tok.line;
            ps->err->col = ps->lx.tok.col;
            snprintf(ps->err->msg, sizeof ps->err->msg,
                     "comparisons do not chain; write 'a < b and b < c'");
            ps->lx.failed = 1;
        }
    }
    return a;
}

/* exists NAME in LO .. HI : PRED, at the word exists / forall. */
static expr_t parse_quant(parser *ps)
{
    expr_tok t = ps->lx.tok, tn;
    expr_kind kind = expr_lex_is_word(&ps->lx, "exists") ? EXPR_EXISTS : EXPR_FORALL;
    char name[128];
    expr_t lo = NULL, hi = NULL, pred = NULL, e;

    if (++ps->depth > EXPR_MAX_DEPTH) {
        ps->err->line = t.line;
        ps->err->col = t.col;
        snprintf(ps->err->msg, sizeof ps->err->msg, "expression nested deeper than %d levels", EXPR_MAX_DEPTH);
        ps->lx.failed = 1;
        ps->depth--;
        return NULL;
    }
    expr_lex_next(&ps->lx);
    tn = ps->lx.tok;
    if (tn.kind != TOK_IDENT || is_reserved(&ps->lx) || expr_lex_is_word(&ps->lx, "in")) {
        fail_at(ps, &tn, "the name of the bound variable");
        ps->depth--;
        return NULL;
    }
    if (tn.len >= (int) sizeof name) {
        ps->err->line = tn.line;
        ps->err->col = tn.col;
        snprintf(ps->err->msg, sizeof ps->err->msg, "name longer than %d characters", (int) sizeof name - 1);
        ps->lx.failed = 1;
        ps->depth--;
        return NULL;
    }
    memcpy(name, tn.start, tn.len);
    name[tn.len] = 0;
    expr_lex_next(&ps->lx);
    if (!expr_lex_is_word(&ps->lx, "in")) {
        fail_at(ps, &ps->lx.tok, "'in' after the bound variable");
        ps->depth--;
        return NULL;
    }
    expr_lex_next(&ps->lx);
    lo = parse_sum(ps);
    if (!failed(ps) && ps->lx.tok.kind != TOK_DOTDOT) fail_at(ps, &ps->lx.tok, "'..' in the range LO .. HI");
    if (!failed(ps)) {
        expr_lex_next(&ps->lx);
        hi = parse_sum(ps);
    }
    if (!failed(ps) && ps->lx.tok.kind != TOK_COLON) fail_at(ps, &ps->lx.tok, "':' before the condition");
    if (!failed(ps)) {
        expr_lex_next(&ps->lx);
        pred = parse_iff(ps);
    }
    ps->depth--;
    if (failed(ps)) {
        expr_free(lo);
        expr_free(hi);
        expr_free(pred);
        return NULL;
    }
    e = at(ps, expr_quant(kind, name, lo, hi, pred), &t);
    e->args[0]->line = tn.line;
    e->args[0]->col = tn.col;
    return e;
}

static expr_t parse_not(parser *ps)
{
    if (expr_lex_is_word(&ps->lx, "exists") || expr_lex_is_word(&ps->lx, "forall")) return parse_quant(ps);
    if (expr_lex_is_word(&ps->lx, "not")) {
        expr_tok t = ps->lx.tok;
        expr_t e;
        if (++ps->depth > EXPR_MAX_DEPTH) {
            ps->err->line = t.line;
            ps->err->col = t.col;
            snprintf(ps->err->msg, sizeof ps->err->msg, "expression nested deeper than %d levels",
                     EXPR_MAX_DEPTH);
            ps->lx.failed = 1;
            ps->depth--;
            return NULL;
        }
        expr_lex_next(&ps->lx);
        e = at(ps, expr_unary(EXPR_NOT, parse_not(ps)), &t);
        ps->depth--;
        return e;
    }
    return parse_cmp(ps);
}

static expr_t parse_left(parser *ps, expr_t (*sub)(parser *), const char *word, expr_kind kind)
{
    expr_t a = sub(ps);
    while (!failed(ps) && expr_lex_is_word(&ps->lx, word)) {
        expr_tok t = ps->lx.tok;
        expr_lex_next(&ps->lx);
        a = at(ps, expr_binary(kind, a, sub(ps)), &t);
    }
    return a;
}

static expr_t parse_and(parser *ps) { return parse_left(ps, parse_not, "and", EXPR_AND); }
static expr_t parse_xor(parser *ps) { return parse_left(ps, parse_and, "xor", EXPR_XOR); }
static expr_t parse_or(parser *ps) { return parse_left(ps, parse_xor, "or", EXPR_OR); }

static expr_t parse_implies(parser *ps)
{
    expr_t a = parse_or(ps);
    if (!failed(ps) && expr_lex_is_word(&ps->lx, "implies")) {
        expr_tok t = ps->lx.tok;
        expr_lex_next(&ps->lx);
        if (++ps->depth > EXPR_MAX_DEPTH) {
            ps->err->line = t.line;
            ps->err->col = t.col;
            snprintf(ps->err->msg, sizeof ps->err->msg, "expression nested deeper than %d levels",
                     EXPR_MAX_DEPTH);
            ps->lx.failed = 1;
            ps->depth--;
            return a;
        }
        a = at(ps, expr_binary(EXPR_IMPLIES, a, parse_implies(ps)), &t);
        ps->depth--;
    }
    return a;
}

/* The depth is counted once per level a reader sees (a parenthesis, a
 * call, a sign, not, implies: in parse_unary, parse_not, parse_implies),
 * so "nested deeper than 200 levels" means 200 parentheses. */
static expr_t parse_iff(parser *ps)
{
    return parse_left(ps, parse_implies, "iff", EXPR_IFF);
}

expr_t expr_parse(const char *src, int line, int col, expr_error_t *err)
{
    parser ps;
    expr_error_t local;
    expr_t e;

    if (err == NULL) err = &local;
    ps.err = err;
    ps.depth = 0;
    ps.ops = 0;
    ps.line0 = line;
    ps.col0 = col;
    expr_lex_init(&ps.lx, src, line, col, err);
    if (ps.lx.tok.kind == TOK_END) {
        err->line = ps.lx.tok.line;
        err->col = ps.lx.tok.col;
        snprintf(err->msg, sizeof err->msg, "empty expression");
        return NULL;
    }
    e = parse_iff(&ps);
    if (!failed(&ps) && ps.lx.tok.kind != TOK_END) {
        if (ps.lx.tok.kind == TOK_DOTDOT)
            fail_at(&ps, &ps.lx.tok, "an operator ('..' ranges belong in parameter values and "
                                     "function arguments)");
        else
            fail_at(&ps, &ps.lx.tok, "an operator or the end of the expression");
    }
    if (failed(&ps)) {
        expr_free(e);
        return NULL;
    }
    return e;
}

int expr_parse_fmpq(fmpq_t out, const char *src)
{
    expr_error_t err;
    expr_t e = expr_parse(src, 1, 1, &err);
    int sign = 1, ok = 0;
    expr_t n = e;
    if (e == NULL) return -1;
    if (n->kind == EXPR_NEG) { sign = -1; n = n->args[0]; }
    if (n->kind == EXPR_NUM) {
        fmpq_set(out, n->num);
        if (sign < 0) fmpq_neg(out, out);
        ok = 1;
    } else if (n->kind == EXPR_DIV && n->args[0]->kind == EXPR_NUM && n->args[1]->kind == EXPR_NUM &&
               !fmpq_is_zero(n->args[1]->num)) {
        fmpq_div(out, n->args[0]->num, n->args[1]->num);
        if (sign < 0) fmpq_neg(out, out);
        ok = 1;
    }
    expr_free(e);
    return ok ? 0 : -1;
}
