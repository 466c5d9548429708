#!/bin/bash
# SPDX-License-Identifier: MIT
# Sheets in the class's language: --lang and its default from the locale
# (as gettext finds it), --label and --footer. The words are read back
# from the PDF with pdftotext, bidi marks removed (Arabic and Hebrew come
# out in visual order, and lam-alef ligatures do not come back, so those
# words are checked alone and without one).
. "$(dirname "$0")/lib.sh"
need pdftotext qpdf
unset LANGUAGE LC_ALL LC_MESSAGES
export LANG=C.UTF-8
# Japanese and Chinese PDFs subset a CJK font, where cairo 1.16 leaks an
# array that tests/lsan.supp names by its public entry point: under
# AddressSanitizer that takes whole stacks (as in textfit.sh).
[ -n "${ASAN_OPTIONS:-}" ] && export ASAN_OPTIONS="$ASAN_OPTIONS:fast_unwind_on_malloc=0"

# text PDF: its words, one space between, bidi controls removed.
text() {
  pdftotext "$1" - 2>/dev/null |
    sed 's/\xe2\x80[\x8e\x8f\xaa-\xae]//g; s/\xe2\x81[\xa6-\xa9]//g' |
    tr -s ' \n\f' '  '
}

# has WHAT FILE WORD...: every word is in the file's text.
has() {
  local what=$1 file=$2 t
  shift 2
  t=$(text "$file")
  for w in "$@"; do
    case $t in
    *"$w"*) ok ;;
    *) fail "$what: no '$w' in: ${t:0:300}" ;;
    esac
  done
}

# lacks WHAT FILE WORD...: no word is in the file's text.
lacks() {
  local what=$1 file=$2 t
  shift 2
  t=$(text "$file")
  for w in "$@"; do
    case $t in
    *"$w"*) fail "$what: '$w' in: ${t:0:300}" ;;
    *) ok ;;
    esac
  done
}

book=(-W 8 -H 8 -s 7 --count 2 --per-page 2 --name-line --solution)
# lang WORDS...: the words of a book of two puzzles and their answers.
words_en=(Name Date "Puzzle 1" "Puzzle 2" "Page 1 of 2" "Answer 2"
  "Mazes — Answers" "dead ends")
words_es=(Nombre Fecha "Laberinto 1" "Página 1 de 2" "Solución 2"
  "Laberintos — Soluciones" "callejones sin salida" "sinuosidad")
words_fr=(Nom Date "Labyrinthe 1" "Page 1 sur 2" "Solution 2"
  "Labyrinthes — Solutions" "culs-de-sac" "sinuosité")
words_de=(Name Datum "Labyrinth 1" "Seite 1 von 2" "Lösung 2"
  "Labyrinthe — Lösungen" Sackgassen Windungsgrad)
words_pt=(Nome Data "Labirinto 1" "Página 1 de 2" "Solução 2"
  "Labirintos — Soluções" "becos sem saída" sinuosidade)
words_it=(Nome Data "Labirinto 1" "Pagina 1 di 2" "Soluzione 2"
  "Labirinti — Soluzioni" "vicoli ciechi" "tortuosità")
words_nl=(Naam Datum "Doolhof 1" "Pagina 1 van 2" "Oplossing 2"
  "Doolhoven — Oplossingen" "doodlopende paden" kronkeligheid)
words_ar=(التاريخ المتاهة الصفحة الحل الحلول متاهات مسدود التعرّج)
words_he=(שם תאריך מבוך עמוד מתוך פתרון פתרונות מבוכים)
words_ja=(名前 日付 問題1 問題2 "1 / 2 ページ" 解答2 "迷路 — 解答" 行き止まり)
words_zh=(姓名 日期 第1题 第2题 "第 1 页，共 2 页" 第2题答案 "迷宫 — 答案" 死胡同)
for l in en es fr de pt it nl ar he ja zh; do
  if "$MAZEGEN" "${book[@]}" --lang "$l" -o "$l.pdf" 2>err.txt; then
    ok
    declare -n words="words_$l"
    has "--lang $l" "$l.pdf" "${words[@]}"
    [ "$l" = en ] || lacks "--lang $l" "$l.pdf" Puzzle Answers "1 of 2"
  else
    fail "--lang $l: $(cat err.txt)"
  fi
done
# The decimal separator of the language, in the winding.
t=$(text fr.pdf)
[[ $t =~ sinuosité\ [0-9]+,[0-9] ]] && ok || fail "French winding: ${t:0:300}"
t=$(text en.pdf)
[[ $t =~ winding\ [0-9]+\.[0-9] ]] && ok || fail "English winding"

# The answer pages' labels (what a viewer's page box shows) too, read
# back by qpdf: a PDF text string, UTF-16 for other scripts.
for pair in en:Answers es:Soluciones ja:解答 ar:الحلول he:פתרונות; do
  l=${pair%%:*} word=${pair#*:}
  qpdf --json --json-key=pagelabels "$l.pdf" | grep -q "\"/P\": \"u:$word" &&
    ok || fail "--lang $l: page labels: $(qpdf --json --json-key=pagelabels "$l.pdf" | tr -d '\n')"
done

# A region, an encoding and any case name the language.
"$MAZEGEN" "${book[@]}" --lang pt_BR -o pt_br.pdf && ok || fail "pt_BR"
has "--lang pt_BR" pt_br.pdf "Labirinto 1"
"$MAZEGEN" "${book[@]}" --lang ZH_cn.UTF-8 -o zh_cn.pdf && ok || fail "zh_CN"
has "--lang ZH_cn.UTF-8" zh_cn.pdf 第1题
# The default instructions of 3D and weave sheets are translated.
"$MAZEGEN" -g 3d -W 4 -H 4 -s 1 --sheet --lang es -o es3d.pdf && ok ||
  fail "3d es"
has "3d --lang es" es3d.pdf "Cada nivel" "Laberinto"
"$MAZEGEN" -g weave -W 6 -H 6 -s 1 --sheet --lang de -o deweave.pdf && ok ||
  fail "weave de"
has "weave --lang de" deweave.pdf "Brücken"

expect_usage -W 8 -H 8 --sheet --lang xx -o out.pdf
expect_usage -W 8 -H 8 --sheet --lang '' -o out.pdf
expect_usage -W 8 -H 8 --sheet --lang english -o out.pdf
"$MAZEGEN" -W 8 -H 8 --sheet --lang kl -o out.pdf 2>err.txt
grep -q 'en, es, fr, de, pt, it, nl, ar, he, ja or zh' err.txt && ok ||
  fail "--lang kl does not list the languages: $(cat err.txt)"

# --label replaces any word; %s is the number, %% a percent sign.
"$MAZEGEN" "${book[@]}" --lang fr --label name=Élève --label 'date=Jour, mois' \
  --label puzzle=Défi --label 'answer=Réponse n° %s' --label 'page=%s/%s' \
  --label answers=Corrigé --label 'instructions=Trouve la sortie, 100 %%.' \
  -o label.pdf && ok || fail "--label"
has "--label" label.pdf Élève "Jour, mois" "Défi 1" "Défi 2" "Réponse n° 2" \
  "1/2" "Labyrinthes — Corrigé" "Trouve la sortie, 100 %%."
lacks "--label" label.pdf "Labyrinthe 1" "Page 1 sur 2" Nom
"$MAZEGEN" "${book[@]}" --label 'page=Seite' -o page.pdf && ok || fail page
has "--label page=Seite" page.pdf "Seite 1/2"
expect_usage -W 8 -H 8 --sheet --label 'puzzle=No %d' -o out.pdf
expect_usage -W 8 -H 8 --sheet --label 'puzzle=%s of %s' -o out.pdf
expect_usage -W 8 -H 8 --sheet --label 'name=%s' -o out.pdf
expect_usage -W 8 -H 8 --sheet --label 'colour=red' -o out.pdf
expect_usage -W 8 -H 8 --sheet --label 'name' -o out.pdf

# --footer: full (the options again), the seed alone, or nothing.
"$MAZEGEN" -W 8 -H 8 -s 4242 --sheet -o full.pdf && ok || fail "full"
has "--footer full" full.pdf "mazegen -W 8 -H 8 -a backtracker -s 4242"
"$MAZEGEN" -W 8 -H 8 -s 4242 --sheet --footer seed -o seed.pdf && ok ||
  fail "--footer seed"
has "--footer seed" seed.pdf "seed 4242"
lacks "--footer seed" seed.pdf mazegen backtracker
"$MAZEGEN" -W 8 -H 8 -s 4242 --sheet --footer seed --lang de -o seed_de.pdf
has "--footer seed --lang de" seed_de.pdf "Startwert 4242"
"$MAZEGEN" -W 8 -H 8 -s 4242 --sheet --footer none -o none.pdf && ok ||
  fail "--footer none"
lacks "--footer none" none.pdf 4242 mazegen backtracker seed
has "--footer none" none.pdf Maze
# The footer's band stays: the maze is drawn the same whatever it shows.
"$MAZEGEN" -W 8 -H 8 -s 4242 --sheet --footer none -o none.svg &&
  "$MAZEGEN" -W 8 -H 8 -s 4242 --sheet -o full.svg &&
  [ "$(grep -o 'class="walls"[^>]*' none.svg)" = \
    "$(grep -o 'class="walls"[^>]*' full.svg)" ] && ok ||
  fail "--footer none moved the maze"
expect_usage -W 8 -H 8 --sheet --footer short -o out.pdf

# The default: the locale's language as gettext finds it.
LANG=fr_FR.UTF-8 "$MAZEGEN" "${book[@]}" -o loc_fr.pdf && ok || fail "LANG=fr"
has "LANG=fr_FR.UTF-8" loc_fr.pdf "Labyrinthe 1" "Page 1 sur 2"
LC_ALL=C LANG=fr_FR.UTF-8 "$MAZEGEN" "${book[@]}" -o loc_c.pdf && ok ||
  fail "LC_ALL=C"
has "LC_ALL=C" loc_c.pdf "Puzzle 1" "Page 1 of 2"
LC_ALL=POSIX "$MAZEGEN" "${book[@]}" -o loc_posix.pdf && ok || fail POSIX
has "LC_ALL=POSIX" loc_posix.pdf "Puzzle 1"
LC_MESSAGES=ja_JP.UTF-8 LANG=fr_FR.UTF-8 "$MAZEGEN" "${book[@]}" \
  -o loc_msg.pdf && ok || fail "LC_MESSAGES"
has "LC_MESSAGES=ja_JP" loc_msg.pdf 問題1
LANGUAGE=kl:de:fr LANG=fr_FR.UTF-8 "$MAZEGEN" "${book[@]}" -o loc_list.pdf &&
  ok || fail "LANGUAGE"
has "LANGUAGE=kl:de:fr" loc_list.pdf "Labyrinth 1" "Seite 1 von 2"
# gettext ignores LANGUAGE in the C locale.
LANGUAGE=de LC_ALL=C "$MAZEGEN" "${book[@]}" -o loc_cl.pdf && ok ||
  fail "LANGUAGE in C"
has "LANGUAGE=de LC_ALL=C" loc_cl.pdf "Puzzle 1"
# A language without a catalogue: English.
LANG=kl_GL.UTF-8 "$MAZEGEN" "${book[@]}" -o loc_kl.pdf && ok || fail "kl"
has "LANG=kl_GL" loc_kl.pdf "Puzzle 1"
# --lang wins over the locale, and then the bytes do not depend on it.
LANG=fr_FR.UTF-8 "$MAZEGEN" -W 8 -H 8 -s 3 --sheet --lang en -o a.png &&
  LANG=ja_JP.UTF-8 "$MAZEGEN" -W 8 -H 8 -s 3 --sheet --lang en -o b.png &&
  cmp -s a.png b.png && ok || fail "--lang en depends on the locale"

finish
