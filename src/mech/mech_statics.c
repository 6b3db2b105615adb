/* mech_statics.c -- [model NAME] type = statics: one rigid body held by
 * rough point contacts, and the predicate "an equilibrium exists".
 *
 * The block writes the balance equations A r = b of the body (forces and
 * moments about the origin; r the contact reactions, b = -load) and the
 * friction cone of every contact, and emits
 *   P_sign            = statics_sign(...)  (1: equilibrium, -1: none; src/expr/expr_statics.c)
 *   P_equilibrium     = P_sign > 0   (proved on a box by a reaction that balances the load exactly)
 *   P_no_equilibrium  = P_sign < 0   (proved by a separating multiplier)
 * Keys (README "type = statics"): dimension, load, contacts, equations, and
 * per contact C: C.at, C.normal, C.friction, C.tensor, C.normal_force. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "mech/mech_impl.h"
#include "expr/expr_statics.h"

#define ST_MAXC 8

typedef struct {
    char name[64];
    expr_t at[3], normal[3], fric, tensor[4], nforce;
    int type;           /* 1 planar isotropic, 2 spatial isotropic, 3 anisotropic (z normal) */
} st_contact;

static int fail_at(fc_error *err, const char *file, const mech_section *sec, int i, const char *fmt, const char *a)
{
    if (i >= 0) fc_error_at(err, file, sec->entries[i].key_line, sec->entries[i].key_col, fmt, a);
    else fc_error_at(err, file, sec->line, 1, fmt, a);
    return -1;
}

/* Parses key KEY (index i) as a list of exactly want expressions (want < 0: 1..-want). */
static int get_list(expr_t *out, int want, const mech_section *sec, int i, const char *file, expr_scope_t s,
                    fc_error *err)
{
    int n = mech_parse_list(out, want < 0 ? -want : want, sec, i, file, s, 0, err), j;
    if (n < 0) return -1;
    if (want > 0 && n != want) {
        char m[120];
        for (j = 0; j < n; j++) { expr_free(out[j]); out[j] = NULL; }
        snprintf(m, sizeof m, "'%%s' needs %d entries", want);
        return fail_at(err, file, sec, i, m, sec->entries[i].key);
    }
    return n;
}

static void contact_clear(st_contact *c)
{
    int j;
    for (j = 0; j < 3; j++) { expr_free(c->at[j]); expr_free(c->normal[j]); }
    for (j = 0; j < 4; j++) expr_free(c->tensor[j]);
    expr_free(c->fric);
    expr_free(c->nforce);
}

static const char *row_names2[] = {"fx", "fy", "m"};
static const char *row_names3[] = {"fx", "fy", "fz", "mx", "my", "mz"};

int mech_statics(mech_builder *b, const mech_section *sec, const char *file, expr_scope_t s, fc_error *err)
{
    st_contact C[ST_MAXC];
    int nc = 0, dim = 2, i, j, k, rc = -1, nrow, rows[6], nbal, n = 0, E = 0, nargs, a;
    expr_t load[6] = {0}, *args = NULL, *Am = NULL, *bv = NULL;
    char key[96];
    const char *v;

    memset(C, 0, sizeof C);
    /* every key must be known: common ones, or C.field of a declared contact */
    if ((i = mech_key(sec, "dimension")) >= 0) {
        v = sec->entries[i].value;
        if (strcmp(v, "2") == 0) dim = 2;
        else if (strcmp(v, "3") == 0) dim = 3;
        else return fail_at(err, file, sec, i, "dimension: expected 2 or 3, got '%s'", v);
    }
    if ((i = mech_key(sec, "contacts")) < 0) return fail_at(err, file, sec, -1, "[model %s]: missing key 'contacts'", sec->name);
    {   /* names separated by commas */
        const char *p = sec->entries[i].value;
        while (*p) {
            size_t l = 0;
            while (*p == ' ' || *p == '\t' || *p == '\n' || *p == ',') p++;
            if (!*p) break;
            while (p[l] && (isalnum((unsigned char) p[l]) || p[l] == '_')) l++;
            if (l == 0 || l >= sizeof C[0].name || !(isalpha((unsigned char) *p) || *p == '_'))
                return fail_at(err, file, sec, i, "contacts: expected names separated by commas%s", "");
            if (nc == ST_MAXC) return fail_at(err, file, sec, i, "contacts: at most 8%s", "");
            memcpy(C[nc].name, p, l);
            C[nc].name[l] = 0;
            for (j = 0; j < nc; j++)
                if (strcmp(C[j].name, C[nc].name) == 0) return fail_at(err, file, sec, i, "contacts: '%s' twice", C[nc].name);
            nc++;
            p += l;
            while (*p == ' ' || *p == '\t' || *p == '\n') p++;
            if (*p && *p != ',') return fail_at(err, file, sec, i, "contacts: expected names separated by commas%s", "");
        }
        if (nc == 0) return fail_at(err, file, sec, i, "contacts: no contact named%s", "");
    }
    for (i = 0; i < sec->nentries; i++) {
        const char *kk = sec->entries[i].key, *dot = strchr(kk, '.');
        if (!dot) {
            if (strcmp(kk, "type") && strcmp(kk, "prefix") && strcmp(kk, "description") && strcmp(kk, "dimension") &&
                strcmp(kk, "load") && strcmp(kk, "contacts") && strcmp(kk, "equations"))
                return fail_at(err, file, sec, i, "unknown key '%s' for type statics", kk);
            continue;
        }
        for (k = 0; k < nc; k++)
            if (strlen(C[k].name) == (size_t) (dot - kk) && strncmp(C[k].name, kk, dot - kk) == 0) break;
        if (k == nc) return fail_at(err, file, sec, i, "'%s': no such contact in 'contacts'", kk);
        if (strcmp(dot + 1, "at") && strcmp(dot + 1, "normal") && strcmp(dot + 1, "friction") &&
            strcmp(dot + 1, "tensor") && strcmp(dot + 1, "normal_force"))
            return fail_at(err, file, sec, i, "'%s': expected at, normal, friction, tensor or normal_force after the dot", kk);
    }
    /* the contacts */
    for (k = 0; k < nc; k++) {
        st_contact *c = C + k;
        int ia, in, ifr, it, inf;
        snprintf(key, sizeof key, "%.63s.at", c->name); ia = mech_key(sec, key);
        snprintf(key, sizeof key, "%.63s.normal", c->name); in = mech_key(sec, key);
        snprintf(key, sizeof key, "%.63s.friction", c->name); ifr = mech_key(sec, key);
        snprintf(key, sizeof key, "%.63s.tensor", c->name); it = mech_key(sec, key);
        snprintf(key, sizeof key, "%.63s.normal_force", c->name); inf = mech_key(sec, key);
        if (ia < 0) { fail_at(err, file, sec, -1, "contact '%s' needs 'NAME.at'", c->name); goto done; }
        if (get_list(c->at, dim, sec, ia, file, s, err) < 0) goto done;
        if (it >= 0) {
            if (dim != 3 || in >= 0 || ifr >= 0) {
                fail_at(err, file, sec, it, "'%s': a friction tensor needs dimension = 3, and no normal or friction (the support plane is z = const, normal +z)", sec->entries[it].key);
                goto done;
            }
            if (get_list(c->tensor, 4, sec, it, file, s, err) < 0) goto done;
            c->type = 3;
        } else {
            if (in < 0 || ifr < 0) { fail_at(err, file, sec, -1, "contact '%s' needs 'NAME.normal' and 'NAME.friction' (or 'NAME.tensor')", c->name); goto done; }
            if (get_list(c->normal, dim, sec, in, file, s, err) < 0) goto done;
            if ((c->fric = mech_parse_expr(sec, ifr, file, s, err)) == NULL) goto done;
            c->type = dim == 2 ? 1 : 2;
        }
        if (inf >= 0 && (c->nforce = mech_parse_expr(sec, inf, file, s, err)) == NULL) goto done;
    }
    nbal = dim == 2 ? 3 : 6;
    if ((i = mech_key(sec, "load")) < 0) { fail_at(err, file, sec, -1, "[model %s]: missing key 'load'", sec->name); goto done; }
    if (get_list(load, nbal, sec, i, file, s, err) < 0) goto done;
    /* which balance rows */
    if ((i = mech_key(sec, "equations")) >= 0) {
        const char *p = sec->entries[i].value;
        nrow = 0;
        while (*p) {
            size_t l = 0;
            while (*p == ' ' || *p == ',' || *p == '\t' || *p == '\n') p++;
            if (!*p) break;
            while (isalnum((unsigned char) p[l])) l++;
            for (j = 0; j < nbal; j++) {
                const char *nm = dim == 2 ? row_names2[j] : row_names3[j];
                if (strlen(nm) == l && strncmp(nm, p, l) == 0) break;
            }
            if (j == nbal || l == 0) {
                fail_at(err, file, sec, i, dim == 2 ? "equations: expected names among fx, fy, m%s" : "equations: expected names among fx, fy, fz, mx, my, mz%s", "");
                goto done;
            }
            for (k = 0; k < nrow; k++)
                if (rows[k] == j) { fail_at(err, file, sec, i, "equations: a row twice%s", ""); goto done; }
            rows[nrow++] = j;
            p += l;
        }
        if (nrow == 0) { fail_at(err, file, sec, i, "equations: none named%s", ""); goto done; }
    } else
        for (nrow = 0; nrow < nbal; nrow++) rows[nrow] = nrow;

    /* unknowns: dim (or 3 for a tensor contact) per contact */
    n = 0;
    for (k = 0; k < nc; k++) n += C[k].type == 1 ? 2 : 3;
    E = nrow;
    for (k = 0; k < nc; k++) E += C[k].nforce != NULL;
    if (E > EXPR_STATICS_MAX_E || n > EXPR_STATICS_MAX_N) { fail_at(err, file, sec, -1, "[model %s]: too many equations or unknowns", sec->name); goto done; }
    Am = flint_calloc((size_t) E * n, sizeof(expr_t));
    bv = flint_calloc(E, sizeof(expr_t));
    for (i = 0; i < E * n; i++) Am[i] = mech_num(0, 1);
    {
        int col = 0, extra = nrow;
        for (k = 0; k < nc; k++) {
            st_contact *c = C + k;
            int sz = c->type == 1 ? 2 : 3;
            for (i = 0; i < nrow; i++) {
                int rr = rows[i];
                for (j = 0; j < sz; j++) {
                    expr_t e = NULL;
                    if (rr < (dim == 2 ? 2 : 3)) e = mech_num(rr == j, 1);          /* force rows */
                    else if (dim == 2) e = j == 0 ? mech_neg(expr_copy(c->at[1])) : expr_copy(c->at[0]);
                    else {                                                      /* p x r */
                        int ax = rr - 3, p1 = (ax + 1) % 3, p2 = (ax + 2) % 3;
                        if (j == ax) e = mech_num(0, 1);
                        else if (j == p2) e = expr_copy(c->at[p1]);             /* (p x r)_ax = p_p1 r_p2 - p_p2 r_p1 */
                        else e = mech_neg(expr_copy(c->at[p2]));
                    }
                    expr_free(Am[i * n + col + j]);
                    Am[i * n + col + j] = e;
                }
            }
            if (c->nforce) {   /* prescribed normal reaction: n.r = N (tensor: r_z = N) */
                for (j = 0; j < sz; j++) {
                    expr_free(Am[extra * n + col + j]);
                    Am[extra * n + col + j] = c->type == 3 ? mech_num(j == 2, 1) : expr_copy(c->normal[j]);
                }
                bv[extra++] = expr_copy(c->nforce);
            }
            col += sz;
        }
        for (i = 0; i < nrow; i++) bv[i] = mech_neg(expr_copy(load[rows[i]]));
    }
    /* the call */
    nargs = 3 + 2 * nc + E * n + E;
    for (k = 0; k < nc; k++) nargs += expr_statics_ndata(C[k].type);
    args = flint_malloc(nargs * sizeof(expr_t));
    a = 0;
    args[a++] = mech_num(E, 1);
    args[a++] = mech_num(n, 1);
    args[a++] = mech_num(nc, 1);
    {
        int col = 0;
        for (k = 0; k < nc; k++) {
            args[a++] = mech_num(C[k].type, 1);
            args[a++] = mech_num(col, 1);
            col += C[k].type == 1 ? 2 : 3;
        }
    }
    for (i = 0; i < E * n; i++) args[a++] = Am[i], Am[i] = NULL;
    for (i = 0; i < E; i++) args[a++] = bv[i], bv[i] = NULL;
    for (k = 0; k < nc; k++) {
        if (C[k].type == 3)
            for (j = 0; j < 4; j++) args[a++] = expr_copy(C[k].tensor[j]);
        else {
            for (j = 0; j < dim; j++) args[a++] = expr_copy(C[k].normal[j]);
            args[a++] = expr_copy(C[k].fric);
        }
    }
    {
        expr_t call = expr_func("statics_sign", nargs, args), sg;
        flint_free(args);
        args = NULL;
        sg = mech_emit(b, "sign", call, 0);
        mech_emit0(b, "equilibrium", mech_cmp(EXPR_GT, sg, mech_num(0, 1)), 1);
        mech_emit0(b, "no_equilibrium", mech_cmp(EXPR_LT, mech_ref(b, "sign"), mech_num(0, 1)), 1);
    }
    rc = 0;
done:
    for (k = 0; k < ST_MAXC; k++) contact_clear(C + k);
    for (i = 0; i < 6; i++) expr_free(load[i]);
    if (Am) { for (i = 0; i < E * n; i++) expr_free(Am[i]); flint_free(Am); }
    if (bv) { for (i = 0; i < E; i++) expr_free(bv[i]); flint_free(bv); }
    return rc;
}
