#!/usr/bin/env python3
"""Times `managed-codegen generate` against `xmllint --noout` on synthetic models. Run through Benchmarks/run.sh.

Usage: benchmark.py BINARY [--runs N] [--sizes 10,100,1000] [--work DIR]

For every size: synthesises the model, then measures with /usr/bin/time -v (median of N runs):
  xmllint     `xmllint --noout contents`: the libxml2 parse floor
  generate    a fresh run into empty output folders
  no-change   a second run over up-to-date output (must write nothing: checked via mtimes and its summary)
  start-up    `managed-codegen --version`: one process start-up
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def measure(command, cwd=None):
    """Returns (wall seconds, peak RSS in MB, stdout, CPU seconds) of one run."""
    start = time.perf_counter()
    completed = subprocess.run(
        ["/usr/bin/time", "-v"] + command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    if completed.returncode != 0:
        sys.exit("failed (%d): %s\n%s" % (completed.returncode, " ".join(command), completed.stderr))
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", completed.stderr)
    cpu = sum(float(value) for value in re.findall(r"(?:User|System) time \(seconds\): ([0-9.]+)", completed.stderr))
    return wall, int(match.group(1)) / 1024.0, completed.stdout, cpu


class Sample:
    """Median wall and CPU time, maximum peak RSS over the runs."""

    def __init__(self, walls, cpus, rss, output):
        self.wall = statistics.median(walls)
        self.cpu = statistics.median(cpus)
        self.rss = max(rss)
        self.output = output


def median_of(runs, command, before=None):
    walls, cpus, rss, output = [], [], [], ""
    for _ in range(runs):
        if before:
            before()
        wall, peak, output, cpu = measure(command)
        walls.append(wall)
        cpus.append(cpu)
        rss.append(peak)
    return Sample(walls, cpus, rss, output)


def snapshot(folder):
    result = {}
    for root, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(root, name)
            status = os.stat(path)
            result[path] = (status.st_mtime_ns, status.st_ino, status.st_size)
    return result


def folder_size(folder):
    """Bytes of generated Swift."""
    return sum(os.path.getsize(os.path.join(root, name)) for root, _, files in os.walk(folder) for name in files
               if name.endswith(".swift"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="10,100,1000")
    # Not /tmp: on the machines we measured on, creating files there cost ten times as much as elsewhere on the
    # same disk, which hid everything the generator itself does.
    parser.add_argument("--work", default=os.path.join(os.path.dirname(HERE), ".build", "benchmark"))
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    shutil.rmtree(arguments.work, ignore_errors=True)
    os.makedirs(arguments.work)

    startup = median_of(arguments.runs, [binary, "--version"])
    rows = []
    for size in [int(value) for value in arguments.sizes.split(",")]:
        models = os.path.join(arguments.work, "models-%d" % size)
        subprocess.run([sys.executable, os.path.join(HERE, "synthesize-model.py"), str(size), models],
                       check=True, stdout=subprocess.DEVNULL)
        bundle = os.path.join(models, "Synthetic%d.xcdatamodeld" % size)
        contents = os.path.join(bundle, "Synthetic%d.xcdatamodel" % size, "contents")
        output = os.path.join(arguments.work, "output-%d" % size)
        generate = [binary, "generate", bundle, "--output", os.path.join(output, "Generated"),
                    "--human-output", os.path.join(output, "Model")]

        xmllint = median_of(arguments.runs, ["xmllint", "--noout", contents])
        fresh = median_of(arguments.runs, generate, before=lambda: shutil.rmtree(output, ignore_errors=True))
        before = snapshot(output)
        again = median_of(arguments.runs, generate)
        if snapshot(output) != before or not again.output.startswith("0 written"):
            sys.exit("the no-change run wrote files: %s" % again.output.strip())
        rows.append((size, os.path.getsize(contents), folder_size(output), xmllint, fresh, again))

    print("`%s`; median of %d runs (wall and CPU = user + system); peak RSS is the maximum over the runs" % (
        binary, arguments.runs))
    print("start-up (`managed-codegen --version`): %.3f s wall, %.3f s CPU, %.1f MB" % (startup.wall, startup.cpu, startup.rss))
    print()
    print("| entities | model | output | xmllint --noout | generate, fresh | ratio to xmllint | no-change re-run "
          "| peak RSS: generate / re-run / xmllint |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for size, model_bytes, output_bytes, xmllint, fresh, again in rows:
        print("| %d | %.2f MB | %.1f MB | %.3f s (CPU %.3f) | %.3f s (CPU %.3f) | %.1f× (CPU %.0f×) | %.3f s (CPU %.3f) "
              "| %.1f / %.1f / %.1f MB |" % (
                  size, model_bytes / 1e6, output_bytes / 1e6, xmllint.wall, xmllint.cpu, fresh.wall, fresh.cpu,
                  fresh.wall / xmllint.wall, fresh.cpu / max(xmllint.cpu, 0.001), again.wall, again.cpu,
                  fresh.rss, again.rss, xmllint.rss))


if __name__ == "__main__":
    main()
