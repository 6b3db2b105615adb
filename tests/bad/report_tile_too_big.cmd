# --tile I/N with I > N: exit 1, nothing written
"$FRICERT" report --tile 5/4 -o out "$ROOT/cases/painleve_rod.case"
