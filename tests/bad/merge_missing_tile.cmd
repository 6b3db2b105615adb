# tiles 1 to 3 of 4 only: merge must refuse and write nothing
for i in 1 2 3; do "$FRICERT" report -q --tile $i/4 -o tiles "$ROOT/cases/painleve_rod.case" || exit 2; done
"$FRICERT" merge -q --templates "$ROOT/templates" -o out tiles
