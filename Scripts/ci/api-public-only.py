#!/usr/bin/env python3
"""Keeps the public API in a swift-api-digester dump: drops every declaration the digester marks
isInternal (`package` access; swiftlang/swift#81003: the digester dumps them and compares them as
API), with its members. Usage: api-public-only.py IN.json OUT.json; prints how many were kept."""
import json
import sys


def prune(node):
    kept = [prune(child) for child in node.get("children", []) if not child.get("isInternal")]
    if "children" in node:
        node["children"] = kept
    return node


def count(node, kind):
    return (node.get("kind") == kind) + sum(count(child, kind) for child in node.get("children", []))


dump = json.load(open(sys.argv[1]))
root = prune(dump["ABIRoot"])
json.dump(dump, open(sys.argv[2], "w"), indent=1)
print(f"{count(root, 'TypeDecl')} public types")
