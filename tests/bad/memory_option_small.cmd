# --memory takes MB from 16 (a budget too small to start is refused, exit 1)
printf '[case]\ntitle = t\n[parameters]\nx = 0 .. 1\n' > m.case
"$FRICERT" report --memory 8 -o out m.case
