#!/usr/bin/env python3
"""The official JSON-Schema-Test-Suite's required tests through the `mapwright` CLI.

For each test group of draft-04, draft-06, draft-07, 2019-09 and 2020-12: the group's schema
and each test's data are written to files, and one `mapwright check DATA... --schema SCHEMA
--dialect D --register REMOTES=http://localhost:1234/ --output json` gives a verdict per data
file (one basic-output object per line). Prints the counts per dialect; exits 1 on any
verdict that differs from the suite's. Usage: schema-suite-cli.py MAPWRIGHT [SUITE]
(the suite defaults to ../shared/json-schema-test-suite beside the repository).
"""
import json
import os
import subprocess
import sys
import tempfile

DIALECTS = [("draft4", "draft-04"), ("draft6", "draft-06"), ("draft7", "draft-07"),
            ("draft2019-09", "2019-09"), ("draft2020-12", "2020-12")]


def main():
    tool = os.path.abspath(sys.argv[1])
    here = os.path.dirname(os.path.abspath(__file__))
    suite = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "..", "..", "shared", "json-schema-test-suite")
    if not os.path.isdir(os.path.join(suite, "tests")):
        print(f"JSON-Schema-Test-Suite not found at {suite}: skipped")
        return 0
    remotes = os.path.join(suite, "remotes") + "=http://localhost:1234/"
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        for name, dialect in DIALECTS:
            tests_dir = os.path.join(suite, "tests", name)
            passed = 0
            run = 0
            for file in sorted(f for f in os.listdir(tests_dir) if f.endswith(".json")):
                with open(os.path.join(tests_dir, file), encoding="utf-8") as handle:
                    groups = json.load(handle)
                for group in groups:
                    schema_path = os.path.join(folder, "schema.json")
                    with open(schema_path, "w", encoding="utf-8") as handle:
                        json.dump(group["schema"], handle)
                    data_paths = []
                    for index, test in enumerate(group["tests"]):
                        path = os.path.join(folder, f"data{index}.json")
                        with open(path, "w", encoding="utf-8") as handle:
                            json.dump(test["data"], handle)
                        data_paths.append(path)
                    result = subprocess.run(
                        [tool, "check", *data_paths, "--schema", schema_path, "--dialect", dialect,
                         "--register", remotes, "--output", "json"],
                        capture_output=True, text=True)
                    lines = result.stdout.strip().splitlines()
                    run += len(group["tests"])
                    if len(lines) != len(group["tests"]):
                        failures.append(f"{name}/{file}: {group['description']}: {result.stderr.strip()[:300]}")
                        continue
                    for test, line in zip(group["tests"], lines):
                        if json.loads(line)["valid"] == test["valid"]:
                            passed += 1
                        else:
                            failures.append(f"{name}/{file}: {group['description']}: {test['description']}")
            print(f"{dialect}: {passed} of {run} required tests pass through the CLI")
    for failure in failures[:40]:
        print("failed:", failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
