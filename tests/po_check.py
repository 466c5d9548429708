#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The catalogues of po/ are whole and consistent: LINGUAS lists every
catalogue; each has a header naming its language and plural forms, whose
expression gives a form below nplurals for every n tried; every message
of the template mazegen.pot is in every catalogue, translated, no other
message is, a plural message has nplurals forms, and each translation has
exactly the printf placeholders of its msgid, in the same order.

po_check.py PO_DIR
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'src',
                                'export'))
import po_table  # noqa: E402  (the build's own reader of catalogues)

PLACEHOLDER = re.compile(r'%(?:%|[-+ #0]*[0-9]*(?:\.[0-9]+)?[a-zA-Z]+)')


def placeholders(s):
    return [p for p in PLACEHOLDER.findall(s) if p != '%%']


def plural(expr, n):
    """Evaluates gettext's C expression of n (?:, ||, &&, comparisons,
    arithmetic, !, parentheses), as libintl does."""
    toks = re.findall(r'\d+|n|&&|\|\||[=!<>]=|[-+*/%?:()<>!]', expr)
    if ''.join(toks) != re.sub(r'\s', '', expr):
        raise ValueError(f"unknown characters in {expr!r}")
    pos = [0]

    def peek():
        return toks[pos[0]] if pos[0] < len(toks) else None

    def take():
        pos[0] += 1
        return toks[pos[0] - 1]

    binary = [['||'], ['&&'], ['==', '!='], ['<', '>', '<=', '>='],
              ['+', '-'], ['*', '/', '%']]
    ops = {'||': lambda a, b: int(bool(a or b)),
           '&&': lambda a, b: int(bool(a and b)),
           '==': lambda a, b: int(a == b), '!=': lambda a, b: int(a != b),
           '<': lambda a, b: int(a < b), '>': lambda a, b: int(a > b),
           '<=': lambda a, b: int(a <= b), '>=': lambda a, b: int(a >= b),
           '+': lambda a, b: a + b, '-': lambda a, b: a - b,
           '*': lambda a, b: a * b, '/': lambda a, b: a // b,
           '%': lambda a, b: a % b}

    def unary():
        t = take()
        if t == '!':
            return int(not unary())
        if t == '(':
            v = ternary()
            if take() != ')':
                raise ValueError("expected )")
            return v
        if t == 'n':
            return n
        return int(t)

    def level(i):
        if i == len(binary):
            return unary()
        v = level(i + 1)
        while peek() in binary[i]:
            op = take()
            v = ops[op](v, level(i + 1))
        return v

    def ternary():
        c = level(0)
        if peek() != '?':
            return c
        take()
        a = ternary()
        if take() != ':':
            raise ValueError("expected :")
        b = ternary()
        return a if c else b

    v = ternary()
    if peek() is not None:
        raise ValueError(f"left over: {toks[pos[0]:]}")
    return v


def key(e):
    return (e.get('msgctxt'), e['msgid'])


def main():
    po_dir = sys.argv[1]
    failures = []
    with open(os.path.join(po_dir, 'LINGUAS'), encoding='utf-8') as fh:
        codes = [w for line in fh for w in line.split('#')[0].split()]
    found = sorted(f[:-3] for f in os.listdir(po_dir) if f.endswith('.po'))
    if sorted(codes) != found:
        failures.append(f"LINGUAS lists {sorted(codes)}, po/ has {found}")
    want = {'en', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'ar', 'he', 'ja', 'zh'}
    if not want <= set(found):
        failures.append(f"missing catalogues: {sorted(want - set(found))}")
    template = [e for e in po_table.read_po(os.path.join(po_dir,
                                                         'mazegen.pot'))
                if e['msgid'] != '']
    ids = {key(e): e for e in template}
    for code in found:
        path = os.path.join(po_dir, code + '.po')
        entries = po_table.read_po(path)
        header = [e for e in entries if e['msgid'] == '']
        if len(header) != 1:
            failures.append(f"{code}.po: expected one header")
            continue
        head = header[0].get('msgstr', '')
        if f"Language: {code}\n" not in head:
            failures.append(f"{code}.po: the header names no Language {code}")
        m = re.search(r'Plural-Forms: nplurals=(\d+); plural=(.*?);?\n', head)
        if not m:
            failures.append(f"{code}.po: no Plural-Forms")
            continue
        nplurals = int(m.group(1))
        expr = m.group(2).rstrip(';')
        try:
            forms = {plural(expr, n) for n in range(0, 1200)}
        except (ValueError, IndexError, ZeroDivisionError) as err:
            failures.append(f"{code}.po: Plural-Forms unreadable: {err}")
            forms = set()
        if forms and (max(forms) >= nplurals or min(forms) < 0):
            failures.append(f"{code}.po: plural gives {sorted(forms)} of "
                            f"{nplurals}")
        if forms and len(forms) != nplurals:
            failures.append(f"{code}.po: {nplurals} forms, {len(forms)} "
                            "used")
        got = {key(e): e for e in entries if e['msgid'] != ''}
        for k in ids:
            if k not in got:
                failures.append(f"{code}.po lacks {k[1]!r}")
        for k, e in got.items():
            if k not in ids:
                failures.append(f"{code}.po has {k[1]!r}, not in the "
                                "template")
                continue
            strs = [v for n, v in sorted(e.items()) if n.startswith('msgstr')]
            if 'msgid_plural' in e and len(strs) != nplurals:
                failures.append(f"{code}.po: {k[1]!r} has {len(strs)} "
                                f"forms, expected {nplurals}")
            for s in strs:
                if s == '':
                    failures.append(f"{code}.po: {k[1]!r} untranslated")
                elif placeholders(s) != placeholders(e['msgid']):
                    failures.append(f"{code}.po: {s!r} has "
                                    f"{placeholders(s)}, its msgid "
                                    f"{placeholders(e['msgid'])}")
    for f in failures:
        print(f)
    print(f"{len(found)} catalogues, {len(ids)} messages, "
          f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
