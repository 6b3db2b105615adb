# -o under a regular file: exit 1, nothing written
mkdir -p out && : > out/file
"$FRICERT" report --templates "$ROOT/templates" -o out/file/sub "$ROOT/cases/painleve_rod.case"
