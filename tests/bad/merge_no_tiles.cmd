# a folder without tile files
mkdir empty
"$FRICERT" merge -o out empty
