#!/bin/bash
# SPDX-License-Identifier: MIT
# The SVG writer's bytes, held to those it wrote when its numbers still
# went through printf: a maze of every kind, with its solution, in
# plotter order and animated, at cell sizes in pt, mm and in, fractal,
# 3d in panels (with -b ud=1, the weights from before 3d's default became
# ud=0.05, and once at the default), division, unicursal, a 1x1. These
# documents are written without cairo, so their bytes depend on mazegen
# alone; the version in <desc> is blanked and the id prefix given, so a
# release does not move them. A change here is a change of every such file: say so in
# docs/svg.md and make the sums anew.
. "$(dirname "$0")/lib.sh"
need sha256sum sed cut

while read -r sum args; do
  # shellcheck disable=SC2086 # the arguments are words
  if ! "$MAZEGEN" $args --id-prefix t -o out.svg 2>"$WORK/.err"; then
    fail "mazegen $args: $(head -c 300 "$WORK/.err")"
    continue
  fi
  got=$(sed 's/Made by mazegen [^ ]*\. /Made by mazegen V. /' out.svg |
    sha256sum | cut -c1-16)
  if [ "$got" = "$sum" ]; then ok; else fail "mazegen $args: sum $got, expected $sum"; fi
done <<'CASES'
03166c2acffb14ec -g rect -W 13 -H 11 -s 1 --solution
cc36c778d7db986d -g rect -W 13 -H 11 -s 2 --solution --plotter -c 7.3pt
22ecd59bce0e58c6 -g rect -W 13 -H 11 -s 3 --solution --animate -c 3.17mm --wall-width 0.6mm
be80ff869872d196 -g hex -W 13 -H 11 -s 1 --solution
db5f62f9beb307cc -g hex -W 13 -H 11 -s 2 --solution --plotter -c 7.3pt
d2ae3da84903085a -g hex -W 13 -H 11 -s 3 --solution --animate -c 3.17mm --wall-width 0.6mm
a75ceb0b40b1b00d -g triangle -W 13 -H 11 -s 1 --solution
96702db2412a1acc -g triangle -W 13 -H 11 -s 2 --solution --plotter -c 7.3pt
6fa1b3a925e6acd4 -g triangle -W 13 -H 11 -s 3 --solution --animate -c 3.17mm --wall-width 0.6mm
536a1ec38a100a63 -g upsilon -W 13 -H 11 -s 1 --solution
bf8585b01f812420 -g upsilon -W 13 -H 11 -s 2 --solution --plotter -c 7.3pt
bb2860efdf7c204e -g upsilon -W 13 -H 11 -s 3 --solution --animate -c 3.17mm --wall-width 0.6mm
f567a1734c15a976 -g theta -W 8 -H 11 -s 1 --solution
0b171e13e93b4050 -g theta -W 8 -H 11 -s 2 --solution --plotter -c 7.3pt
9ea7c62d3f3a5cf8 -g theta -W 8 -H 11 -s 3 --solution --animate -c 3.17mm --wall-width 0.6mm
3651fd105925fc08 -g theta -H 9 --centre 3 -s 5 --solution -c 0.137in
38127d6187d29190 -g zeta -W 13 -H 11 -s 1 --solution
ee2b49c1a6a88e17 -g zeta -W 13 -H 11 -s 2 --solution --plotter -c 7.3pt
eac98e06d412fd93 -g zeta -W 13 -H 11 -s 3 --solution --animate -c 3.17mm --wall-width 0.6mm
42d3a735b446660e -g 3d -W 6 -H 5 -L 4 -s 1 --solution --panels 2 -b ud=1
5677293b683caff8 -g 3d -W 6 -H 5 -s 2 --solution --plotter -c 7.3pt -b ud=1
c6adc2faa28502c1 -g 3d -W 6 -H 5 -s 3 --solution --animate -c 3.17mm --wall-width 0.6mm -b ud=1
362cccbcf0874fb0 -g 3d -W 6 -H 5 -L 4 -s 1 --solution --panels 2
eb8e6315c5450a6c -g weave -W 13 -H 11 -s 1 --solution --weave=90
141005503f50d722 -g weave -W 13 -H 11 -s 2 --solution --plotter -c 7.3pt
bf0dd2973d6c3f62 -g weave -W 13 -H 11 -s 3 --solution --animate -c 3.17mm --wall-width 0.6mm
912fb7cfebef92c4 -W 3 -H 3 --fractal 2 -s 2 --solution -c 5.5pt
eb7f680d39a0beda -W 2 -H 3 --fractal 2 -s 2 --solution --plotter
4d385755e6e0bd30 -W 1 -H 1 -s 1 --solution
97ecfc35d4fc5756 -W 1 -H 9 -s 1 --solution --margin 0 --background white
f3711a6fc6a82705 -a division --rooms 3 -W 12 -H 12 -s 4 --solution --animate
684909414c4eb585 -W 7 -H 5 --unicursal -s 3 --solution
c50f846a7dc711b5 -W 60 -H 40 -s 9 --solution -c 1.01pt
CASES

finish
