# --tile x: exit 1, nothing written
"$FRICERT" report -o out "$ROOT/cases/painleve_rod.case" --tile x
