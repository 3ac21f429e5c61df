#!/usr/bin/env python3
"""Validates spec files against docs/spec.schema.json with the jsonschema package (independently of the
toolkit's own parser), and checks that the schema agrees with what each test fixture expects.

Usage: check_spec_schema.py [FILE ...]
  With files: each must be valid against the schema (exit 1 otherwise).
  Without: every file under Examples/specs, every probe example's spec, the iOS template's spec and Tests/FairnessSpecTests/Fixtures/good must be valid, and
  every file under Tests/FairnessSpecTests/Fixtures/bad must get the verdict its '# schema:' line states
  (invalid, valid — a rule only the toolkit checks — or unparsable).
"""
import glob
import json
import os
import sys

import jsonschema
import yaml

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def load(path):
    with open(path, encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def main():
    schema = json.load(open(os.path.join(ROOT, "docs", "spec.schema.json"), encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failures = []
    if len(sys.argv) > 1:
        good, bad = sys.argv[1:], []
    else:
        good = sorted(glob.glob(os.path.join(ROOT, "Examples", "specs", "*")))
        good += sorted(glob.glob(os.path.join(ROOT, "Examples", "probes", "*", "*.yaml")))
        good += [os.path.join(ROOT, "Examples", "ios-wheel-template", "wheel.yaml")]
        good += sorted(glob.glob(os.path.join(ROOT, "Tests", "FairnessSpecTests", "Fixtures", "good", "*")))
        bad = sorted(glob.glob(os.path.join(ROOT, "Tests", "FairnessSpecTests", "Fixtures", "bad", "*")))
    for path in good:
        errors = list(validator.iter_errors(load(path)))
        if errors:
            failures.append(f"{path}: expected valid, schema says: {errors[0].message}")
    for path in bad:
        expected = next(line.split(":", 1)[1].strip() for line in open(path, encoding="utf-8") if line.startswith("# schema:"))
        try:
            document = load(path)
        except yaml.YAMLError:
            verdict = "unparsable"
        else:
            verdict = "invalid" if list(validator.iter_errors(document)) else "valid"
        if verdict != expected:
            failures.append(f"{path}: the fixture expects the schema to find it {expected}, it finds it {verdict}")
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"spec schema: {len(good)} valid files, {len(bad)} fixtures checked, {len(failures)} disagreements")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
