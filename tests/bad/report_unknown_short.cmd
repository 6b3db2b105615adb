# an unknown short option glued to a word (it blamed 'report')
"$FRICERT" report -x.case
