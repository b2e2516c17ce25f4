#!/usr/bin/env python3
"""The GitHub Action's SARIF, named from the repository root: code scanning reads each result's
`artifactLocation.uri` relative to the repository, not to the folder lint ran in.

  sarif_paths.py WORKSPACE PREFIX < lint.sarif > out.sarif

PREFIX is the folder lint ran in, relative to WORKSPACE (the repository, GITHUB_WORKSPACE; '' at its
root). A relative URI (`uriBaseId` %SRCROOT%, the folder lint ran in) gets PREFIX in front; a
`file://` URI under WORKSPACE becomes relative to it; %SRCROOT% then names WORKSPACE. Anything else
is left as it is.
"""
import json
import posixpath
import sys
from urllib.parse import quote, unquote, urlparse

BASE = "%SRCROOT%"


def main():
    workspace, prefix = posixpath.normpath(sys.argv[1]), sys.argv[2].strip("/")
    log = json.load(sys.stdin)

    def rebase(location):
        uri = location.get("uri")
        if not isinstance(uri, str):
            return
        if location.get("uriBaseId") == BASE:
            path = posixpath.normpath(posixpath.join(prefix, unquote(uri))) if prefix else unquote(uri)
            if path.startswith("../"):
                location["uri"] = "file://" + quote(posixpath.normpath(posixpath.join(workspace, path)), safe="/-._~")
                del location["uriBaseId"]
            else:
                location["uri"] = quote(path, safe="/-._~")
        elif uri.startswith("file://"):
            path = posixpath.normpath(unquote(urlparse(uri).path))
            if path.startswith(workspace + "/"):
                location["uri"] = quote(path[len(workspace) + 1:], safe="/-._~")
                location["uriBaseId"] = BASE

    def walk(value):
        if isinstance(value, dict):
            for key, item in value.items():
                if key in ("artifactLocation",) and isinstance(item, dict):
                    rebase(item)
                else:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for run in log.get("runs", []):
        walk(run)
        run["originalUriBaseIds"] = {BASE: {"uri": "file://" + quote(workspace, safe="/-._~") + "/"}}
    json.dump(log, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


main()
