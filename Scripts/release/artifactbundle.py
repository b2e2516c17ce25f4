#!/usr/bin/env python3
"""Writes customer-center.artifactbundle.zip, SwiftPM's binary format (SE-0305, info.json schema
1.0), deterministically: entries in name order, every timestamp SOURCE_DATE_EPOCH, fixed
permissions, no owner or extra fields. The same inputs give the same bytes.

  artifactbundle.py --out ZIP --version V --license LICENSE \
      --variant DIR:BINARY:TRIPLE[,TRIPLE...] [--variant ...] [--merge OTHER.zip ...]

--variant puts BINARY at customer-center.artifactbundle/DIR/bin/customer-center for the triples.
--merge copies the variants of another bundle (say, the Linux one CI built) into this one, so a Mac
can add its customer-center-macos variant to the published bundle without rebuilding Linux.
"""
import argparse
import json
import os
import sys
import time
import zipfile

ROOT = "customer-center.artifactbundle"
ARTIFACT = "customer-center"


def zip_time(epoch):
    # ZIP stores local wall-clock fields without a zone; use UTC so the machine's zone cannot
    # change the bytes. ZIP cannot go before 1980.
    return time.gmtime(max(epoch, 315532800))[:6]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--version", required=True)
    parser.add_argument("--license", required=True)
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--merge", action="append", default=[])
    args = parser.parse_args()
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "0"))

    files = {}  # path in the zip -> (bytes, mode)
    variants = []
    for spec in args.variant:
        try:
            directory, binary, triples = spec.split(":")
        except ValueError:
            sys.exit(f"artifactbundle.py: --variant wants DIR:BINARY:TRIPLES, got '{spec}'")
        path = f"{directory}/bin/{ARTIFACT}"
        with open(binary, "rb") as handle:
            files[path] = (handle.read(), 0o755)
        variants.append({"path": path, "supportedTriples": triples.split(",")})
    for other in args.merge:
        with zipfile.ZipFile(other) as bundle:
            info = json.loads(bundle.read(f"{ROOT}/info.json"))
            theirs = info["artifacts"][ARTIFACT]
            if theirs["version"] != args.version:
                sys.exit(f"artifactbundle.py: {other} is version {theirs['version']}, not {args.version}")
            for variant in theirs["variants"]:
                if any(mine["path"] == variant["path"] for mine in variants):
                    continue  # this machine built that variant itself
                files[variant["path"]] = (bundle.read(f"{ROOT}/{variant['path']}"), 0o755)
                variants.append(variant)
    if not variants:
        sys.exit("artifactbundle.py: no variant given")
    variants.sort(key=lambda variant: variant["path"])
    info = {
        "schemaVersion": "1.0",
        "artifacts": {ARTIFACT: {"version": args.version, "type": "executable", "variants": variants}},
    }
    files["info.json"] = ((json.dumps(info, indent=2) + "\n").encode(), 0o644)
    with open(args.license, "rb") as handle:
        files["LICENSE"] = (handle.read(), 0o644)

    # Every directory gets its own entry (unzip and SwiftPM do not need them, but some tools do).
    directories = {ROOT}
    for path in files:
        parts = path.split("/")[:-1]
        for depth in range(1, len(parts) + 1):
            directories.add(ROOT + "/" + "/".join(parts[:depth]))
    entries = [(d + "/", None, 0o755) for d in directories]
    entries += [(f"{ROOT}/{path}", data, mode) for path, (data, mode) in files.items()]
    entries.sort(key=lambda entry: entry[0])

    temporary = args.out + ".partial"
    with zipfile.ZipFile(temporary, "w") as bundle:
        for name, data, mode in entries:
            entry = zipfile.ZipInfo(name, date_time=zip_time(epoch))
            entry.create_system = 3  # Unix, so the permissions below are read
            if data is None:
                entry.external_attr = (0o040000 | mode) << 16 | 0x10
                bundle.writestr(entry, b"")
            else:
                entry.external_attr = (0o100000 | mode) << 16
                entry.compress_type = zipfile.ZIP_DEFLATED
                bundle.writestr(entry, data, compresslevel=9)
    os.replace(temporary, args.out)


if __name__ == "__main__":
    main()
