# -o into an existing folder that cannot be written (/proc/self): exit 1, nothing written
"$FRICERT" report --templates "$ROOT/templates" -o /proc/self "$ROOT/cases/painleve_rod.case"
