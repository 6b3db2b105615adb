# check --tile 1/3: 3 is not a power of 4
"$FRICERT" check --tile 1/3 "$ROOT/cases/painleve_rod.case"
