#!/bin/bash
# SPDX-License-Identifier: MIT
# Sheet text always fits: titles of 1 to 200 characters on every paper,
# orientation and number a page, with answer pages, a Name / Date line
# and instructions, measured in the PDF with pdftotext -bbox: every word
# inside the printable area (the 0.5in margin) and no two words
# overlapping. A title that cannot fit is refused (exit 2) with the number
# of characters that would, and that many do. Titles in Japanese, Arabic,
# Hebrew, Greek and Cyrillic, same bytes twice, and --puzzle N in the slot
# of a book with a two-line title.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need pdftotext pdftoppm python3
boxes() { python3 "$here/textboxes.py" 36 "$@"; }
# Under the sanitizers, runs that set CJK text ask for whole stacks, so
# that cairo's own leak when it subsets the CJK font names
# cairo_surface_finish, which tests/lsan.supp suppresses (harmless
# without the sanitizers).
cjk_asan="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0"

words="Spring Term Maze Workbook for Year 3, Volume 2 (Ages 7-8): Mazes, \
Puzzles and Paths to Find through the Garden, the Castle, the Forest and the \
Deep Blue Sea, with Answers at the Back for Teachers and Parents to Check"
words="$words $words"
# title LENGTH: the first LENGTH characters of the words.
title() { printf '%s' "${words:0:$1}"; }

# Every layout, in files named by it; refusals checked as they come.
files=()
for len in 1 24 58 100 150 200; do
  for paper in letter a4 legal 5x7in; do
    for o in portrait landscape; do
      for per in 1 2 4 6; do
        out="t-$len-$paper-$o-$per.pdf"
        args=(-W 10 -H 10 -s "$len" --count "$per" --per-page "$per"
          --paper "$paper" --orientation "$o" --solution --name-line)
        tlen=$len
        ilen=0
        [ $((len % 4)) = 0 ] && ilen=$((len * 2))
        # Refused: one line naming --title or --instructions and how many
        # characters fit; cut to that, it must fit (or name the other).
        for try in 1 2 3; do
          status=0
          "$MAZEGEN" "${args[@]}" --title "$(title "$tlen")" \
            --instructions "$(title "$ilen")" -o "$out" 2>err.txt ||
            status=$?
          [ "$status" = 0 ] && break
          n=$(sed -n 's/.*at most \([0-9]*\) characters.*/\1/p' err.txt)
          opt=$(sed -n 's/^mazegen: \(--[a-z]*\):.*/\1/p' err.txt)
          [ "$status" = 2 ] && [ -n "$n" ] || break
          case $opt in
          --title) [ "$n" -lt "$tlen" ] || break ;;
          --instructions) [ "$n" -lt "$ilen" ] || break ;;
          *) break ;;
          esac
          ok
          [ "$opt" = --title ] && tlen=$n || ilen=$n
        done
        if [ "$status" = 0 ]; then
          files+=("$out")
        else
          fail "$out: exit $status: $(cat err.txt)"
        fi
      done
    done
  done
done
[ "${#files[@]}" -gt 150 ] && ok || fail "only ${#files[@]} layouts drawn"
why=$(boxes "${files[@]}") && ok || fail "$why"

# Footers of big hex mazes with parameters, six to a landscape page; keys
# on the same page, upside down.
run() { "$MAZEGEN" "$@" 2>err.txt || fail "mazegen $*: $(cat err.txt)"; }
cjk() { ASAN_OPTIONS=$cjk_asan run "$@"; }
run --grid hex -W 40 -H 40 -s 3 --count 6 --per-page 6 --orientation \
  landscape --braid 0.5 --title "$(title 200)" --solution -o six.pdf
run -W 20 -H 20 -s 4 --count 4 --per-page 4 --answers same-page \
  --upside-down --title "$(title 90)" -o same.pdf
why=$(boxes six.pdf same.pdf) && ok || fail "$why"

# Every script, on letter and A4, one and six a page.
ja="迷路パズル：春の学期の練習帳、第二巻（七歳から八歳）緑の矢印から入って赤い矢印へ出口を見つけましょう"
ar="متاهة الربيع للصف الثالث، المجلد الثاني: ادخل من السهم الأخضر واعثر على طريق الخروج إلى السهم الأحمر"
he="מבוך האביב לכיתה ג׳, כרך שני: היכנסו בחץ הירוק ומצאו את הדרך אל החץ האדום"
el="Λαβύρινθοι της άνοιξης για την τρίτη τάξη — Лабиринты весны для третьего класса"
i=0
for t in "$ja" "$ar" "$he" "$el"; do
  for paper in letter a4; do
    for per in 1 6; do
      i=$((i + 1))
      cjk -W 10 -H 10 -s 1 --count "$per" --per-page "$per" --paper "$paper" \
        --title "$t" --instructions "$t $t" --solution -o "s-$i.pdf"
    done
  done
done
why=$(boxes s-*.pdf) && ok || fail "$why"
# The scripts' own letters are in the text (Arabic joined, so extracted
# from its presentation forms; Japanese as it is).
pdftotext s-1.pdf - | grep -q '迷路パズル' && ok || fail "Japanese title lost"
pdffonts s-3.pdf 2>/dev/null | grep -q NotoSansArabic ||
  pdffonts s-5.pdf 2>/dev/null | grep -q NotoSansArabic && ok ||
  fail "Arabic not set in Noto Sans Arabic"

# The same command, the same bytes, whatever the locale.
cjk -W 10 -H 10 -s 1 --title "$ja" -o ja1.pdf
LC_ALL=C.UTF-8 cjk -W 10 -H 10 -s 1 --title "$ja" -o ja2.pdf
cmp -s ja1.pdf ja2.pdf && ok || fail "a Japanese sheet is not reproducible"

# --puzzle N lands where the book put it, under a two-line title.
long=$(title 170)
run -W 25 -H 25 -s 11 --count 5 --title "$long" -o five.pdf
run -W 25 -H 25 -s 11 --count 5 --title "$long" --puzzle 3 -o three.pdf
pdftoppm -r 72 -f 3 -l 3 five.pdf five
pdftoppm -r 72 three.pdf three
why=$(python3 "$here/pixels.py" same five-3.ppm three-1.ppm 52) && ok ||
  fail "--puzzle 3 under a long title: $why"
finish
