# -o inside a folder nobody may write to (/proc refuses even root): exit 1, nothing written
"$FRICERT" report --templates "$ROOT/templates" -o /proc/fricert-out "$ROOT/cases/painleve_rod.case"
