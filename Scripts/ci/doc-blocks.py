#!/usr/bin/env python3
"""Extracts the fenced blocks the docs mark for a test, so the test runs what a reader copies.

usage: doc-blocks.py KIND OUTDIR FILE...

Every `<!-- KIND: description -->` line of the FILEs must be followed (blank lines allowed) by a
fenced code block; each block is written to OUTDIR/NN.<language> (its text exactly, nothing
added) and its path printed, one per line, as `path<TAB>FILE:LINE<TAB>description`. Exits 1 when a
tag has no block under it, and when no FILE has a tag at all (a test that checks nothing must not
pass). The README's `<!-- output of: ... -->` samples are checked by Tests/CLITests/ReadmeTests.
"""
import os
import re
import sys


def blocks(kind, path):
    lines = open(path, encoding="utf-8").read().split("\n")
    tag = re.compile(r"^<!-- " + re.escape(kind) + r": (.*?) -->\s*$")
    for index, line in enumerate(lines):
        match = tag.match(line)
        if not match:
            continue
        start = index + 1
        while start < len(lines) and not lines[start].strip():
            start += 1
        fence = re.match(r"^(```+)(\w*)\s*$", lines[start]) if start < len(lines) else None
        if not fence:
            sys.exit(f"{path}:{index + 1}: '<!-- {kind}: ... -->' has no fenced block under it")
        end = start + 1
        while end < len(lines) and lines[end].rstrip() != fence.group(1):
            end += 1
        if end == len(lines):
            sys.exit(f"{path}:{start + 1}: the fenced block is not closed")
        yield index + 1, match.group(1), fence.group(2) or "txt", "\n".join(lines[start + 1:end]) + "\n"


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    kind, outdir, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(outdir, exist_ok=True)
    count = 0
    for path in files:
        for line, description, language, text in blocks(kind, path):
            count += 1
            out = os.path.join(outdir, f"{count:02d}.{language}")
            with open(out, "w", encoding="utf-8") as handle:
                handle.write(text)
            print(f"{out}\t{path}:{line}\t{description}")
    if count == 0:
        sys.exit(f"no '<!-- {kind}: ... -->' block in {' '.join(files)}")


main()
