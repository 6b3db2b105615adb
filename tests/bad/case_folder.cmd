# a folder given as a case
mkdir folder.case || exit 2
"$FRICERT" check folder.case
