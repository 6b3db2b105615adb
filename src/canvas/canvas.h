/* canvas.h -- the one drawing interface of fricert.
 *
 * Nothing outside src/canvas/ sees Cairo or libharu: code draws
 * through a canvas, which is a table of backend operations plus the
 * backend's state.
 *
 * Coordinates are in points (1/72 in), origin at the top left, y down.
 * Paths: move_to / line_to / close_path / rect build a path; fill, stroke
 * and clip consume it.  Fill uses the NON-ZERO winding rule; canvas_rect
 * always emits the same (clockwise on screen) orientation, so one path made
 * of many rectangles, overlapping or sharing edges, fills as their union
 * without seams.
 *
 * PDF rule, enforced for every backend: state operations (colours, line
 * width, dash, font, save/restore, text, clip_rect, pages) must not be
 * issued while a path is under construction; doing so sets the canvas
 * status to CANVAS_ERR_STATE and is otherwise ignored.
 *
 * Text is UTF-8, drawn with embedded DejaVu Sans (regular or bold), so
 * Greek, Cyrillic and the usual math symbols render in every backend. */
#ifndef FC_CANVAS_H
#define FC_CANVAS_H

#ifndef CANVAS_FONT_REGULAR
#define CANVAS_FONT_REGULAR "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
#endif
#ifndef CANVAS_FONT_BOLD
#define CANVAS_FONT_BOLD "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
#endif

/* The serif face of the Cairo canvas (canvas_cairo_new_face). */
#ifndef CANVAS_SERIF_REGULAR
#define CANVAS_SERIF_REGULAR "/usr/share/texmf/fonts/opentype/public/lm/lmroman10-regular.otf"
#endif
#ifndef CANVAS_SERIF_BOLD
#define CANVAS_SERIF_BOLD "/usr/share/texmf/fonts/opentype/public/lm/lmroman10-bold.otf"
#endif
#ifndef CANVAS_SERIF_MATH
#define CANVAS_SERIF_MATH "/usr/share/texmf/fonts/opentype/public/lm-math/latinmodern-math.otf"
#endif

typedef enum { CANVAS_FACE_SANS, CANVAS_FACE_SERIF } canvas_face;

#define CANVAS_OK         0
#define CANVAS_ERR_STATE  1   /* operation not allowed here (see above) */
#define CANVAS_ERR_FONT   2   /* font file missing or unreadable */
#define CANVAS_ERR_IO     3   /* output could not be written */
#define CANVAS_ERR_LIB    4   /* the drawing library reported an error */
#define CANVAS_ERR_MEM    5

typedef enum { CANVAS_LEFT, CANVAS_CENTRE, CANVAS_RIGHT } canvas_align;

/* Backend operations; STATE is canvas.state.  Backends do not check the
 * path rule (the canvas_* wrappers do).  text draws left-aligned at the
 * baseline point, rotated ANGLE radians counter-clockwise on screen. */
typedef struct
{
    void (*set_fill_rgb)(void *state, double r, double g, double b);
    void (*set_stroke_rgb)(void *state, double r, double g, double b);
    void (*set_line_width)(void *state, double w);
    void (*set_dash)(void *state, const double *dash, int n, double offset);
    void (*move_to)(void *state, double x, double y);
    void (*line_to)(void *state, double x, double y);
    void (*close_path)(void *state);
    void (*rect)(void *state, double x, double y, double w, double h);
    void (*fill)(void *state);
    void (*stroke)(void *state);
    void (*clip)(void *state);
    void (*save)(void *state);
    void (*restore)(void *state);
    void (*set_font)(void *state, double size, int bold);
    void (*text)(void *state, double x, double y, const char *utf8, double angle);
    double (*text_width)(void *state, const char *utf8);
    int (*begin_page)(void *state, double w, double h);
    int (*end_page)(void *state);
    int (*finish)(void *state);     /* write output; returns a CANVAS_ code */
    void (*free)(void *state);      /* release; discards unfinished output */
    int (*status)(void *state);     /* backend's own error, CANVAS_OK if none */
} canvas_ops;

typedef struct
{
    const canvas_ops *ops;
    void *state;
    double width, height;   /* current page size in points */
    double font_size;
    int in_path;            /* a path is under construction */
    int in_page;
    int status;             /* first error seen, CANVAS_OK if none */
    int save_depth;
} canvas;

/* Used by backends: a canvas with the given operations and state. */
canvas *canvas_new(const canvas_ops *ops, void *state, double w, double h);

/* First error of the canvas or its backend; CANVAS_OK if none. */
int canvas_status(const canvas *c);
const char *canvas_strerror(int status);

/* Writes the output (PDF/SVG/PNG file, renamed into place only when
 * complete) and returns a CANVAS_ code; no file is left behind on error. */
int canvas_finish(canvas *c);
/* Releases C; unfinished output is discarded.  NULL is allowed. */
void canvas_free(canvas *c);

/* Starts a page of W x H points (PDF backends add a page; a single-page
 * backend accepts one page of its own size).  end_page completes it. */
int canvas_begin_page(canvas *c, double w, double h);
int canvas_end_page(canvas *c);

void canvas_set_fill_rgb(canvas *c, double r, double g, double b);
void canvas_set_stroke_rgb(canvas *c, double r, double g, double b);
void canvas_set_line_width(canvas *c, double w);
/* N dash lengths (N = 0: solid, N <= 8); the hpdf backend rounds them
 * to whole points (libharu 2.3 takes integers). */
void canvas_set_dash(canvas *c, const double *dash, int n, double offset);

void canvas_move_to(canvas *c, double x, double y);
void canvas_line_to(canvas *c, double x, double y);
void canvas_close_path(canvas *c);
/* Appends the rectangle [x, x+w] x [y, y+h] (any sign of w, h) as a closed
 * subpath of fixed orientation. */
void canvas_rect(canvas *c, double x, double y, double w, double h);
void canvas_fill(canvas *c);     /* non-zero rule; consumes the path */
void canvas_stroke(canvas *c);   /* consumes the path */
void canvas_clip(canvas *c);     /* intersect clip with path (non-zero); consumes it */

void canvas_save(canvas *c);
void canvas_restore(canvas *c);
/* Intersects the clip with a rectangle (undone by restore). */
void canvas_clip_rect(canvas *c, double x, double y, double w, double h);

void canvas_set_font(canvas *c, double size, int bold);
/* Draws UTF8 with its baseline through (x, y), aligned there by ALIGN. */
void canvas_text(canvas *c, double x, double y, const char *utf8, canvas_align align);
/* Same, rotated ANGLE radians counter-clockwise (pi/2: reads bottom-up). */
void canvas_text_rotated(canvas *c, double x, double y, const char *utf8,
                         canvas_align align, double angle);
/* Advance width of UTF8 in the current font, in points. */
double canvas_text_width(canvas *c, const char *utf8);

/* Hatch fill: BUILD(c, arg) appends a path; the area it encloses
 * (non-zero) is covered with parallel lines SPACING points apart in the
 * current stroke colour and line width, at ANGLE radians (pi/4: rising to
 * the right), and nothing outside it is touched.  BOX = {x, y, w, h} must
 * contain the path.  Built from save / clip / stroke / restore. */
void canvas_hatch(canvas *c, void (*build)(canvas *, void *), void *arg,
                  const double box[4], double spacing, double angle);

/* A canvas writing the file PATH, its format (PDF, SVG or PNG) chosen by
 * PATH's extension (the Cairo backend), text in FACE; NULL on failure
 * (*status: a CANVAS_ code; CANVAS_ERR_IO for an unknown extension). */
canvas *canvas_file_new(const char *path, double w, double h, double scale, canvas_face face, int *status);

/* Version strings of the drawing libraries behind the backends (for the
 * provenance the writers print): Cairo's and libharu's. */
const char *canvas_cairo_version(void);
const char *canvas_hpdf_version(void);

#endif
