# a template over the 4 MB limit (README, Limits): refused with its size
mkdir tmpl || exit 2
head -c 5000000 /dev/zero | tr '\0' 'a' > tmpl/painleve.tmpl
cp "$ROOT/cases/painleve_rod.case" . || exit 2
"$FRICERT" report -o out --templates tmpl painleve_rod.case
