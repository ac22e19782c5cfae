#!/usr/bin/env python3
"""Moves the EXIT STATUS: and EXAMPLES: blocks of each generated man page's DESCRIPTION
(the command's --help discussion, CommandManual.swift) into mdoc sections of their own,
replacing the generic `.Ex -std` of swift-argument-parser's generate-manual.

Usage: man-sections.py PAGE.1 [...]   (rewrites the pages in place)
"""
import re
import sys


def text(line):
    """A line of running text, safe in mdoc (no leading control character)."""
    line = line.replace("\\", "\\e")
    return "\\&" + line if line.startswith((".", "'")) else line


def rewrite(page):
    lines = page.split("\n")
    start = lines.index(".Sh DESCRIPTION")
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith(".Bl") or lines[i].startswith(".Sh"))
    description = lines[start + 1:end]
    blocks = {"EXIT STATUS:": [], "EXAMPLES:": []}
    kept, current = [], None
    for line in description:
        if line in blocks:
            current = blocks[line]
        elif current is not None and line.startswith("  "):
            current.append(line)
        else:
            current = None
            kept.append(line)
    while kept and kept[-1] == "":
        kept.pop()
    kept = [".Pp" if line == "" else text(line) for line in kept]
    lines[start + 1:end] = kept
    if not blocks["EXIT STATUS:"]:
        # `restmap help`, which swift-argument-parser defines: it always exits 0.
        blocks["EXIT STATUS:"] = ["  0  the help was printed"]
        blocks["EXAMPLES:"] = ["  A command's options", "    restmap help validate"]
    status = [".Bl -tag -width 4n"]
    for line in blocks["EXIT STATUS:"]:
        code, meaning = re.match(r"\s+(\d+)\s+(.*)", line).groups()
        status += [".It " + code, text(meaning)]
    status.append(".El")
    examples = []
    for line in blocks["EXAMPLES:"]:
        if line.startswith("    "):
            examples += [".Bd -literal -offset indent", text(line.strip()), ".Ed"]
        else:
            examples += ([".Pp"] if examples else []) + [text(line.strip())]
    exit_at = lines.index('.Sh "EXIT STATUS"')
    lines[exit_at:exit_at + 2] = ['.Sh "EXIT STATUS"'] + status + [".Sh EXAMPLES"] + examples
    return "\n".join(lines)


for path in sys.argv[1:]:
    with open(path) as handle:
        page = handle.read()
    with open(path, "w") as handle:
        handle.write(rewrite(page))
