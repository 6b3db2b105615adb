# "..case" has the id "..": refused when read (it failed late, "Device or resource busy")
printf '[case]\ntitle = t\n[parameters]\nx = 0 .. 1\n' > ..case
"$FRICERT" report -o out ..case
