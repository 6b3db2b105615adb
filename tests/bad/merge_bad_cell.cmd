# a tile file with a damaged cell line: FILE:LINE:COL, nothing written
"$FRICERT" report -q --tile 1/1 -o tiles "$ROOT/cases/painleve_rod.case" || exit 2
sed '14s/^\([0-9]*\) /\1 x/' tiles/painleve_rod.tile-1-of-1 > t && mv t tiles/painleve_rod.tile-1-of-1
"$FRICERT" merge -q --templates "$ROOT/templates" -o out tiles
