#!/usr/bin/env python3
"""Where the wall time of one run goes, thread by thread: which stage each thread is in, 10 ms at a time.

Instruction counts (callgrind) say what costs; this says what waits. Record a run with perf's software clock
(allowed without root on most machines), then read it:

    perf record -e cpu-clock -F 5000 -g -o /tmp/run.perf BINARY generate MODEL --output DIR/G --human-output DIR/M
    perf script -i /tmp/run.perf -F tid,time,ip,sym > /tmp/run.txt
    python3 Benchmarks/timeline.py /tmp/run.txt [BUCKET_MS]

Each line is one bucket: per thread (first = main), the number of samples and the stage most of them were in.
A thread missing from a bucket was idle. perf slows the run by about a quarter at 5 kHz.
"""
import collections
import re
import sys

# The innermost frame matching one of these names gives the sample's stage (first match wins).
STAGES = [
    ("XMLDocumentReader", "parse"), ("EntityDecodingPipeline", "decode"), ("ModelReader0A7Decoder", "decode"),
    ("SchemaChecks", "check"), ("SchemaResolver", "resolve"), ("ModelReader", "read"),
    ("Planner", "plan"), ("context3for", "context"), ("normalize", "normalize"), ("MustacheEngine", "render"),
    ("OutputWriter", "write"), ("Stamp", "stamp"), ("StableHasher", "stamp"), ("ArgumentParser", "arguments"),
    ("CodeGeneration", "generate"), ("managed_codegen", "command"), ("_dl_", "load"), ("dl_", "load"),
]


def samples(path):
    current = None
    for line in open(path, errors="replace"):
        header = re.match(r"^\s*(\d+)\s+(\d+\.\d+):", line)
        if header:
            if current:
                yield current
            current = (int(header.group(1)), float(header.group(2)), [])
        elif current and line.strip():
            current[2].append(line.strip().split(" ", 1)[-1])
    if current:
        yield current


def stage(frames):
    for frame in frames:
        for key, name in STAGES:
            if key in frame:
                return name
    return "libraries"


def main():
    bucket_ms = float(sys.argv[2]) if len(sys.argv) > 2 else 10.0
    all_samples = list(samples(sys.argv[1]))
    if not all_samples:
        sys.exit("no samples: was the file written by `perf script -F tid,time,ip,sym`?")
    start = all_samples[0][1]
    threads = []
    buckets = collections.defaultdict(lambda: collections.defaultdict(collections.Counter))
    for thread, time, frames in all_samples:
        if thread not in threads:
            threads.append(thread)
        buckets[int((time - start) * 1000 / bucket_ms)][thread][stage(frames)] += 1
    for index in sorted(buckets):
        cells = []
        for number, thread in enumerate(threads):
            counter = buckets[index].get(thread)
            if counter:
                name, _ = counter.most_common(1)[0]
                cells.append(f"t{number} {sum(counter.values()):3d} {name:<10}")
        print(f"{index * bucket_ms:6.0f} ms  " + "  ".join(cells))


if __name__ == "__main__":
    main()
