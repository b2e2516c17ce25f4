#!/usr/bin/env python3
"""The GitHub Action's job summary: reads `customer-center lint --format json` on stdin, prints a
Markdown summary (the verdict, a table of files and their findings, the first findings) and
writes the counts as step outputs (`name=value` lines) to the file named by its first argument.

  summary.py OUTPUTS_FILE EXIT_CODE < lint.json >> "$GITHUB_STEP_SUMMARY"
"""
import json
import sys

MAX_FINDINGS = 50  # rows of the findings table; the counts above it are exact


def cell(text):
    # A Markdown table cell: no pipe or line break may end it early; no HTML from a config.
    return (str(text).replace("\\", "\\\\").replace("|", "\\|").replace("\r", " ").replace("\n", " ")
            .replace("<", "&lt;").replace(">", "&gt;"))


def code(text):
    return "`" + cell(text).replace("`", "'") + "`"


def main():
    outputs_file, exit_code = sys.argv[1], int(sys.argv[2])
    report = json.load(sys.stdin)
    summary = report["summary"]
    per_file = {}
    for diagnostic in report["diagnostics"]:
        counts = per_file.setdefault(diagnostic["file"], {"error": 0, "warning": 0, "note": 0, "rules": set()})
        counts[diagnostic["severity"]] += 1
        counts["rules"].add(diagnostic["id"])
    omitted = {}
    for entry in summary.get("omitted", []):
        omitted[entry["file"]] = omitted.get(entry["file"], 0) + entry["count"]

    verdict = {0: "passed", 1: "failed"}.get(exit_code, f"could not run (exit {exit_code})")
    icon = ":white_check_mark:" if exit_code == 0 else ":x:"
    lines = [f"## {icon} customer-center lint {verdict}", ""]
    lines.append(f"{summary['files']} file(s) linted: **{summary['errors']}** error(s), "
                 f"**{summary['warnings']}** warning(s), **{summary['notes']}** note(s).")
    lines.append("")
    if per_file:
        lines += ["| File | Errors | Warnings | Notes | Rules |", "|---|---:|---:|---:|---|"]
        for path in sorted(per_file):
            counts = per_file[path]
            more = f" (+{omitted[path]} not listed)" if path in omitted else ""
            rules = ", ".join(code(rule) for rule in sorted(counts["rules"]))
            lines.append(f"| {code(path)} | {counts['error']} | {counts['warning']} | {counts['note']}{more} | {rules} |")
        lines.append("")
        lines += ["| Location | Severity | Rule | Message |", "|---|---|---|---|"]
        for diagnostic in report["diagnostics"][:MAX_FINDINGS]:
            start = diagnostic["range"]["start"]
            where = f"{diagnostic['file']}:{start['line']}:{start['column']}"
            lines.append(f"| {code(where)} | {diagnostic['severity']} | {code(diagnostic['id'])} | {cell(diagnostic['message'])} |")
        shown = min(len(report["diagnostics"]), MAX_FINDINGS)
        total = summary["errors"] + summary["warnings"] + summary["notes"]
        if total > shown:
            lines.append("")
            lines.append(f"The first {shown} of {total} findings; the step's log lists them all.")
        lines.append("")
    for key, title in (("skipped", "Skipped (not Customer Center configs)"), ("unreadable", "Could not be read")):
        entries = summary.get(key, [])
        if entries:
            lines += [f"**{title}:**", ""] + [f"- {code(entry['path'])}: {cell(entry['reason'])}" for entry in entries] + [""]
    print("\n".join(lines))

    with open(outputs_file, "a", encoding="utf-8") as outputs:
        for key in ("files", "errors", "warnings", "notes"):
            outputs.write(f"{key}={summary[key]}\n")


if __name__ == "__main__":
    main()
