#!/usr/bin/env python3
"""What the user's compiler pays for managed-codegen's output, against what Xcode's own codegen writes.

Usage: compile-cost.py BINARY --sdk SDK_OUT [--runs N] [--sizes 100,1000 | --models BUNDLE...] [--work DIR]
                       [--no-variants] [--no-tests] [--no-preview] [--hot N] [--templates DIR]

BINARY is a `managed-codegen` build; SDK_OUT the stub SDK built by Tests/TypeCheckTests/StubSDK/build-sdk.sh.

For every size, synthesize-model.py writes the benchmark model (ENTITIES x 20 attributes x 3 relationships)
(`--models` measures real `.xcdatamodeld` bundles instead, their current version; a model whose Xcode-style
baseline does not compile against the stub SDK, e.g. a Transformable of a UIKit class, is skipped with a message), and
each of the outputs below is compiled as one module by one `swiftc -frontend -emit-module -enable-objc-interop`
job against the stub SDK (the type-check harness's command, whole module: every file a non-primary input, as the
build-tool plugin's single file is), RUNS times; the table gives the Swift size, the compiler's CPU time
(user + system, median), its ratio to the Xcode-style baseline, and the median of each round's own ratio to the
baseline compiled in the same round ("paired ratio": steadier when the machine's load changes between minutes):

  xcode       what Xcode's "Class Definition" codegen writes for the model (`<Class>+CoreDataClass.swift`,
              `<Class>+CoreDataProperties.swift`): a public class, `fetchRequest()`, optional `@NSManaged`
              properties with Xcode's type rules (scalars as `Int16`... whatever `optional` says, other numbers
              `NSNumber?`, everything else optional), the four `@NSManaged` to-many accessors per relationship
              (ten for ordered ones) and `extension <Class>: Identifiable {}`.
  ours        `managed-codegen generate` (machine + human + support files), bundled templates.

Per-feature attribution (`--no-variants` skips it): the features are taken away from `ours` one after another,
through template overrides (`--templates`), each step still a valid module, in this order; the cost of a feature is
the difference between two neighbouring rows:

  validation        the validation hooks and overrides (`validation-hooks`, `validation-overrides`)
  accessors         the to-many accessor extensions
  initializer       the designated initializer taking every required value
  optional scalars  optional scalar properties (computed, `Int32?`...) become `@NSManaged ...: NSNumber?`
  unavailable inits `init()`, `init(context:)` and the other unavailable initializers
  keys              the `Keys` enum

What is left after the last step (`@NSManaged` properties, `fetchRequest()`, the fault initializer, the human
file and the support file) is compared with `xcode` as well.

`tests` (`--no-tests` skips it): the generated model tests (`--tests-output`), a second module that
`@testable import`s the first; its own row, as a build compiles it in a separate target.

`ours + preview data` (`--no-preview` skips it): `ours` with `--preview-data`, one module; the row after the table
gives the preview file's share (this row minus `ours`), as an app pays it in a debug build.

`--hot N` prints the N function bodies of `ours` that took the longest to type-check
(`-Xfrontend -debug-time-function-bodies`), grouped by what they are, so the next cut is chosen by measurement.
"""
import argparse
import collections
import os
import re
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
STUB = os.path.join(ROOT, "Tests", "TypeCheckTests", "StubSDK")
TEMPLATES = os.path.join(ROOT, "Templates", "Swift")

# ---------------------------------------------------------------------------------------------------------------
# The Xcode-style baseline


def xcode_type(attribute):
    """The Swift type Xcode's Class Definition codegen gives an attribute."""
    kind = attribute.get("attributeType")
    scalar = attribute.get("usesScalarValueType") == "YES"
    scalars = {"Integer 16": "Int16", "Integer 32": "Int32", "Integer 64": "Int64", "Double": "Double",
               "Float": "Float", "Boolean": "Bool"}
    if kind in scalars:
        # Xcode declares scalars non-optional even when the attribute is optional.
        return scalars[kind] if scalar else "NSNumber?"
    objects = {"String": "String?", "UUID": "UUID?", "Date": "Date?", "Binary": "Data?", "URI": "URL?",
               "Decimal": "NSDecimalNumber?"}
    if kind in objects:
        return objects[kind]
    if kind == "Transformable":
        custom = attribute.get("customClassName") or "NSObject"
        return (custom.split(".")[-1] if re.fullmatch(r"\w+\.\w+", custom) else custom) + "?"
    return "NSObject?"


def xcode_baseline(contents_path, folder):
    """Writes what Xcode's Class Definition codegen writes for every entity of the model; returns the paths."""
    import xml.etree.ElementTree as ElementTree
    os.makedirs(folder, exist_ok=True)
    paths = []
    entities = list(ElementTree.parse(contents_path).getroot().iter("entity"))

    def class_name(entity):
        """Xcode's class for an entity: its class name without a module prefix (`Core.Item`, `.Item`), or none."""
        name = (entity.get("representedClassName") or "").split(".")[-1]
        return None if name in ("", "NSManagedObject") else name

    classes = {entity.get("name"): class_name(entity) for entity in entities}
    for entity in entities:
        name = classes[entity.get("name")]
        if name is None:
            continue
        superclass = classes.get(entity.get("parentEntity")) or "NSManagedObject"
        class_file = os.path.join(folder, name + "+CoreDataClass.swift")
        with open(class_file, "w", encoding="utf-8") as file:
            file.write("import Foundation\nimport CoreData\n\n@objc(%s)\npublic class %s: %s {\n\n}\n"
                       % (name, name, superclass))
        lines = ["import Foundation", "import CoreData", "", "", "extension %s {" % name, "",
                 "    @nonobjc public class func fetchRequest() -> NSFetchRequest<%s> {" % name,
                 "        return NSFetchRequest<%s>(entityName: \"%s\")" % (name, entity.get("name")), "    }", ""]
        for attribute in entity.findall("attribute"):
            lines.append("    @NSManaged public var %s: %s" % (attribute.get("name"), xcode_type(attribute)))
        accessors = []
        for relationship in entity.findall("relationship"):
            key = relationship.get("name")
            destination = classes.get(relationship.get("destinationEntity")) or "NSManagedObject"
            if relationship.get("toMany") != "YES":
                lines.append("    @NSManaged public var %s: %s?" % (key, destination))
                continue
            ordered = relationship.get("ordered") == "YES"
            lines.append("    @NSManaged public var %s: %s?" % (key, "NSOrderedSet" if ordered else "NSSet"))
            accessors.append((key, destination, ordered))
        lines += ["", "}", ""]
        for key, destination, ordered in accessors:
            upper = key[0].upper() + key[1:]
            lines += ["// MARK: Generated accessors for %s" % key, "extension %s {" % name, ""]
            declarations = []
            if ordered:
                declarations += [
                    ("insertObject:in%sAtIndex:" % upper, "insertInto%s(_ value: %s, at idx: Int)" % (upper, destination)),
                    ("removeObjectFrom%sAtIndex:" % upper, "removeFrom%s(at idx: Int)" % upper),
                    ("insert%s:atIndexes:" % upper, "insertInto%s(_ values: [%s], at indexes: NSIndexSet)" % (upper, destination)),
                    ("remove%sAtIndexes:" % upper, "removeFrom%s(at indexes: NSIndexSet)" % upper),
                    ("replaceObjectIn%sAtIndex:withObject:" % upper, "replace%s(at idx: Int, with value: %s)" % (upper, destination)),
                    ("replace%sAtIndexes:with%s:" % (upper, upper), "replace%s(at indexes: NSIndexSet, with values: [%s])" % (upper, destination)),
                ]
            collection = "NSOrderedSet" if ordered else "NSSet"
            declarations += [
                ("add%sObject:" % upper, "addTo%s(_ value: %s)" % (upper, destination)),
                ("remove%sObject:" % upper, "removeFrom%s(_ value: %s)" % (upper, destination)),
                ("add%s:" % upper, "addTo%s(_ values: %s)" % (upper, collection)),
                ("remove%s:" % upper, "removeFrom%s(_ values: %s)" % (upper, collection)),
            ]
            for selector, signature in declarations:
                lines += ["    @objc(%s)" % selector, "    @NSManaged public func %s" % signature, ""]
            lines += ["}", ""]
        if superclass == "NSManagedObject":  # a sub-entity's class conforms through its parent's
            lines += ["extension %s : Identifiable {" % name, "", "}", ""]
        properties_file = os.path.join(folder, name + "+CoreDataProperties.swift")
        with open(properties_file, "w", encoding="utf-8") as file:
            file.write("\n".join(lines))
        paths += [class_file, properties_file]
    return paths


# ---------------------------------------------------------------------------------------------------------------
# Variants of our output: features taken away through template overrides


def remove_section(text, name):
    """Removes every `{{#name}}...{{/name}}` section (with its standalone lines) from a template."""
    pattern = re.compile(r"^[ \t]*\{\{#%s\}\}\n.*?^[ \t]*\{\{/%s\}\}\n" % (re.escape(name), re.escape(name)),
                         re.S | re.M)
    result, count = pattern.subn("", text)
    if count == 0:
        sys.exit("compile-cost.py: no {{#%s}} section to remove: update the variant to the templates" % name)
    return result


def remove_pattern(text, pattern, what):
    result, count = re.subn(pattern, "", text, flags=re.S | re.M)
    if count == 0:
        sys.exit("compile-cost.py: nothing matched for %s: update the variant to the templates" % what)
    return result


def without_validation(templates):
    templates["validation-hooks"] = "{{%CONTENT_TYPE: TEXT}}\n"
    templates["validation-overrides"] = "{{%CONTENT_TYPE: TEXT}}\n"


def without_accessors(templates):
    templates["entity-machine"] = remove_section(templates["entity-machine"], "relationshipsWithAccessors")


def without_initializer(templates):
    templates["initializer"] = "{{%CONTENT_TYPE: TEXT}}\n"


def without_optional_scalars(templates):
    templates["attribute"] = re.sub(
        r"\{\{#isOptionalScalar\}\}\n.*?\{\{/isOptionalScalar\}\}\n",
        "{{#isOptionalScalar}}\n    @NSManaged {{access}}var {{swiftName}}: NSNumber?\n{{/isOptionalScalar}}\n",
        templates["attribute"], flags=re.S)


def without_unavailable_inits(templates):
    text = templates["entity-machine"]
    text = remove_section(text, "declaresUnavailableContextInit")
    text = remove_section(text, "unavailableInheritedInitializers")
    text = remove_pattern(text, r"^[ \t]*@available\(\*, unavailable[^\n]*\n[^\n]*init\(\)[^\n]*\n.*?^    \}\n",
                          "init()")
    templates["entity-machine"] = text


def without_keys(templates):
    templates["entity-machine"] = remove_pattern(
        templates["entity-machine"], r"^[ \t]*/// Key names.*?enum Keys \{\n.*?^    \}\n", "Keys")


STEPS = [
    ("validation", without_validation),
    ("accessors", without_accessors),
    ("initializer", without_initializer),
    ("optional scalars", without_optional_scalars),
    ("unavailable inits", without_unavailable_inits),
    ("keys", without_keys),
]


def bundled_templates(folder=None):
    result = {}
    for name in os.listdir(folder or TEMPLATES):
        if name.endswith(".mustache"):
            with open(os.path.join(folder or TEMPLATES, name), encoding="utf-8") as file:
                result[name[:-len(".mustache")]] = file.read()
    return result


def write_templates(templates, folder):
    os.makedirs(folder, exist_ok=True)
    for name, text in templates.items():
        with open(os.path.join(folder, name + ".mustache"), "w", encoding="utf-8") as file:
            file.write(text)


def generate(binary, bundle, output, templates=None, tests=None, preview=False):
    shutil.rmtree(output, ignore_errors=True)
    command = [binary, "generate", bundle, "--output", os.path.join(output, "Generated"),
               "--human-output", os.path.join(output, "Model"), "--no-config"]
    if templates:
        command += ["--templates", templates]
    if tests:
        command += ["--tests-output", tests]
    if preview:
        command += ["--preview-data"]
    # The model's warnings are not what is measured: printed only when generation fails.
    process = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if process.returncode != 0:
        sys.exit("managed-codegen failed for %s:\n%s" % (bundle, process.stderr[-4000:]))
    return swift_files(output)


def swift_files(folder):
    return sorted(os.path.join(root, name) for root, _, files in os.walk(folder) for name in files
                  if name.endswith(".swift"))


# ---------------------------------------------------------------------------------------------------------------
# Compiling


def compile_command(sdk, module, files, output, extra=()):
    return ["swiftc", "-frontend", "-emit-module", "-enable-objc-interop", "-I", os.path.join(sdk, "modules"),
            "-I", os.path.join(STUB, "clang"), "-module-cache-path", os.path.join(sdk, "mcache"),
            "-Xcc", "-Wno-nullability-completeness", "-parse-as-library", "-swift-version", "5",
            "-enable-testing", "-module-name", module] + list(extra) + list(files) + ["-o", output]


class CompileFailure(Exception):
    def __init__(self, text):
        super().__init__(text)
        self.text = text


def run_cpu(command, exit_on_failure=True):
    """CPU seconds (user + system) of one compiler run and its output; fails on any diagnostic error (exits, or
    raises CompileFailure)."""
    import tempfile
    with tempfile.TemporaryFile() as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        output.seek(0)
        text = output.read().decode(errors="replace")
    if process.returncode != 0 and not exit_on_failure:
        raise CompileFailure(text)
    if process.returncode != 0:
        sys.exit("compile failed (%d): %s\n%s" % (process.returncode, " ".join(command[:20]) + " ...", text[-4000:]))
    return usage.ru_utime + usage.ru_stime, text


def size_of(files):
    return sum(os.path.getsize(path) for path in files)


class Job:
    def __init__(self, label, files, command):
        self.label = label
        self.files = files
        self.command = command
        self.cpus = []

    @property
    def cpu(self):
        return statistics.median(self.cpus)


# ---------------------------------------------------------------------------------------------------------------
# Hot spots


SOURCE_LINES = {}


def kind_of(text):
    """What a `-debug-time-function-bodies` line is about, in the generated code's terms: by the declaration's
    name, then by the text of the source line it points at."""
    match = re.match(r"^(.*?):(\d+):\d+\t(.*)$", text)
    if not match:
        return "other"
    path, line, name = match.group(1), int(match.group(2)), match.group(3)
    if path not in SOURCE_LINES:
        with open(path, encoding="utf-8") as file:
            SOURCE_LINES[path] = file.read().split("\n")
    source = SOURCE_LINES[path][line - 1] if line <= len(SOURCE_LINES[path]) else ""
    if "ManagedValidation+Generated" in path or "Support" in os.path.basename(path):
        return "support file"
    rules = [
        (r"AutoreleasingUnsafeMutablePointer", "validation: validate<Key>:error: bridges"),
        (r"validateFor", "validation: validateFor* overrides"),
        (r"func validate|Validating", "validation: hooks (protocol defaults)"),
        (r"@NSManaged.*var", "@NSManaged properties (implicit accessors)"),
        (r"@NSManaged.*func", "to-many accessors (declarations)"),
        (r"static (let|var)", "keys"),
        (r"^\s*(get|set)\b|^\s*defer \{ did|^\s*(public |internal |package )?var \w+: [\w.<>\[\]: ]+\? \{",
         "computed property bodies (optional scalars, typed)"),
        (r"fetchRequest", "fetchRequest()"),
        (r"\bclass \w+", "implicit members of the class (deinit, ...)"),
        (r"func (addTo|removeFrom|insertInto|replace)", "to-many accessor bodies"),
        (r"init\(entity: NSEntityDescription", "fault initializer"),
        (r"^\s*(public |internal |package )?(override |convenience )*init\(\)|init\(context: NSManagedObjectContext\)", "unavailable initializers"),
        (r"init\(", "initializer (designated)"),
        (r"fetchRequest", "fetchRequest()"),
    ]
    for pattern, kind in rules:
        if re.search(pattern, source):
            return kind
    if "init(context:" in name:
        return "initializer (designated)"
    return "other: " + source.strip()[:40]


def hot_spots(sdk, files, work, count):
    command = compile_command(sdk, "Hot", files, os.path.join(work, "Hot.swiftmodule"),
                              extra=["-debug-time-function-bodies"])
    _, output = run_cpu(command)
    bodies = []
    for line in output.splitlines():
        match = re.match(r"^\s*([0-9.]+)ms\t(.*)$", line)
        if match:
            bodies.append((float(match.group(1)), match.group(2)))
    by_kind = collections.defaultdict(lambda: [0.0, 0])
    for milliseconds, text in bodies:
        entry = by_kind[kind_of(text)]
        entry[0] += milliseconds
        entry[1] += 1
    total = sum(ms for ms, _ in bodies)
    print()
    print("Function bodies type-checked in `ours` (-debug-time-function-bodies): %d bodies, %.0f ms in all"
          % (len(bodies), total))
    print()
    print("| bodies of | count | type-check ms | share |")
    print("|---|---:|---:|---:|")
    for kind, (milliseconds, number) in sorted(by_kind.items(), key=lambda item: -item[1][0]):
        print("| %s | %d | %.0f | %.0f %% |" % (kind, number, milliseconds, 100.0 * milliseconds / max(total, 1e-9)))
    if count:
        print()
        print("Slowest %d bodies:" % count)
        for milliseconds, text in sorted(bodies, reverse=True)[:count]:
            print("  %.2f ms  %s" % (milliseconds, text))


# ---------------------------------------------------------------------------------------------------------------


def measured_models(arguments):
    """(title, bundle, contents, work folder) of each model to measure: the synthetic sizes, or `--models`."""
    import xml.etree.ElementTree as ElementTree
    if not arguments.models:
        for size in [int(value) for value in arguments.sizes.split(",")]:
            work = os.path.join(arguments.work, str(size))
            models = os.path.join(work, "models")
            subprocess.run([sys.executable, os.path.join(HERE, "synthesize-model.py"), str(size), models],
                           check=True, stdout=subprocess.DEVNULL)
            bundle = os.path.join(models, "Synthetic%d.xcdatamodeld" % size)
            yield ("%d entities x 20 attributes x 3 relationships" % size, bundle,
                   os.path.join(bundle, "Synthetic%d.xcdatamodel" % size, "contents"), work)
        return
    for index, bundle in enumerate(os.path.abspath(path.rstrip("/")) for path in arguments.models):
        inner = [name for name in os.listdir(bundle) if name.endswith(".xcdatamodeld")]
        if len(inner) == 1:  # a folder holding one bundle, as the corpus's entries are
            bundle = os.path.join(bundle, inner[0])
        elif not any(name.endswith(".xcdatamodel") for name in os.listdir(bundle)):
            sys.exit("%s is not an .xcdatamodeld bundle, nor a folder holding exactly one" % bundle)
        versions = sorted(name for name in os.listdir(bundle) if name.endswith(".xcdatamodel"))
        current = versions[-1] if versions else None
        marker = os.path.join(bundle, ".xccurrentversion")
        if os.path.exists(marker):
            found = re.search(r"<string>(.*?\.xcdatamodel)</string>", open(marker, encoding="utf-8").read())
            current = found.group(1) if found else current
        contents = os.path.join(bundle, current, "contents")
        root = ElementTree.parse(contents).getroot()
        entities = list(root.iter("entity"))
        title = "%s (%s): %d entities, %d attributes, %d relationships" % (
            os.path.basename(bundle), current, len(entities), sum(len(e.findall("attribute")) for e in entities),
            sum(len(e.findall("relationship")) for e in entities))
        yield title, bundle, contents, os.path.join(arguments.work, "model-%d" % index)


def main():
    sys.stdout.reconfigure(line_buffering=True)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--sdk", required=True, help="the stub SDK folder (build-sdk.sh's SDK_OUT)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="100")
    parser.add_argument("--models", nargs="+", help="real .xcdatamodeld bundles to measure instead of --sizes")
    parser.add_argument("--work", default=os.path.join(ROOT, ".build", "compile-cost"))
    parser.add_argument("--no-variants", action="store_true", help="only xcode and ours (and tests)")
    parser.add_argument("--no-tests", action="store_true", help="skip the generated model tests")
    parser.add_argument("--no-preview", action="store_true", help="skip the preview data (`--preview-data`)")
    parser.add_argument("--templates", help="a template folder for `ours` and its variants (e.g. an earlier commit's "
                        "Templates/Swift, to measure before and after a template change with that commit's binary)")
    parser.add_argument("--hot", type=int, default=-1,
                        help="print the hot spots of `ours` and its N slowest function bodies")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    sdk = os.path.abspath(arguments.sdk)
    shutil.rmtree(arguments.work, ignore_errors=True)
    os.makedirs(arguments.work)

    for title, bundle, contents, work in measured_models(arguments):
        modules = os.path.join(work, "modules")
        os.makedirs(modules)

        jobs = []
        xcode_files = xcode_baseline(contents, os.path.join(work, "xcode"))
        jobs.append(Job("xcode", xcode_files,
                        compile_command(sdk, "Xcode", xcode_files, os.path.join(modules, "Xcode.swiftmodule"))))
        if arguments.models and not xcode_files:
            print("\n%s: skipped, no entity has a class name, so Xcode's codegen writes nothing for it" % title)
            continue
        if arguments.models:
            try:
                run_cpu(jobs[0].command, exit_on_failure=False)
            except CompileFailure as failure:
                print("\n%s: skipped, its Xcode-style baseline does not compile against the stub SDK:\n%s"
                      % (title, failure.text.strip().split("\n")[0]))
                continue
        tests_folder = None if arguments.no_tests else os.path.join(work, "tests")
        ours_files = generate(binary, bundle, os.path.join(work, "ours"), templates=arguments.templates,
                              tests=tests_folder)
        ours_module = os.path.join(modules, "Ours.swiftmodule")
        jobs.append(Job("ours", ours_files, compile_command(sdk, "Ours", ours_files, ours_module)))

        if not arguments.no_variants:
            templates = bundled_templates(arguments.templates)
            for index, (feature, take_away) in enumerate(STEPS):
                take_away(templates)
                folder = os.path.join(work, "variant-%d" % index)
                write_templates(templates, os.path.join(folder, "templates"))
                files = generate(binary, bundle, os.path.join(folder, "out"), templates=os.path.join(folder, "templates"))
                label = "- " + feature
                jobs.append(Job(label, files, compile_command(
                    sdk, "V%d" % index, files, os.path.join(modules, "V%d.swiftmodule" % index))))

        preview_job = None
        if not arguments.no_preview:
            preview_files = generate(binary, bundle, os.path.join(work, "preview"), templates=arguments.templates,
                                     preview=True)
            preview_job = Job("ours + preview data", preview_files, compile_command(
                sdk, "Preview", preview_files, os.path.join(modules, "Preview.swiftmodule")))

        tests_job = None
        if tests_folder:
            test_files = swift_files(tests_folder)
            # The tests `@testable import` the generated module under the model's module name: find it in the file.
            with open(test_files[0], encoding="utf-8") as file:
                imported = re.search(r"@testable import (\w+)", file.read()).group(1)
            tests_module = os.path.join(work, "tests-module")
            os.makedirs(tests_module)
            # The model's module, compiled once under the name the tests import (not timed).
            run_cpu(compile_command(sdk, imported, ours_files, os.path.join(tests_module, imported + ".swiftmodule")))
            tests_job = Job("tests (separate module)", test_files, compile_command(
                sdk, "SyntheticTests", test_files, os.path.join(modules, "Tests.swiftmodule"),
                extra=["-I", tests_module]))

        all_jobs = jobs + ([preview_job] if preview_job else []) + ([tests_job] if tests_job else [])
        for _ in range(arguments.runs):
            for job in all_jobs:  # round-robin: a slow minute on a shared machine hits every row alike
                job.cpus.append(run_cpu(job.command)[0])

        baseline = jobs[0]
        print()
        print("%s; compiler CPU (user + system) is the median of %d runs" % (title, arguments.runs))
        print()
        print("| output | files | Swift | compiler CPU | ratio to xcode | paired ratio (range) | feature's share (this row minus the next) |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for index, job in enumerate(jobs):
            share = ""
            if job.label != "xcode" and index + 1 < len(jobs):
                following = jobs[index + 1]
                share = "%.2f s" % (job.cpu - following.cpu)
            # Each round's own ratio (the row and xcode compiled one after the other): on a shared machine the load
            # moves both alike within a round, so their median is steadier than the ratio of the two medians.
            paired = sorted(cpu / base for cpu, base in zip(job.cpus, baseline.cpus))
            print("| %s | %d | %.2f MB | %.2f s | %.1f× | %.2f× (%.2f–%.2f) | %s |" % (
                job.label, len(job.files), size_of(job.files) / 1e6, job.cpu, job.cpu / baseline.cpu,
                statistics.median(paired), paired[0], paired[-1], share))
        if preview_job:
            ours = jobs[1]
            paired = sorted(cpu / base for cpu, base in zip(preview_job.cpus, ours.cpus))
            print("| %s | %d | %.2f MB | %.2f s | %.1f× | (%.2f× ours, paired) | preview file: %.2f s, %.2f MB |" % (
                preview_job.label, len(preview_job.files), size_of(preview_job.files) / 1e6, preview_job.cpu,
                preview_job.cpu / baseline.cpu, statistics.median(paired), preview_job.cpu - ours.cpu,
                (size_of(preview_job.files) - size_of(ours.files)) / 1e6))
        if tests_job:
            print("| %s | %d | %.2f MB | %.2f s | (%.1f× the xcode module) | |" % (
                tests_job.label, len(tests_job.files), size_of(tests_job.files) / 1e6, tests_job.cpu,
                tests_job.cpu / baseline.cpu))
        if arguments.hot >= 0:
            hot_spots(sdk, ours_files, work, arguments.hot)


if __name__ == "__main__":
    main()
