# the template is a FIFO without a writer: refused before anything is computed (it blocked)
mkdir tmpl || exit 2
mkfifo tmpl/painleve.tmpl || exit 2
cp "$ROOT/cases/painleve_rod.case" . || exit 2
timeout 20 "$FRICERT" report -o out --templates tmpl painleve_rod.case
