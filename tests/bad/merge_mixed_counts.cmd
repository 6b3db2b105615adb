# a tile of 1 beside tiles of 4 of the same case: they do not fit together
for t in 1/1 1/4 2/4 3/4 4/4; do "$FRICERT" report -q --tile $t -o tiles "$ROOT/cases/painleve_rod.case" || exit 2; done
"$FRICERT" merge -q --templates "$ROOT/templates" -o out tiles
