/* mech_model.c -- mech_model_build: one [model NAME] section to named
 * derived definitions. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "mech/mech_impl.h"

static const char *common_keys[] = {"type", "prefix", "coords", "velocities", "time", "mass",
                                    "force", "constraints", "description", NULL};
static const char *contact_keys[] = {"gap", "slip", "friction", "direction", NULL};
static const char *impulse_keys[] = {"gap", "slip", "incoming", "orientation", "eps", "mu_impulse",
                                     "sigma_braked", "unilateral", NULL};

static int in_list(const char *k, const char **l)
{
    int i;
    for (i = 0; l && l[i]; i++)
        if (strcmp(l[i], k) == 0) return 1;
    return 0;
}

static int valid_name(const char *s)
{
    if (!(isalpha((unsigned char) *s) || *s == '_')) return 0;
    for (; *s; s++)
        if (!(isalnum((unsigned char) *s) || *s == '_')) return 0;
    return 1;
}

void mech_defs_free(mech_def *defs, int ndefs)
{
    int i;
    if (defs == NULL) return;
    for (i = 0; i < ndefs; i++) {
        flint_free(defs[i].name);
        flint_free(defs[i].constraint);
        expr_free(defs[i].e);
    }
    flint_free(defs);
}

int mech_model_build(mech_def **defs, int *ndefs, const mech_section *sec, const char *file,
                     expr_scope_t s, fc_error *err)
{
    mech_builder b;
    mech_model m;
    const char **extra;
    int i, t, rc;
    char msg[400];

    *defs = NULL, *ndefs = 0;
    memset(&b, 0, sizeof b);
    b.scope = s;
    b.line = sec->line;
    b.prefix = sec->name;
    if ((i = mech_key(sec, "type")) < 0) {
        fc_error_at(err, file, sec->line, 1, "[model %s]: missing key 'type' (holonomic, contact or impulsive)",
                   sec->name);
        return -1;
    }
    t = strcmp(sec->entries[i].value, "holonomic") == 0 ? 0 : strcmp(sec->entries[i].value, "contact") == 0 ? 1
        : strcmp(sec->entries[i].value, "impulsive") == 0 ? 2
        : strcmp(sec->entries[i].value, "zod_return_map") == 0 ? 3
        : strcmp(sec->entries[i].value, "zod_growth") == 0 ? 4
        : strcmp(sec->entries[i].value, "statics") == 0 ? 5 : -1;
    if (t < 0) {
        fc_error_at(err, file, sec->entries[i].key_line, sec->entries[i].key_col, "type: expected holonomic, contact, impulsive, zod_return_map, zod_growth or statics, got '%s'",
                   sec->entries[i].value);
        return -1;
    }
    extra = t == 1 ? contact_keys : t == 2 ? impulse_keys : NULL;
    for (i = 0; i < sec->nentries && t < 3; i++)
        if (!in_list(sec->entries[i].key, common_keys) && !in_list(sec->entries[i].key, extra)) {
            fc_error_at(err, file, sec->entries[i].key_line, sec->entries[i].key_col, "[model %s]: unknown key '%s' for type %s", sec->name,
                       sec->entries[i].key, t == 0 ? "holonomic" : t == 1 ? "contact" : "impulsive");
            return -1;
        }
    if ((i = mech_key(sec, "prefix")) >= 0) {
        if (!valid_name(sec->entries[i].value)) {
            fc_error_at(err, file, sec->entries[i].key_line, sec->entries[i].key_col, "prefix: '%s' is not a name", sec->entries[i].value);
            return -1;
        }
        b.prefix = sec->entries[i].value;
    }
    if (!valid_name(b.prefix)) {
        fc_error_at(err, file, sec->line, 1, "[model %s]: the name is not usable as a prefix; add "
                   "'prefix = NAME'", sec->name);
        return -1;
    }
    if (t == 3) {                 /* seed 002's certified return map (mech_zod.c) */
        memset(&m, 0, sizeof m);
        rc = mech_zod(&b, sec, file, s, err);
        goto built;
    }
    if (t == 4) {                 /* seed 002: sup G over a range of slopes (mech_zod_growth.c) */
        memset(&m, 0, sizeof m);
        rc = mech_zod_growth(&b, sec, file, s, err);
        goto built;
    }
    if (t == 5) {                 /* equilibrium of one body on rough contacts (mech_statics.c) */
        memset(&m, 0, sizeof m);
        rc = mech_statics(&b, sec, file, s, err);
        goto built;
    }
    if (mech_model_parse(&m, sec, file, s, err)) {
        mech_model_clear(&m);
        return -1;
    }
    if (t == 2 && m.ncons > 0) {
        i = mech_key(sec, "constraints");
        fc_error_at(err, file, sec->entries[i].key_line, sec->entries[i].key_col, "type = impulsive takes no bilateral 'constraints'");
        mech_model_clear(&m);
        return -1;
    }
    msg[0] = 0;
    if (t == 0) rc = mech_holonomic(&b, &m, msg, sizeof msg);
    else if (t == 1) rc = mech_contact(&b, &m, msg, sizeof msg);
    else rc = mech_impulsive(&b, &m, sec, file, err);
    mech_model_clear(&m);
built:
    if (rc == 0) {
        /* names must be new to the scope (and to each other, by construction) */
        for (i = 0; i < b.n; i++)
            if (expr_scope_lookup(s, b.defs[i].name, NULL, NULL) >= 0) {
                fc_error_at(err, file, sec->line, 1, "[model %s]: derived name '%s' is already taken; "
                           "choose another 'prefix'", sec->name, b.defs[i].name);
                rc = -1;
                break;
            }
    } else if (t < 2)
        fc_error_at(err, file, sec->line, 1, "[model %s]: %s", sec->name, msg);
    if (rc) {
        mech_defs_free(b.defs, b.n);
        flint_free(b.partial);
        return -1;
    }
    flint_free(b.partial);
    *defs = b.defs;
    *ndefs = b.n;
    return 0;
}
