#!/usr/bin/env python3
"""What the no-change stamp saves at the sizes users have: real models, re-run with nothing changed.

Usage: no-change-stamp.py BINARY MODEL_BUNDLE... [--runs N] [--work DIR]

For every model (e.g. the largest of ../shared/corpus: 125, 87 and 59 entities), median of N runs, one row each:
  fresh        a run into empty output folders
  no-change    a re-run over up-to-date output, as the binary runs it (stopping early on a stamp, for binaries
               that still write one: releases before the stamp was removed)
  full re-run  the same with any `.managed-codegen-stamp*` removed first: content comparison alone avoids rewrites
  start-up     `managed-codegen --version`
Ratios are to start-up, all rows of one model taken in turn in one run. Output: WORK/no-change-stamp.md.
"""
import argparse
import glob
import os
import shutil
import statistics
import subprocess
import sys
import time


def timed(command):
    start = time.perf_counter()
    completed = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if completed.returncode != 0:
        sys.exit("failed (%d): %s\n%s" % (completed.returncode, " ".join(command), completed.stderr))
    return time.perf_counter() - start


def remove_stamps(folder):
    for path in glob.glob(os.path.join(folder, "**", ".managed-codegen-stamp*"), recursive=True):
        os.remove(path)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("models", nargs="+")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--work", default=".build/benchmark")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    rows = []
    for model in args.models:
        out = os.path.join(args.work, "no-change-stamp")
        shutil.rmtree(out, ignore_errors=True)
        command = [args.binary, "generate", model, "--output", os.path.join(out, "Generated"),
                   "--human-output", os.path.join(out, "Model"), "--tests-output", os.path.join(out, "Tests"), "--quiet"]
        samples = {"fresh": [], "no-change": [], "full re-run": [], "start-up": []}
        for _ in range(args.runs):
            shutil.rmtree(out, ignore_errors=True)
            samples["fresh"].append(timed(command))
            samples["no-change"].append(timed(command))
            remove_stamps(out)
            samples["full re-run"].append(timed(command))
            samples["start-up"].append(timed([args.binary, "--version"]))
        medians = {name: statistics.median(values) for name, values in samples.items()}
        # Corpus bundles sit in a folder named after their repository and path.
        name = os.path.basename(os.path.dirname(os.path.abspath(model.rstrip("/")))) or os.path.basename(model)
        entities = sum(open(path, encoding="utf-8").read().count("<entity ")
                       for path in glob.glob(os.path.join(model, "*.xcdatamodel", "contents"))[:1])
        rows.append((name, entities, medians))
    lines = ["| model | entities | fresh | no-change | full re-run | saved by a stamp | start-up |", "|---|---:|---:|---:|---:|---:|---:|"]
    for name, entities, m in rows:
        up = m["start-up"]
        lines.append("| %s | %d | %.3f s (%.1f×) | %.3f s (%.1f×) | %.3f s (%.1f×) | %.3f s | %.3f s |" % (
            name, entities, m["fresh"], m["fresh"] / up, m["no-change"], m["no-change"] / up,
            m["full re-run"], m["full re-run"] / up, m["full re-run"] - m["no-change"], up))
    table = "\n".join(lines)
    with open(os.path.join(args.work, "no-change-stamp.md"), "w") as handle:
        handle.write(table + "\n")
    print(table)


if __name__ == "__main__":
    main()
