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
567029b0c3e6ce8e -g rect -W 13 -H 11 -s 1 --solution
04de0071068f2521 -g rect -W 13 -H 11 -s 2 --solution --plotter -c 7.3pt
abb1fc4656afebbc -g rect -W 13 -H 11 -s 3 --solution --animate -c 3.17mm --wall-width 0.6mm
3a4d076372f0849b -g hex -W 13 -H 11 -s 1 --solution
571c351c9d03f432 -g hex -W 13 -H 11 -s 2 --solution --plotter -c 7.3pt
7959cf15c96a1ba1 -g hex -W 13 -H 11 -s 3 --solution --animate -c 3.17mm --wall-width 0.6mm
de9d5bfb923ac806 -g triangle -W 13 -H 11 -s 1 --solution
b87bb45646b85a37 -g triangle -W 13 -H 11 -s 2 --solution --plotter -c 7.3pt
a3c2589a4d3f8bbd -g triangle -W 13 -H 11 -s 3 --solution --animate -c 3.17mm --wall-width 0.6mm
e30a80f787a0312c -g upsilon -W 13 -H 11 -s 1 --solution
b97b39ec1bff6dd1 -g upsilon -W 13 -H 11 -s 2 --solution --plotter -c 7.3pt
6625e7ef170ac031 -g upsilon -W 13 -H 11 -s 3 --solution --animate -c 3.17mm --wall-width 0.6mm
883d61a5ae232c47 -g theta -W 8 -H 11 -s 1 --solution
929013e5d60071fd -g theta -W 8 -H 11 -s 2 --solution --plotter -c 7.3pt
5096af54fe7ded95 -g theta -W 8 -H 11 -s 3 --solution --animate -c 3.17mm --wall-width 0.6mm
ea368fadecaf9885 -g theta -H 9 --centre 3 -s 5 --solution -c 0.137in
c4ef8f790c05ca9f -g zeta -W 13 -H 11 -s 1 --solution
d5eb5d73fca679f0 -g zeta -W 13 -H 11 -s 2 --solution --plotter -c 7.3pt
e140280dec52accf -g zeta -W 13 -H 11 -s 3 --solution --animate -c 3.17mm --wall-width 0.6mm
5bb3176f4a333d59 -g 3d -W 6 -H 5 -L 4 -s 1 --solution --panels 2 -b ud=1
329326e54391adb6 -g 3d -W 6 -H 5 -s 2 --solution --plotter -c 7.3pt -b ud=1
c0a19c59761dc9fc -g 3d -W 6 -H 5 -s 3 --solution --animate -c 3.17mm --wall-width 0.6mm -b ud=1
7d507c3d2faf76cc -g 3d -W 6 -H 5 -L 4 -s 1 --solution --panels 2
600215f72358eb51 -g weave -W 13 -H 11 -s 1 --solution --weave=90
843bcb0e3955fcbb -g weave -W 13 -H 11 -s 2 --solution --plotter -c 7.3pt
170e858b73321694 -g weave -W 13 -H 11 -s 3 --solution --animate -c 3.17mm --wall-width 0.6mm
258dd5d3d14a5170 -W 3 -H 3 --fractal 2 -s 2 --solution -c 5.5pt
016b4779a84f7921 -W 2 -H 3 --fractal 2 -s 2 --solution --plotter
4f1e7971d4f85b20 -W 1 -H 1 -s 1 --solution
426fc11b1da4fc83 -W 1 -H 9 -s 1 --solution --margin 0 --background white
fce742dffabf2b05 -a division --rooms 3 -W 12 -H 12 -s 4 --solution --animate
431e34305ae9ca03 -W 7 -H 5 --unicursal -s 3 --solution
7aff63968d48eeb8 -W 60 -H 40 -s 9 --solution -c 1.01pt
CASES

finish
