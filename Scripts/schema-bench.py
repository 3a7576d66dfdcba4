#!/usr/bin/env python3
"""JSON Schema validation, bytes on disk to verdict: Mapwright beside jsonschema-rs.

Writes, in a scratch folder: twitter statuses as JSON Lines (10,000 = 1x and 100,000 = 10x,
clean, and dirty with every status invalid: its id a string), the status model's schema
(`mapwright-bench --schema-make`), and citm_catalog.json's hand-written schema ($refs,
patternProperties). For each file, in this one run: jsonschema-rs (orjson.loads, then
is_valid, or every error with --errors) timed in-process, and `mapwright-bench
--schema-validate` (read, parse, validate) timed by itself. Medians of five runs.
Usage: schema-bench.py BENCH [DATA_DIR]   (BENCH: the release mapwright-bench)
Needs: pip install jsonschema-rs==0.60.0 orjson
"""
import json
import os
import subprocess
import sys
import tempfile
import time

import jsonschema_rs
import orjson

CITM_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["areaNames", "events", "performances", "seatCategoryNames", "topicNames", "venueNames"],
    "properties": {
        "areaNames": {"$ref": "#/$defs/names"},
        "audienceSubCategoryNames": {"$ref": "#/$defs/names"},
        "blockNames": {"$ref": "#/$defs/names"},
        "seatCategoryNames": {"$ref": "#/$defs/names"},
        "subTopicNames": {"$ref": "#/$defs/names"},
        "subjectNames": {"$ref": "#/$defs/names"},
        "topicNames": {"$ref": "#/$defs/names"},
        "venueNames": {"type": "object", "additionalProperties": {"type": "string"}},
        "topicSubTopics": {"type": "object", "patternProperties": {"^[0-9]+$": {"$ref": "#/$defs/ids"}},
                           "additionalProperties": False},
        "events": {"type": "object", "patternProperties": {"^[0-9]+$": {"$ref": "#/$defs/event"}},
                   "additionalProperties": False},
        "performances": {"type": "array", "items": {"$ref": "#/$defs/performance"}},
    },
    "additionalProperties": False,
    "$defs": {
        "id": {"type": "integer", "minimum": 0},
        "ids": {"type": "array", "items": {"$ref": "#/$defs/id"}, "uniqueItems": True},
        "names": {"type": "object", "patternProperties": {"^[0-9]+$": {"type": "string"}}, "additionalProperties": False},
        "nullableString": {"type": ["string", "null"]},
        "event": {
            "type": "object",
            "required": ["id", "name", "topicIds", "subTopicIds"],
            "properties": {
                "id": {"$ref": "#/$defs/id"}, "name": {"type": "string", "minLength": 1},
                "description": {"$ref": "#/$defs/nullableString"}, "logo": {"$ref": "#/$defs/nullableString"},
                "subjectCode": {"$ref": "#/$defs/nullableString"}, "subtitle": {"$ref": "#/$defs/nullableString"},
                "topicIds": {"$ref": "#/$defs/ids"}, "subTopicIds": {"$ref": "#/$defs/ids"},
            },
            "additionalProperties": False,
        },
        "performance": {
            "type": "object",
            "required": ["id", "eventId", "prices", "seatCategories", "start", "venueCode"],
            "properties": {
                "id": {"$ref": "#/$defs/id"}, "eventId": {"$ref": "#/$defs/id"},
                "logo": {"$ref": "#/$defs/nullableString"}, "name": {"$ref": "#/$defs/nullableString"},
                "seatMapImage": {"$ref": "#/$defs/nullableString"}, "start": {"type": "integer"},
                "venueCode": {"type": "string", "pattern": "^[A-Z_]+$"},
                "prices": {"type": "array", "items": {
                    "type": "object", "required": ["amount", "audienceSubCategoryId", "seatCategoryId"],
                    "properties": {"amount": {"type": "number", "minimum": 0},
                                   "audienceSubCategoryId": {"$ref": "#/$defs/id"},
                                   "seatCategoryId": {"$ref": "#/$defs/id"}},
                    "additionalProperties": False}},
                "seatCategories": {"type": "array", "items": {
                    "type": "object", "required": ["areas", "seatCategoryId"],
                    "properties": {"seatCategoryId": {"$ref": "#/$defs/id"},
                                   "areas": {"type": "array", "items": {
                                       "type": "object", "required": ["areaId", "blockIds"],
                                       "properties": {"areaId": {"$ref": "#/$defs/id"}, "blockIds": {"type": "array"}},
                                       "additionalProperties": False}}},
                    "additionalProperties": False}},
            },
            "additionalProperties": False,
        },
    },
}


def median(values):
    return sorted(values)[len(values) // 2]


def rust(path, schema, lines, errors, runs=5):
    validator = jsonschema_rs.validator_for(schema)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        with open(path, "rb") as handle:
            data = handle.read()
        values = [orjson.loads(line) for line in data.splitlines() if line] if lines else [orjson.loads(data)]
        invalid = problems = 0
        for value in values:
            if errors:
                found = sum(1 for _ in validator.iter_errors(value))
                problems += found
                invalid += found > 0
            else:
                invalid += not validator.is_valid(value)
        times.append((time.perf_counter() - start) * 1000)
    return len(values), invalid, problems, median(times)


def mapwright(bench, path, schema_path, lines, errors):
    command = [bench, "--schema-validate", path, "--schema", schema_path, "--runs", "5"]
    if lines:
        command.append("--json-lines")
    if errors:
        command.append("--errors")
    fields = subprocess.run(command, capture_output=True, text=True, check=True).stdout.split()
    return int(fields[2]), int(fields[3]), int(fields[4]), float(fields[5])


def main():
    bench = os.path.abspath(sys.argv[1])
    here = os.path.dirname(os.path.abspath(__file__))
    data_dir = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "..", "..", "shared", "bench-data")
    with open(os.path.join(data_dir, "twitter.json"), "rb") as handle:
        statuses = orjson.loads(handle.read())["statuses"]
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        status_schema_path = os.path.join(folder, "status.schema.json")
        subprocess.run([bench, "--schema-make", status_schema_path], check=True, capture_output=True)
        with open(status_schema_path, "rb") as handle:
            status_schema = orjson.loads(handle.read())
        citm_schema_path = os.path.join(folder, "citm.schema.json")
        with open(citm_schema_path, "w") as handle:
            json.dump(CITM_SCHEMA, handle)
        files = []
        for count, label in [(10_000, "1x"), (100_000, "10x")]:
            for dirty in (False, True):
                path = os.path.join(folder, f"statuses-{label}{'-invalid' if dirty else ''}.jsonl")
                with open(path, "wb") as handle:
                    for index in range(count):
                        status = statuses[index % len(statuses)]
                        if dirty:
                            status = dict(status, id=str(status["id"]))
                        handle.write(orjson.dumps(status) + b"\n")
                files.append((f"{count:,} statuses{' (all invalid)' if dirty else ''}", path, status_schema, status_schema_path, True))
        files.append(("citm_catalog.json", os.path.join(data_dir, "citm_catalog.json"), CITM_SCHEMA, citm_schema_path, False))
        for label, path, schema, schema_path, lines in files:
            size = os.path.getsize(path) / 1e6
            for errors in (False, True):
                theirs = rust(path, schema, lines, errors)
                ours = mapwright(bench, path, schema_path, lines, errors)
                if theirs[1] != ours[1]:
                    print(f"verdicts differ on {label}: jsonschema-rs {theirs[1]} invalid, Mapwright {ours[1]}", file=sys.stderr)
                rows.append((label, f"{size:.1f}", "errors" if errors else "verdict", ours[1], ours[2], theirs[2],
                             ours[3], theirs[3], theirs[3] / ours[3]))
    print("| data | MB | mode | invalid | problems (Mapwright / jsonschema-rs) | Mapwright ms | jsonschema-rs ms | ratio |")
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    for label, size, mode, invalid, ours_problems, theirs_problems, ours_ms, theirs_ms, ratio in rows:
        print(f"| {label} | {size} | {mode} | {invalid} | {ours_problems} / {theirs_problems} | {ours_ms:.1f} | {theirs_ms:.1f} | {ratio:.2f}× |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
