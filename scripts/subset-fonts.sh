#!/bin/sh
# Rebuilds lib/pdf/fonts/*.ttf from Debian's DejaVu fonts (package fonts-dejavu-extra) with
# fontTools (package python3-fonttools). Every glyph and OpenType feature is kept; what goes is
# what a PDF does not use: TrueType hinting, the MATH and FFTM tables, and all but four name
# records (pdfkit compares fonts by their name records on every text run, so a long name table
# cost about a tenth of the render time).
set -eu
source=/usr/share/fonts/truetype/dejavu
target=$(dirname "$0")/../lib/pdf/fonts
for font in DejaVuSansCondensed DejaVuSansCondensed-Bold; do
  /usr/bin/python3 -m fontTools.subset "$source/$font.ttf" --unicodes='*' --layout-features='*' --no-hinting \
    --drop-tables+=MATH,FFTM --name-IDs=1,2,4,6 --name-languages=1033 --output-file="$target/$font.ttf"
done
