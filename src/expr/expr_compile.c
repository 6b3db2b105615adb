/* expr_compile.c -- AST to flat instruction array, with shared subexpressions
 * and definitions compiled once. */
#include <stdio.h>
#include <string.h>
#include "expr/expr_prog.h"
#include "expr/expr_quant.h"
#include "expr/expr_statics.h"
#include "base/fc_strmap.h"

typedef struct {
    expr_prog_t p;
    const expr_scope_struct *s;
    expr_error_t *err;
    int *hash;          /* open addressing over instruction indices, -1 empty */
    int hsize;
    /* memo of compiled definitions */
    const char **dname;
    int *dreg;
    int nd, dalloc;
    fc_strmap dindex;   /* name -> position in dname/dreg (linear compile time) */
    const char *active_defs[256];   /* definitions being compiled: cycle guard */
    int nactive;
    int failed;
} compiler;

static unsigned hash_ins(const expr_instr *x)
{
    unsigned h = (unsigned) x->op * 2654435761u;
    h ^= (unsigned) x->a * 40503u + 0x9e3779b9u + (h << 6) + (h >> 2);
    h ^= (unsigned) x->b * 2246822519u + 0x9e3779b9u + (h << 6) + (h >> 2);
    h ^= (unsigned) x->c * 3266489917u + 0x9e3779b9u + (h << 6) + (h >> 2);
    return h;
}

static void rehash(compiler *cc)
{
    int i, nsize = cc->hsize ? 2 * cc->hsize : 1024;
    flint_free(cc->hash);
    cc->hash = flint_malloc(nsize * sizeof(int));
    for (i = 0; i < nsize; i++) cc->hash[i] = -1;
    cc->hsize = nsize;
    for (i = 0; i < cc->p->n; i++) {
        unsigned h = hash_ins(&cc->p->ins[i]) & (nsize - 1);
        while (cc->hash[h] >= 0) h = (h + 1) & (nsize - 1);
        cc->hash[h] = i;
    }
}

static int emit(compiler *cc, int op, int a, int b, int c)
{
    expr_instr x = {op, a, b, c};
    unsigned h;
    expr_prog_t p = cc->p;
    if (2 * (p->n + 1) > cc->hsize) rehash(cc);
    h = hash_ins(&x) & (cc->hsize - 1);
    while (cc->hash[h] >= 0) {
        expr_instr *y = &p->ins[cc->hash[h]];
        if (y->op == op && y->a == a && y->b == b && y->c == c) return cc->hash[h];
        h = (h + 1) & (cc->hsize - 1);
    }
    if (p->n == p->alloc) {
        p->alloc = p->alloc ? 2 * p->alloc : 64;
        p->ins = flint_realloc(p->ins, p->alloc * sizeof(expr_instr));
    }
    p->ins[p->n] = x;
    cc->hash[h] = p->n;
    return p->n++;
}

static int add_const(compiler *cc, expr_const_kind kind, const fmpq_t q, const arb_t ball)
{
    expr_prog_t p = cc->p;
    int i;
    /* sharing is an economy only: look back over the last 64 constants, so
       that a program with many distinct constants compiles in linear time */
    for (i = p->nconsts > 64 ? p->nconsts - 64 : 0; i < p->nconsts; i++) {
        expr_const *k = &p->consts[i];
        if (k->kind != kind) continue;
        if (kind == CONST_Q && fmpq_equal(k->q, q)) return i;
        if (kind == CONST_PI || kind == CONST_E) return i;
        if (kind == CONST_BALL && arb_equal(k->ball, ball)) return i;
    }
    if (p->nconsts == p->cons_alloc) {
        p->cons_alloc = p->cons_alloc ? 2 * p->cons_alloc : 16;
        p->consts = flint_realloc(p->consts, p->cons_alloc * sizeof(expr_const));
    }
    i = p->nconsts++;
    p->consts[i].kind = kind;
    fmpq_init(p->consts[i].q);
    arb_init(p->consts[i].ball);
    if (kind == CONST_Q) fmpq_set(p->consts[i].q, q);
    if (kind == CONST_BALL) arb_set(p->consts[i].ball, ball);
    return i;
}

static int emit_q(compiler *cc, const fmpq_t q)
{
    return emit(cc, OP_CONST, add_const(cc, CONST_Q, q, NULL), 0, 0);
}

static void fail(compiler *cc, const expr_t e, const char *msg, const char *arg)
{
    if (cc->failed) return;
    cc->failed = 1;
    cc->err->line = e->line;
    cc->err->col = e->col;
    snprintf(cc->err->msg, sizeof cc->err->msg, msg, arg);
}

/* 1 and q = value if e is a rational constant built from numbers with + - * / and
 * integer powers (exact folding, bounded size). */
static int const_rational(fmpq_t q, const expr_t e)
{
    fmpq_t a, b;
    int ok = 0;
    switch (e->kind) {
    case EXPR_NUM:
        fmpq_set(q, e->num);
        return 1;
    case EXPR_NEG:
        if (!const_rational(q, e->args[0])) return 0;
        fmpq_neg(q, q);
        return 1;
    case EXPR_POW:   /* a rational to a small integer power, exactly */
        fmpq_init(a);
        fmpq_init(b);
        if (const_rational(a, e->args[0]) && const_rational(b, e->args[1]) && fmpz_is_one(fmpq_denref(b)) &&
            fmpz_bits(fmpq_numref(b)) <= 10 &&
            fmpz_bits(fmpq_numref(a)) + fmpz_bits(fmpq_denref(a)) <= 1000 &&
            !(fmpq_is_zero(a) && fmpz_sgn(fmpq_numref(b)) < 0)) {
            slong n = fmpz_get_si(fmpq_numref(b));
            fmpq_pow_si(q, a, n);
            ok = 1;
        }
        fmpq_clear(a);
        fmpq_clear(b);
        return ok;
    case EXPR_ADD: case EXPR_SUB: case EXPR_MUL: case EXPR_DIV:
        fmpq_init(a);
        fmpq_init(b);
        if (const_rational(a, e->args[0]) && const_rational(b, e->args[1])) {
            ok = 1;
            if (e->kind == EXPR_ADD) fmpq_add(q, a, b);
            else if (e->kind == EXPR_SUB) fmpq_sub(q, a, b);
            else if (e->kind == EXPR_MUL) fmpq_mul(q, a, b);
            else if (fmpq_is_zero(b)) ok = 0;
            else fmpq_div(q, a, b);
        }
        fmpq_clear(a);
        fmpq_clear(b);
        return ok;
    default:
        return 0;
    }
}

static int comp(compiler *cc, const expr_t e);

static int comp_def(compiler *cc, const expr_t e, expr_t def)
{
    int i, r;
    if ((i = fc_strmap_get(&cc->dindex, e->name)) >= 0) return cc->dreg[i];
    for (i = 0; i < cc->nactive; i++)
        if (strcmp(cc->active_defs[i], e->name) == 0) {
            fail(cc, e, "definition '%s' refers to itself", e->name);
            return 0;
        }
    if (cc->nactive == 256) {
        fail(cc, e, "definitions nested deeper than 256 at '%s'", e->name);
        return 0;
    }
    cc->active_defs[cc->nactive++] = e->name;
    r = comp(cc, def);
    cc->nactive--;
    if (cc->nd == cc->dalloc) {
        cc->dalloc = cc->dalloc ? 2 * cc->dalloc : 16;
        cc->dname = flint_realloc(cc->dname, cc->dalloc * sizeof(char *));
        cc->dreg = flint_realloc(cc->dreg, cc->dalloc * sizeof(int));
    }
    cc->dname[cc->nd] = e->name;
    fc_strmap_put(&cc->dindex, e->name, cc->nd);
    cc->dreg[cc->nd++] = r;
    return r;
}

static int comp_cmp(compiler *cc, const expr_t e, int op)
{
    int a, b, d;
    fmpq_t qa, qb;
    fmpq_init(qa);
    fmpq_init(qb);
    if (const_rational(qa, e->args[0]) && const_rational(qb, e->args[1])) {
        /* both sides exact rationals: decide exactly */
        int c = fmpq_cmp(qa, qb), t;
        t = op == OP_LT0 ? c < 0 : op == OP_LE0 ? c <= 0 : op == OP_GT0 ? c > 0
          : op == OP_GE0 ? c >= 0 : op == OP_EQ0 ? c == 0 : c != 0;
        fmpq_clear(qa);
        fmpq_clear(qb);
        return emit(cc, t ? OP_TRUE : OP_FALSE, 0, 0, 0);
    }
    fmpq_clear(qa);
    fmpq_clear(qb);
    a = comp(cc, e->args[0]);
    b = comp(cc, e->args[1]);
    /* a op b  <=>  (a - b) op 0; comparing with a literal 0 keeps a as is */
    if (e->args[1]->kind == EXPR_NUM && fmpq_is_zero(e->args[1]->num)) d = a;
    else d = emit(cc, OP_SUB, a, b, 0);
    return emit(cc, op, d, 0, 0);
}

static int comp(compiler *cc, const expr_t e)
{
    static const int fn_op[] = {
        [FN_SIN] = OP_SIN, [FN_COS] = OP_COS, [FN_TAN] = OP_TAN, [FN_COT] = OP_COT,
        [FN_ASIN] = OP_ASIN, [FN_ACOS] = OP_ACOS, [FN_ATAN] = OP_ATAN, [FN_ATAN2] = OP_ATAN2,
        [FN_SINH] = OP_SINH, [FN_COSH] = OP_COSH, [FN_TANH] = OP_TANH, [FN_EXP] = OP_EXP,
        [FN_LOG] = OP_LOG, [FN_SQRT] = OP_SQRT, [FN_CBRT] = OP_CBRT, [FN_ABS] = OP_ABS,
        [FN_SIGN] = OP_SIGN, [FN_MIN] = OP_MIN, [FN_MAX] = OP_MAX, [FN_IF] = OP_IF,
    };
    int kind, idx, r, i;
    expr_t def;
    fmpq_t q;

    if (cc->failed) return 0;
    switch (e->kind) {
    case EXPR_NUM:
        return emit_q(cc, e->num);
    case EXPR_BALL:
        return emit(cc, OP_CONST, add_const(cc, CONST_BALL, NULL, e->ball), 0, 0);
    case EXPR_PI:
        return emit(cc, OP_CONST, add_const(cc, CONST_PI, NULL, NULL), 0, 0);
    case EXPR_E:
        return emit(cc, OP_CONST, add_const(cc, CONST_E, NULL, NULL), 0, 0);
    case EXPR_TRUE:
        return emit(cc, OP_TRUE, 0, 0, 0);
    case EXPR_FALSE:
        return emit(cc, OP_FALSE, 0, 0, 0);
    case EXPR_VAR:
        kind = expr_scope_lookup((expr_scope_t) cc->s, e->name, &idx, &def);
        if (kind < 0) { fail(cc, e, "unknown name '%s'", e->name); return 0; }
        if (kind == 0) return emit(cc, OP_PARAM, idx, 0, 0);
        return comp_def(cc, e, def);
    case EXPR_NEG:
        fmpq_init(q);
        if (const_rational(q, e)) { r = emit_q(cc, q); fmpq_clear(q); return r; }
        fmpq_clear(q);
        return emit(cc, OP_NEG, comp(cc, e->args[0]), 0, 0);
    case EXPR_ADD: case EXPR_SUB: case EXPR_MUL: case EXPR_DIV: {
        int a, b;
        fmpq_init(q);
        if (const_rational(q, e)) { r = emit_q(cc, q); fmpq_clear(q); return r; }
        fmpq_clear(q);
        a = comp(cc, e->args[0]);
        b = comp(cc, e->args[1]);
        return emit(cc, e->kind == EXPR_ADD ? OP_ADD : e->kind == EXPR_SUB ? OP_SUB
                        : e->kind == EXPR_MUL ? OP_MUL : OP_DIV, a, b, 0);
    }
    case EXPR_POW:
        fmpq_init(q);
        if (const_rational(q, e)) { r = emit_q(cc, q); fmpq_clear(q); return r; }
        if (const_rational(q, e->args[1])) {
            int a = comp(cc, e->args[0]);
            if (fmpz_bits(fmpq_numref(q)) > 62 || fmpz_bits(fmpq_denref(q)) > 62) {
                fmpq_clear(q);
                fail(cc, e->args[1], "exponent too large%s", "");
                return 0;
            }
            r = emit(cc, OP_POWQ, a, add_const(cc, CONST_Q, q, NULL), 0);
            fmpq_clear(q);
            return r;
        }
        fmpq_clear(q);
        {
            int a = comp(cc, e->args[0]), b = comp(cc, e->args[1]);
            return emit(cc, OP_POW, a, b, 0);
        }
    case EXPR_FUNC:
        if (e->fn == FN_USER && expr_quant_is_extremum(e)) {   /* maxof ... root with varying data */
            int a = comp(cc, e->args[2]->args[0]), b = comp(cc, e->args[2]->args[1]);
            int q = cc->failed ? -1 : expr_quant_compile(cc->p, (expr_scope_t) cc->s, e, cc->err);
            if (q < 0) { cc->failed = 1; return 0; }
            return emit(cc, expr_quant_op(e), a, b, q);
        }
        if (e->fn == FN_USER && expr_statics_is_call(e)) {   /* an equilibrium exists */
            expr_statics_desc d;
            int first;
            if (expr_statics_layout(&d, &first, e, cc->err)) { cc->failed = 1; return 0; }
            for (i = 0; i < d.nreg; i++) d.reg[i] = comp(cc, e->args[first + i]);
            cc->p->statics = flint_realloc(cc->p->statics, (cc->p->nstatics + 1) * sizeof(expr_statics_desc));
            cc->p->statics[cc->p->nstatics] = d;
            return emit(cc, OP_STATICS, 0, 0, cc->p->nstatics++);
        }
        if (e->fn == FN_USER) {
            fail(cc, e, "function '%s' must be rewritten by exact algebra before evaluation", e->name);
            return 0;
        }
        if (e->fn == FN_IF) {
            int c = comp(cc, e->args[0]), a = comp(cc, e->args[1]), b = comp(cc, e->args[2]);
            return emit(cc, OP_IF, c, a, b);
        }
        if (e->fn == FN_MIN || e->fn == FN_MAX) {
            r = comp(cc, e->args[0]);
            for (i = 1; i < e->nargs; i++) r = emit(cc, fn_op[e->fn], r, comp(cc, e->args[i]), 0);
            return r;
        }
        if (e->fn == FN_ATAN2) {
            int a = comp(cc, e->args[0]), b = comp(cc, e->args[1]);
            return emit(cc, OP_ATAN2, a, b, 0);
        }
        return emit(cc, fn_op[e->fn], comp(cc, e->args[0]), 0, 0);
    case EXPR_LT: return comp_cmp(cc, e, OP_LT0);
    case EXPR_LE: return comp_cmp(cc, e, OP_LE0);
    case EXPR_GT: return comp_cmp(cc, e, OP_GT0);
    case EXPR_GE: return comp_cmp(cc, e, OP_GE0);
    case EXPR_EQ: return comp_cmp(cc, e, OP_EQ0);
    case EXPR_NE: return comp_cmp(cc, e, OP_NE0);
    case EXPR_NOT:
        return emit(cc, OP_NOT, comp(cc, e->args[0]), 0, 0);
    case EXPR_AND: case EXPR_OR: case EXPR_XOR: case EXPR_IMPLIES: case EXPR_IFF: {
        int a = comp(cc, e->args[0]), b = comp(cc, e->args[1]);
        int op = e->kind == EXPR_AND ? OP_AND : e->kind == EXPR_OR ? OP_OR
               : e->kind == EXPR_XOR ? OP_XOR : e->kind == EXPR_IMPLIES ? OP_IMPLIES : OP_IFF;
        return emit(cc, op, a, b, 0);
    }
    case EXPR_RANGE:
        fail(cc, e, "a range is not a value%s", "");
        return 0;
    case EXPR_EXISTS: case EXPR_FORALL: {   /* the condition: its own program (expr_quant.c) */
        int a = comp(cc, e->args[1]), b = comp(cc, e->args[2]);
        int q = cc->failed ? -1 : expr_quant_compile(cc->p, (expr_scope_t) cc->s, e, cc->err);
        if (q < 0) { cc->failed = 1; return 0; }
        return emit(cc, e->kind == EXPR_EXISTS ? OP_EXISTS : OP_FORALL, a, b, q);
    }
    }
    fail(cc, e, "internal: cannot compile node%s", "");
    return 0;
}

expr_prog_t expr_compile(expr_t *roots, int nroots, const expr_scope_t s, expr_error_t *err)
{
    compiler cc;
    expr_error_t local;
    int i;

    memset(&cc, 0, sizeof cc);
    cc.p = flint_calloc(1, sizeof(expr_prog_struct));
    cc.s = s;
    cc.err = err ? err : &local;
    cc.p->nparams = s ? expr_scope_nparams(s) : 0;
    cc.p->roots = flint_malloc((nroots ? nroots : 1) * sizeof(int));
    cc.p->nroots = nroots;
    for (i = 0; i < nroots && !cc.failed; i++) cc.p->roots[i] = comp(&cc, roots[i]);
    flint_free(cc.hash);
    flint_free(cc.dname);
    flint_free(cc.dreg);
    fc_strmap_clear(&cc.dindex);
    if (cc.failed) {
        expr_prog_free(cc.p);
        return NULL;
    }
    return cc.p;
}

void expr_prog_free(expr_prog_t p)
{
    int i;
    if (p == NULL) return;
    expr_quant_prog_clear(p);
    for (i = 0; i < p->nstatics; i++) expr_statics_desc_clear(p->statics + i);
    flint_free(p->statics);
    for (i = 0; i < p->nconsts; i++) {
        fmpq_clear(p->consts[i].q);
        arb_clear(p->consts[i].ball);
    }
    flint_free(p->consts);
    flint_free(p->ins);
    flint_free(p->roots);
    flint_free(p);
}

int expr_prog_nroots(const expr_prog_t p) { return p->nroots; }
int expr_prog_ninstr(const expr_prog_t p) { return p->n; }
int expr_prog_nquants(const expr_prog_t p) { return p->nquants; }
int expr_prog_root_is_bool(const expr_prog_t p, int root) { return OP_IS_BOOL(p->ins[p->roots[root]].op); }

void expr_prog_active(int **act, int **pos, const expr_prog_t p, const int *active, int nactive)
{
    int i;
    *act = flint_malloc((nactive + 1) * sizeof(int));
    *pos = flint_malloc((p->nparams + 1) * sizeof(int));
    for (i = 0; i < p->nparams; i++) (*pos)[i] = -1;
    for (i = 0; i < nactive; i++) {
        (*act)[i] = active[i];
        if (active[i] >= 0 && active[i] < p->nparams) (*pos)[active[i]] = i;
    }
}
