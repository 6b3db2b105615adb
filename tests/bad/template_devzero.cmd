# the template is a link to /dev/zero: refused (it read 2 GB)
mkdir tmpl || exit 2
ln -s /dev/zero tmpl/painleve.tmpl || exit 2
cp "$ROOT/cases/painleve_rod.case" . || exit 2
timeout 20 "$FRICERT" report -o out --templates tmpl painleve_rod.case
