#!/bin/sh
# gallery.sh — print every shape kind at every tile size in every character set, in
# the colours this terminal gets, to look at them all at once. Run it from the package
# folder; set TERM (and COLORTERM) as the terminal to judge, e.g. TERM=xterm for 16
# colours. The gallery itself is built by Tests/ShapelyGateScreenTests/Gallery.swift.
set -eu
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
SHAPELYGATE_GALLERY="$folder/gallery" swift test --filter GalleryTests >/dev/null 2>&1 || {
    echo "gallery.sh: swift test --filter GalleryTests failed" >&2
    exit 1
}
cat "$folder/gallery"
