#!/usr/bin/env python3
"""Applies a problem matcher file to a log the way the GitHub runner does, for Scripts/ci/test-action.sh.

  problem-matcher.py MATCHER.json < LOG

The runner's rules (actions/runner, src/Runner.Worker/IssueMatcher.cs and Handlers/OutputManager.cs):
each matcher needs an owner and a default `severity` of '', error, warning or notice (anything else
refuses the file); a line's colour codes are stripped; the first matcher whose (single-line) pattern
matches makes the issue; its severity is the captured one, else the matcher's default, and must be
error, warning or notice (empty counts as error): any other is "not supported" and the issue is
dropped; an empty message drops it too. Prints one line per log line:

  ISSUE<TAB>type<TAB>file<TAB>line<TAB>column<TAB>code<TAB>message   (an annotation)
  DROPPED<TAB>severity<TAB>line                                      (matched, but not annotated)
  OUTPUT<TAB>line                                                    (no matcher matched)
"""
import json
import re
import sys

COLOR = re.compile(r"\x1b\[[0-9;]*m?")
SEVERITIES = {"", "error", "warning", "notice"}


def load(path):
    matchers = []
    for config in json.load(open(path, encoding="utf-8"))["problemMatcher"]:
        owner = config.get("owner") or sys.exit("problem-matcher.py: Owner must not be empty")
        default = config.get("severity") or ""
        if default.lower() not in SEVERITIES:
            sys.exit(f"problem-matcher.py: Matcher '{owner}' contains unexpected default severity '{default}'")
        patterns = config.get("pattern") or sys.exit(f"problem-matcher.py: Matcher '{owner}' does not contain any patterns")
        if len(patterns) != 1:
            sys.exit(f"problem-matcher.py: matcher '{owner}': multi-line patterns are not emulated here")
        pattern = patterns[0]
        if "message" not in pattern:
            sys.exit(f"problem-matcher.py: matcher '{owner}': At least one pattern must set 'message'")
        matchers.append((owner, default, re.compile(pattern["regexp"]), pattern))
    return matchers


def main():
    matchers = load(sys.argv[1])
    for raw in sys.stdin.read().splitlines():
        line = COLOR.sub("", raw)
        for _owner, default, regex, pattern in matchers:
            match = regex.search(line)
            if not match:
                continue

            def group(key):
                index = pattern.get(key)
                return (match.group(index) or "") if index else ""

            severity = group("severity") or default
            if severity.lower() not in SEVERITIES:
                print(f"DROPPED\t{severity}\t{line}")
            elif not group("message").strip():
                print(f"DROPPED\t(empty message)\t{line}")
            else:
                kind = severity.lower() or "error"
                fields = [kind, group("file"), group("line"), group("column"), group("code").strip(), group("message")]
                print("ISSUE\t" + "\t".join(fields))
            break
        else:
            print(f"OUTPUT\t{line}")


main()
