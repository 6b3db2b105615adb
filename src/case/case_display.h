/* case_display.h -- display strings of the [display] section: how a
 * parameter, definition or region name is typeset in reports.
 *
 *     [display]
 *     thetadot = \dot\theta
 *     mu_min   = \mu_{min}
 *     x1       = x_1
 *
 * Grammar (a small TeX subset): a row of atoms, each optionally followed by
 * _ATOM (subscript) and/or ^ATOM (superscript).  An atom is a character
 * (UTF-8, not one of \ { } _ ^), a {row}, a Greek letter \alpha ... \Omega
 * (the names of expr_name_unicode), or an accent \dot \ddot \hat \bar
 * \tilde followed by one letter, \greek or {letter}: the accent is the
 * combining mark after that letter (θ̇ = θ U+0307). */
#ifndef FC_CASE_DISPLAY_H
#define FC_CASE_DISPLAY_H

#include <stddef.h>
#include "case/case.h"

typedef enum { CASE_DISPLAY_GLYPH, CASE_DISPLAY_ROW } case_display_kind;

typedef struct case_display_node
{
    case_display_kind kind;
    char text[16];                         /* GLYPH: one character and its mark */
    int nkids;                             /* ROW: the atoms in order */
    struct case_display_node **kids;
    struct case_display_node *sub, *sup;   /* scripts of this atom, or NULL */
} case_display_node;

/* Parses S into a ROW (*OUT, free with case_display_free).  Returns 0, or
 * -1 with *ERR_OFF the byte offset of the fault in S and *ERR_MSG a
 * message (a static string); *OUT is NULL then. */
int case_display_parse(case_display_node **out, const char *s, size_t *err_off, const char **err_msg);
void case_display_free(case_display_node *n);

/* The display string the case gives NAME, or NULL. */
const char *case_display_of(const case_t *c, const char *name);

#endif
