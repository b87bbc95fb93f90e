#!/usr/bin/env python3
"""What a plugin user's machine spends on managed-codegen: the first plugin build and the no-change runs.

Usage: python3 Benchmarks/plugin-build.py [PACKAGE ...] [--runs N] [--work DIR] [--skip-modules]

Each PACKAGE is a checkout of ManagedCodegen (default: this one; pass two, e.g. a `git archive` of main and this
checkout, to compare them: every row is taken for each package in turn, so the machine's load falls on both alike).
For each package, in a fresh consumer (a copy of its Examples/InventoryApp depending on it by absolute path) with a
fresh scratch path, in debug as the plugins build the tool:

- `swift package resolve`: SwiftPM fetching and resolving the dependencies (from its shared repository cache);
- the first `swift package --allow-writing-to-package-directory generate-managed-objects --target Inventory`:
  plugin compilation, the tool's build, the run;
- the same command again (no change), RUNS times;
- `swift build` (the build-tool plugin on InventoryKeys), then again with no change, RUNS times;
- the tool alone on the same model with the same arguments the command plugin passes, RUNS times;
- with `--skip-modules` left out: the tool's modules built one at a time (`swift build --target T` in dependency
  order in a fresh scratch path of the package itself), so each row is that module's compilation alone, then
  `--product managed-codegen` (the link), then a no-op `swift build --target ManagedModel` (SwiftPM's own cost of
  one invocation, included in every module row).

Output: DIR/plugin-build.md (a Markdown table) and DIR/plugin-build.json; DIR defaults to .build/plugin-build.
Wall times (on a shared machine they are what a user waits); the JSON keeps every run.
"""

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


GENERATOR_RAN = [False]


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(command, cwd, log):
    """Runs `command`, appending its output to `log`; returns (wall time, CPU time): CPU is user + system of the
    whole process tree (every compiler job SwiftPM waited for), which the other builds on a shared machine
    disturb far less than the wall time. Fails loudly on a non-zero exit.
    Notes in GENERATOR_RAN whether SwiftPM ran the build-tool plugin's generator."""
    start, start_cpu = time.monotonic(), children_cpu()
    result = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    elapsed, cpu = time.monotonic() - start, children_cpu() - start_cpu
    with open(log, "a") as handle:
        handle.write(f"$ {' '.join(command)}  # {elapsed:.2f} s wall, {cpu:.2f} s CPU\n{result.stdout}\n")
    if result.returncode != 0:
        sys.exit(f"error: {' '.join(command)} failed in {cwd} (exit {result.returncode}); see {log}")
    GENERATOR_RAN[0] = "Generating Inventory+ManagedObjects.swift" in result.stdout
    return elapsed, cpu


def module_order(package):
    """The tool's modules in dependency order, from `swift package describe` of the package."""
    described = json.loads(
        subprocess.run(
            ["swift", "package", "describe", "--type", "json"], cwd=package, check=True, stdout=subprocess.PIPE, text=True
        ).stdout
    )
    local = {t["name"]: t for t in described["targets"]}
    # Targets of dependency packages, in the order they build (the product modules first).
    external = {
        "ArgumentParser": ["ArgumentParserToolInfo", "ArgumentParser"],
        "Yams": ["CYaml", "Yams"],
    }
    order = []

    def visit(name):
        if name in order:
            return
        if name in external:
            for module in external[name]:
                if module not in order:
                    order.append(module)
            return
        target = local[name]
        for dependency in target.get("target_dependencies", []):
            visit(dependency)
        for dependency in target.get("product_dependencies", []):
            visit(dependency)
        if target["type"] != "system-target":
            order.append(name)

    visit("managed-codegen")
    return order


class Consumer:
    def __init__(self, package, work, label):
        self.package = package
        self.dir = work / label / "InventoryApp"
        self.scratch = work / label / "scratch"
        self.build_scratch = work / label / "build-scratch"
        self.log = work / label / "log.txt"
        shutil.rmtree(work / label, ignore_errors=True)
        shutil.copytree(package / "Examples" / "InventoryApp", self.dir, ignore=shutil.ignore_patterns(".build"))
        manifest = self.dir / "Package.swift"
        text = manifest.read_text()
        manifest.write_text(re.sub(r'path: "\.\./\.\."', f'path: "{package}"', text))

    def swift(self, *arguments, scratch=None):
        scratch = scratch or self.scratch
        return run(["swift", *arguments[:1], "--scratch-path", str(scratch), *arguments[1:]], self.dir, self.log)

    def build_only(self):
        """`swift build` in a scratch path of its own: a consumer that uses only the build-tool plugin."""
        return self.swift("build", scratch=self.build_scratch)

    def command_plugin(self):
        return self.swift(
            "package", "--allow-writing-to-package-directory", "generate-managed-objects", "--target", "Inventory"
        )

    def tool_alone(self):
        tool = next(p for p in self.scratch.glob("**/debug/managed-codegen*") if p.is_file() and p.suffix == "")
        target = self.dir / "Sources" / "Inventory"
        return run(
            [str(tool), "generate", str(target / "Inventory.xcdatamodeld"), "--target-directory", str(target)],
            self.dir,
            self.log,
        )


def module_builds(packages, labels, work, results):
    """Each module's compilation alone: `swift build --target T` in dependency order in a fresh scratch path per
    package; the packages take turns module by module."""
    scratches = [work / label / "modules-scratch" for label in labels]
    logs = [work / label / "modules-log.txt" for label in labels]
    for scratch in scratches:
        shutil.rmtree(scratch, ignore_errors=True)
    orders = [module_order(package) for package in packages]
    steps = [("resolve (package)", ["package", "resolve"])]
    steps += [(module, ["build", "--target", module]) for module in dict.fromkeys(m for order in orders for m in order)]
    steps += [("link managed-codegen", ["build", "--product", "managed-codegen"])]
    steps += [("no-op `swift build --target` (in each row above)", ["build", "--target", "ManagedModel"])]
    for row, (subcommand, *rest) in steps:
        for package, label, scratch, log, order in zip(packages, labels, scratches, logs, orders):
            if subcommand == "build" and rest[0] == "--target" and rest[1] not in order:
                continue
            seconds = run(["swift", subcommand, "--scratch-path", str(scratch), *rest], package, log)
            results[label][f"module build: {row}"] = [seconds]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("packages", nargs="*", type=Path, default=[ROOT])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--work", type=Path, default=ROOT / ".build" / "plugin-build")
    parser.add_argument("--skip-modules", action="store_true")
    options = parser.parse_args()
    packages = [p.resolve() for p in options.packages]
    labels = [f"{i}-{p.name}" for i, p in enumerate(packages)]
    work = options.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    load = [os.getloadavg()[0]]

    consumers = [Consumer(p, work, label) for p, label in zip(packages, labels)]
    results = {label: {} for label in labels}
    generator_runs = {label: {} for label in labels}

    def each(row, action, runs=1):
        for _ in range(runs):
            for consumer, label in zip(consumers, labels):
                results[label].setdefault(row, []).append(action(consumer))
                generator_runs[label][row] = generator_runs[label].get(row, 0) + GENERATOR_RAN[0]
                load.append(os.getloadavg()[0])

    each("resolve", lambda c: c.swift("package", "resolve"))
    each("first `swift build`, build-tool plugin only (tool built, generator run)", Consumer.build_only)
    each("second `swift build`, nothing changed", Consumer.build_only)
    each("later `swift build`, nothing changed", Consumer.build_only, options.runs)
    each("first command-plugin run (plugin compiled, tool built, run)", Consumer.command_plugin)
    each("no-change command-plugin run", Consumer.command_plugin, options.runs)
    each("first `swift build` after the command plugin (tool already built)", lambda c: c.swift("build"))
    each("the tool alone (what the command plugin runs)", Consumer.tool_alone, options.runs)

    if not options.skip_modules:
        module_builds(packages, labels, work, results)
        load.append(os.getloadavg()[0])

    rows = list(dict.fromkeys(row for label in labels for row in results[label]))
    lines = [
        f"Packages: {', '.join(f'{label} = {p}' for label, p in zip(labels, packages))}. "
        f"Load average (1 min) during the run: {min(load):.1f}–{max(load):.1f} on {os.cpu_count()} cores. "
        f"Medians of the runs: wall time, and CPU (user + system of every process SwiftPM ran).",
        "",
        "| row | " + " | ".join(f"{label} wall | {label} CPU" for label in labels)
        + (" | CPU ratio |" if len(labels) == 2 else " |"),
        "|---|" + "---:|" * (2 * len(labels) + (1 if len(labels) == 2 else 0)),
    ]
    for row in rows:
        cells, cpus = [], []
        for label in labels:
            runs = results[label].get(row)
            if runs is None:
                cells += ["—", "—"]
                cpus.append(None)
                continue
            wall, cpu = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
            cells += [f"{wall:.2f} s", f"{cpu:.2f} s"]
            cpus.append(cpu)
        if len(labels) == 2:
            a, b = cpus
            cells.append(f"{b / a:.2f}×" if a and b else "—")
        lines.append(f"| {row} | " + " | ".join(cells) + " |")
    lines += ["", "Runs of a `swift build` row in which SwiftPM ran the build-tool plugin's generator:"]
    lines += [
        f"- {label}, {row}: {count} of {len(results[label][row])}"
        for label in labels
        for row, count in generator_runs[label].items()
        if "swift build" in row
    ]
    (work / "plugin-build.md").write_text("\n".join(lines) + "\n")
    (work / "plugin-build.json").write_text(
        json.dumps(
            {"packages": [str(p) for p in packages], "load": load, "results": results, "generator_runs": generator_runs},
            indent=2,
        )
    )
    print("\n".join(lines))


if __name__ == "__main__":
    main()
