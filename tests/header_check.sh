#!/bin/sh
# SPDX-License-Identifier: MIT
# Compiles one public header on its own: header_check.sh NAME SRCINC BUILDINC CC...
set -eu
name=$1 srcinc=$2 buildinc=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '#include <mazegen/%s>\nint header_check_%s;\n' "$name" "$(echo "$name" | tr -c 'a-z0-9\n' _)" > "$tmp/t.c"
"$@" -std=c11 -Wall -Wextra -Werror -pedantic -I"$srcinc" -I"$buildinc" -c "$tmp/t.c" -o "$tmp/t.o"
