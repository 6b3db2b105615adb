/* case_display.c -- the grammar of display strings; see case_display.h. */
#include "case/case_display.h"

#include <string.h>

typedef struct
{
    const char *s0, *s;
    const char *msg;
} cd_parser;

static case_display_node *
cd_new(case_display_kind k)
{
    case_display_node *n = flint_calloc(1, sizeof(case_display_node));
    n->kind = k;
    return n;
}

void
case_display_free(case_display_node *n)
{
    int i;
    if (n == NULL)
        return;
    for (i = 0; i < n->nkids; i++)
        case_display_free(n->kids[i]);
    flint_free(n->kids);
    case_display_free(n->sub);
    case_display_free(n->sup);
    flint_free(n);
}

static int
cd_fail(cd_parser *p, const char *msg)
{
    if (p->msg == NULL)
        p->msg = msg;
    return -1;
}

static size_t
cd_letters(const char *s)
{
    size_t n = 0;
    while ((s[n] >= 'a' && s[n] <= 'z') || (s[n] >= 'A' && s[n] <= 'Z'))
        n++;
    return n;
}

/* Length of the UTF-8 character at S (1 for a malformed byte). */
static int
cd_charlen(const char *s)
{
    unsigned char c = (unsigned char) *s;
    int n = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 1;
    int i;
    for (i = 1; i < n; i++)
        if (((unsigned char) s[i] & 0xC0) != 0x80)
            return 1;
    return n;
}

/* \NAME at p->s (after the backslash) as a Greek letter into OUT (>= 8
 * bytes); advances.  Returns 0, or -1 if NAME is not a Greek letter. */
static int
cd_greek(cd_parser *p, char *out)
{
    size_t n = cd_letters(p->s);
    char name[16], *u;
    int ok;
    if (n == 0 || n >= sizeof name)
        return -1;
    memcpy(name, p->s, n);
    name[n] = '\0';
    u = expr_name_unicode(name);
    ok = strcmp(u, name) != 0 && strlen(u) < 8;
    if (ok)
        strcpy(out, u);
    flint_free(u);
    if (!ok)
        return -1;
    p->s += n;
    return 0;
}

static int cd_row(cd_parser *p, case_display_node *row, int in_group);

/* One atom into *OUT. */
static int
cd_atom(cd_parser *p, case_display_node **out)
{
    static const struct { const char *name, *mark; } accents[] = {
        {"dot", "\xcc\x87"}, {"ddot", "\xcc\x88"}, {"hat", "\xcc\x82"},
        {"bar", "\xcc\x84"}, {"tilde", "\xcc\x83"},
    };
    case_display_node *n;
    size_t k;

    *out = NULL;
    if (*p->s == '{')
    {
        p->s++;
        n = cd_new(CASE_DISPLAY_ROW);
        *out = n;
        if (cd_row(p, n, 1))
            return -1;
        if (*p->s != '}')
            return cd_fail(p, "missing '}'");
        p->s++;
        return 0;
    }
    if (*p->s == '\0' || *p->s == '}' || *p->s == '_' || *p->s == '^')
        return cd_fail(p, "expected a character, \\command or {group}");
    n = cd_new(CASE_DISPLAY_GLYPH);
    *out = n;
    if (*p->s != '\\')
    {
        int len = cd_charlen(p->s);
        memcpy(n->text, p->s, (size_t) len);
        n->text[len] = '\0';
        p->s += len;
        return 0;
    }
    p->s++;
    if (cd_greek(p, n->text) == 0)
        return 0;
    for (k = 0; k < sizeof accents / sizeof accents[0]; k++)
        if (cd_letters(p->s) == strlen(accents[k].name)
            && strncmp(p->s, accents[k].name, strlen(accents[k].name)) == 0)
            break;
    if (k == sizeof accents / sizeof accents[0])
        return cd_fail(p, "unknown command; expected a Greek letter or \\dot, \\ddot, \\hat, \\bar, \\tilde");
    p->s += strlen(accents[k].name);
    while (*p->s == ' ')
        p->s++;
    {
        int brace = *p->s == '{';
        if (brace)
            p->s++;
        if (*p->s == '\\')
        {
            p->s++;
            if (cd_greek(p, n->text))
                return cd_fail(p, "an accent takes one letter, \\greek or {letter}");
        }
        else if (*p->s != '\0' && *p->s != '{' && *p->s != '}' && *p->s != '_' && *p->s != '^')
        {
            int len = cd_charlen(p->s);
            memcpy(n->text, p->s, (size_t) len);
            n->text[len] = '\0';
            p->s += len;
        }
        else
            return cd_fail(p, "an accent takes one letter, \\greek or {letter}");
        if (brace)
        {
            if (*p->s != '}')
                return cd_fail(p, "an accent takes one letter, \\greek or {letter}");
            p->s++;
        }
    }
    strcat(n->text, accents[k].mark);
    return 0;
}

static int
cd_row(cd_parser *p, case_display_node *row, int in_group)
{
    while (*p->s && !(in_group && *p->s == '}'))
    {
        case_display_node *a;
        if (*p->s == '}')
            return cd_fail(p, "unbalanced '}'");
        if (cd_atom(p, &a))
        {
            case_display_free(a);
            return -1;
        }
        row->kids = flint_realloc(row->kids, (row->nkids + 1) * sizeof(case_display_node *));
        row->kids[row->nkids++] = a;
        while (*p->s == '_' || *p->s == '^')
        {
            case_display_node **slot = *p->s == '_' ? &a->sub : &a->sup;
            if (*slot != NULL)
                return cd_fail(p, *p->s == '_' ? "double subscript" : "double superscript");
            p->s++;
            if (cd_atom(p, slot))
                return -1;
        }
    }
    return 0;
}

int
case_display_parse(case_display_node **out, const char *s, size_t *err_off, const char **err_msg)
{
    cd_parser p;
    case_display_node *row = cd_new(CASE_DISPLAY_ROW);

    p.s0 = p.s = s;
    p.msg = NULL;
    if (cd_row(&p, row, 0) == 0 && row->nkids == 0)
        cd_fail(&p, "empty display string");
    if (p.msg != NULL)
    {
        case_display_free(row);
        *out = NULL;
        if (err_off)
            *err_off = (size_t) (p.s - s);
        if (err_msg)
            *err_msg = p.msg;
        return -1;
    }
    *out = row;
    return 0;
}

const char *
case_display_of(const case_t *c, const char *name)
{
    int i;
    for (i = 0; i < c->ndisplay; i++)
        if (strcmp(c->display[i].name, name) == 0)
            return c->display[i].text;
    return NULL;
}
