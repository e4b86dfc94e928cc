#!/usr/bin/env python3
"""Validates rperft JSON reports against docs/rperft-report.schema.json.
Usage: json_valid.py SCHEMA REPORT... ; exit 1 naming the first error of each bad report."""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
jsonschema.Draft7Validator.check_schema(schema)
validator = jsonschema.Draft7Validator(schema)
bad = 0
for path in sys.argv[2:]:
    try:
        report = json.load(open(path))
    except ValueError as e:
        print(f"{path}: not JSON: {e}", file=sys.stderr)
        bad += 1
        continue
    errors = sorted(validator.iter_errors(report), key=lambda e: list(e.path))
    for e in errors[:3]:
        where = "/".join(str(p) for p in e.absolute_path)
        print(f"{path}: /{where}: {e.message[:300]}", file=sys.stderr)
    bad += bool(errors)
sys.exit(1 if bad else 0)
