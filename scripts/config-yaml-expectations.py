#!/usr/bin/env python3
"""What a full YAML parser (PyYAML, YAML 1.1 like the config reader) reads from each Fixtures/Configs/*.yml.

Writes `<name>.json` beside each config: the mapping PyYAML reads, every value a string, a boolean, null or a list
of strings. ConfigYAMLAgreementTests compares ConfigYAML's reading with these files, and with PyYAML itself when
python3 has it. Run after adding or editing a config:  python3 scripts/config-yaml-expectations.py
With --check, writes nothing and exits 1 when a committed JSON file differs from PyYAML's reading (the test runs
this to show the committed files are current).
"""
import json
import pathlib
import sys

import yaml

FOLDER = pathlib.Path(__file__).resolve().parent.parent / "Fixtures" / "Configs"


def checked(value, where):
    """The value as JSON; a number or nested mapping is refused (a config fixture holds none)."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, list):
        return [checked(item, where) for item in value]
    sys.exit(f"{where}: {type(value).__name__} values are not compared; quote it")


def reading(path):
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    if document is None:
        return {}
    if not isinstance(document, dict):
        sys.exit(f"{path}: not a mapping")
    return {key: checked(value, f"{path}: {key}") for key, value in document.items()}


def main():
    check = "--check" in sys.argv[1:]
    stale = []
    for path in sorted(FOLDER.glob("*.yml")):
        text = json.dumps(reading(path), ensure_ascii=False, indent=2, sort_keys=True) + "\n"
        target = path.with_suffix(".json")
        if check:
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                stale.append(target.name)
        else:
            target.write_text(text, encoding="utf-8")
    if stale:
        print("stale (run python3 scripts/config-yaml-expectations.py): " + ", ".join(stale))
        sys.exit(1)


if __name__ == "__main__":
    main()
