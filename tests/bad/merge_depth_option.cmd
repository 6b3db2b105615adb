# merge takes the tiles' own depth
"$FRICERT" merge --depth 5 -o out tiles
