#!/bin/sh
# gallery.sh — print every shape kind at every tile size in every character set, in
# the colours this terminal gets, to look at them all at once. Run from the package
# folder; set TERM (and COLORTERM) as the terminal to judge, e.g. TERM=xterm for 16 colours.
set -eu
SHAPELYGATE_GALLERY=1 exec swift test --filter GalleryTests 2>/dev/null | grep -v '^\(Test\|Building\|Build\|\[\|.*[✔✘◇] \)'
