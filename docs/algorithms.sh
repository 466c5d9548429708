#!/bin/sh
# SPDX-License-Identifier: MIT
# Remakes the pictures in docs/algorithms/ and prints every figure quoted in
# docs/algorithms.md: the texture table, timings, and how the difficulty
# levels fare. Run from anywhere, after building:
#   docs/algorithms.sh [path/to/mazegen] [section...]
# Sections: pictures texture grids timings difficulty (default: all of
# them).
# SEEDS (default 200) sets how many seeds the texture and difficulty
# figures average over. Figures are means over seeds 1..SEEDS, so the same
# build prints the same table; timings depend on the machine.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mazegen=${1:-$here/../build/src/cli/mazegen}
[ $# -gt 0 ] && shift
sections=${*:-pictures texture grids timings difficulty}
seeds=${SEEDS:-200}
pics=$here/algorithms

# One --stats=json line per seed, for the options given.
stats() {
  s=1
  while [ "$s" -le "$seeds" ]; do
    "$mazegen" "$@" -s "$s" -t none --stats=json
    s=$((s + 1))
  done
}

# Means over --stats=json lines, as one markdown table row.
# Winding is solution cells over width + height - 1 (the shortest
# crossing); decisions are per 100 solution cells; runs per 100 cells.
row() {
  awk -v label="$1" '
    function f(k,   r) { r = $0; sub(".*\"" k "\": ", "", r); sub("[,}].*", "", r); return r + 0 }
    {
      n++; c = f("cells"); sol = f("solution_cells")
      de += f("dead_end_pct"); sp += f("solution_pct")
      wi += sol / (f("width") + f("height") - 1)
      dc += sol ? 100 * f("decisions") / sol : 0
      rv += f("river"); hz += 100 * f("h") / f("passages")
      j3 += 100 * f("junctions3") / c; j4 += 100 * f("junctions4") / c
      ru += 100 * f("straight_runs") / c
    }
    END {
      printf "| %s | %.1f | %.1f | %.2f | %.1f | %.2f | %.1f | %.1f | %.1f | %.1f |\n",
        label, de / n, sp / n, wi / n, dc / n, rv / n, j3 / n, j4 / n, ru / n, hz / n
    }'
}

pictures() {
  mkdir -p "$pics"
  for a in $("$mazegen" --algorithm list); do
    case $a in
    growing-tree) extra="--growing newest:75,random:25" ;;
    *) extra="" ;;
    esac
    # shellcheck disable=SC2086 # extra is plain words
    "$mazegen" -a "$a" $extra -W 20 -H 20 -s 1 -c 8px -o "$pics/$a.png"
  done
  "$mazegen" -a growing-tree --growing random -W 20 -H 20 -s 1 -c 8px -o "$pics/growing-tree-random.png"
  "$mazegen" -a growing-tree --growing oldest -W 20 -H 20 -s 1 -c 8px -o "$pics/growing-tree-oldest.png"
  "$mazegen" -a growing-tree --growing middle -W 20 -H 20 -s 1 -c 8px -o "$pics/growing-tree-middle.png"
  "$mazegen" -a division --rooms 3 -W 20 -H 20 -s 1 -c 8px -o "$pics/division-rooms.png"
  "$mazegen" -a kruskal -b h=4,v=1 -W 20 -H 20 -s 1 -c 8px -o "$pics/kruskal-h4.png"
  "$mazegen" -a backtracker --braid 0.5 -W 20 -H 20 -s 1 -c 8px --solution -o "$pics/braid.png"
  "$mazegen" -a backtracker --braid 1 -W 20 -H 20 -s 1 -c 8px --solution -o "$pics/braid-1.png"
  "$mazegen" -a backtracker --unicursal -W 10 -H 10 -s 1 -c 8px --solution -o "$pics/unicursal.png"
  for level in $("$mazegen" --help | sed -n '/^Difficulty levels:/,/^$/s/^  \([a-z]*\) .*/\1/p'); do
    "$mazegen" --difficulty "$level" -q -W 20 -H 20 -s 1 -c 8px --solution -o "$pics/difficulty-$level.png"
  done
  ls "$pics"
}

texture() {
  echo "Texture: 30x30, seeds 1..$seeds, unbiased"
  echo "| algorithm | dead ends % | solution % of cells | winding | decisions per 100 solution cells | river | 3-way % | 4-way % | straight runs per 100 cells | horizontal % |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
  for a in $("$mazegen" --algorithm list); do
    stats -a "$a" -W 30 -H 30 | row "$a"
  done
  for g in random oldest middle newest:75,random:25 newest:50,random:50; do
    stats -a growing-tree --growing "$g" -W 30 -H 30 | row "growing-tree $g"
  done
  stats -a division --rooms 3 -W 30 -H 30 | row "division --rooms 3"
  for p in 0.5 1; do
    stats -a backtracker --braid "$p" -W 30 -H 30 | row "backtracker --braid $p"
  done
  stats -a backtracker --unicursal -W 15 -H 15 | row "backtracker --unicursal (15x15 doubled)"
}

# Share of each direction class among the passages, in %, means over
# --stats=json lines: "a b c" for the classes named.
shares() {
  awk -v names="$1" '
    BEGIN { k = split(names, name, " ") }
    {
      n++
      for (i = 1; i <= k; i++) {
        r = $0; sub(".*\"" name[i] "\": ", "", r); sub("[,}].*", "", r)
        r2 = $0; sub(".*\"passages\": ", "", r2); sub("[,}].*", "", r2)
        sum[i] += 100 * r / r2
      }
    }
    END { for (i = 1; i <= k; i++) printf "%s%.1f", (i > 1 ? " / " : ""), sum[i] / n }'
}

# Bias by class on hexagons and triangles: for every algorithm that carves
# them, the class shares unbiased and with one class weighted 3.
grids() {
  for kind in hex triangle; do
    case $kind in
    hex) classes="h ne nw" size="-W 20 -H 20" ;;
    triangle) classes="v ne nw" size="-W 40 -H 20" ;;
    esac
    echo "Class shares (%) on $kind $size, seeds 1..$seeds"
    printf "| algorithm | unbiased %s |" "$(echo "$classes" | sed 's/ / \/ /g')"
    for c in $classes; do printf " %s=3: %s |" "$c" "$c"; done
    echo
    echo "|---|---|---|---|---|"
    for a in $("$mazegen" --algorithm list); do
      # shellcheck disable=SC2086 # size is plain words
      "$mazegen" --grid "$kind" $size -a "$a" -t none -q 2>/dev/null || continue
      # shellcheck disable=SC2086
      printf "| %s | %s |" "$a" "$(stats --grid "$kind" $size -a "$a" | shares "$classes")"
      for c in $classes; do
        # shellcheck disable=SC2086
        printf " %s |" "$(stats --grid "$kind" $size -a "$a" -b "$c=3" | shares "$c")"
      done
      echo
    done
  done
}

timings() {
  echo "Timings: /usr/bin/time -f '%e s, %M KB' $mazegen -a A -W N -H N -t none -s 1"
  for a in $("$mazegen" --algorithm list); do
    /usr/bin/time -f "$a 1000x1000: %e s wall, %M KB max RSS" \
      "$mazegen" -a "$a" -W 1000 -H 1000 -t none -s 1
  done
  /usr/bin/time -f "aldous-broder 300x300: %e s wall, %M KB max RSS" \
    "$mazegen" -a aldous-broder -W 300 -H 300 -t none -s 1
  for g in middle random:1,middle:1; do
    /usr/bin/time -f "growing-tree --growing $g 1000x1000: %e s wall, %M KB max RSS" \
      "$mazegen" -a growing-tree --growing "$g" -W 1000 -H 1000 -t none -s 1
  done
  for b in h=3,v=1 h=1,v=0; do
    for a in wilson aldous-broder; do
      /usr/bin/time -f "$a -b $b 1000x1000: %e s wall, %M KB max RSS" \
        "$mazegen" -a "$a" -b "$b" -W 1000 -H 1000 -t none -s 1
    done
  done
}

# For each level and size: how many tries the first fitting seed took
# (mean, worst, share kept at the first try), how often it gave up, and
# the means of the kept mazes.
difficulty() {
  echo "Difficulty: base seeds 1..$seeds per level and size"
  echo "| level | size | first try fits | mean tries | most tries | gave up | winding | dead ends % | solution % of cells | decisions per 100 solution cells |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
  for level in $("$mazegen" --help | sed -n '/^Difficulty levels:/,/^$/s/^  \([a-z]*\) .*/\1/p'); do
    for n in 10 20 50 100; do
      s=1
      while [ "$s" -le "$seeds" ]; do
        "$mazegen" --difficulty "$level" -W "$n" -H "$n" -s "$s" -t none --stats=json 2>&1
        s=$((s + 1))
      done | awk -v label="| $level | ${n}x$n" '
        function f(k,   r) { r = $0; sub(".*\"" k "\": ", "", r); sub("[,}].*", "", r); return r + 0 }
        /after [0-9]+ tr/ { t = $0; sub(".*after ", "", t); sub(" .*", "", t); t += 0
                            tries += t; first += t == 1; if (t > most) most = t }
        /no maze of/ { gave++; tries += 200; most = 200 }
        /^\{/ {
          n++; sol = f("solution_cells")
          wi += sol / (f("width") + f("height") - 1); de += f("dead_end_pct")
          sp += f("solution_pct"); dc += sol ? 100 * f("decisions") / sol : 0
        }
        END {
          printf "%s | %.0f%% | %.2f | %d | %d | %.2f | %.1f | %.1f | %.1f |\n",
            label, 100 * first / n, tries / n, most, gave, wi / n, de / n, sp / n, dc / n
        }'
    done
  done
}

for section in $sections; do
  "$section"
done
