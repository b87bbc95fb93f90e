#!/usr/bin/env python3
"""The compiler's price of one declaration of each shape the generated code is made of.

Usage: declaration-cost.py --sdk SDK_OUT [--runs N] [--classes 100] [--per-class 20] [--work DIR]

compile-cost.py says what each feature of the output costs; this says why it cannot cost less while the feature
stays: for every shape below it compiles CLASSES files, each one `NSManagedObject` subclass with PER_CLASS
declarations of that shape, as one module with the type-check harness's command (the same as compile-cost.py), and
reports the compiler CPU time per declaration above the same classes without them (median of RUNS, shapes taken in
turn). `@NSManaged` properties are the unit: Xcode's own output is made of them.

  managed property       @NSManaged public var pN: String?              (Xcode's unit)
  key                    public static var pN: String { "pN" }          (`Keys`; also as static func, static let)
  nil default argument   pN: String? = nil                              (an initializer parameter)
  literal default        pN: Int16 = 1                                  (a model default: its own generator function)
  parameter, no default  pN: Int16
  XCTAssertEqual         XCTAssertEqual(object.pN, "x")                 (a generated test's check)
  value-taking check     assertEqual(object.pN, "x")                    (the generated tests' own, no autoclosures)

Parameters are measured in one initializer per class taking PER_CLASS of them; the checks in one test method per
class (a second module importing the first, like the generated tests' target).
"""
import argparse
import importlib.util
import os
import shutil
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("compile_cost", os.path.join(HERE, "compile-cost.py"))
compile_cost = importlib.util.module_from_spec(spec)
spec.loader.exec_module(compile_cost)

FAULT_INIT = ("    @objc override private init(entity: NSEntityDescription, insertInto context: NSManagedObjectContext?) {\n"
              "        super.init(entity: entity, insertInto: context)\n    }\n")


def model_class(index, body):
    return ("import CoreData\nimport Foundation\n\n@objc(C%d)\npublic final class C%d: NSManagedObject {\n%s%s}\n"
            % (index, index, FAULT_INIT, body))


def initializer(parameters):
    return ("    public init(context: NSManagedObjectContext,\n%s\n    ) {\n"
            "        super.init(entity: NSEntityDescription(), insertInto: context)\n    }\n"
            % ",\n".join("        " + parameter for parameter in parameters))


def shapes(per_class):
    names = ["p%d" % n for n in range(per_class)]
    properties = "".join("    @NSManaged public var %s: String?\n" % name for name in names)
    return {
        "none": lambda: "",
        "managed property": lambda: properties,
        "key (static var)": lambda: "    public enum Keys {\n%s    }\n" % "".join(
            '        public static var %s: String { "%s" }\n' % (name, name) for name in names),
        "key (static func)": lambda: "    public enum Keys {\n%s    }\n" % "".join(
            '        public static func %s() -> String { "%s" }\n' % (name, name) for name in names),
        "key (static let)": lambda: "    public enum Keys {\n%s    }\n" % "".join(
            '        public static let %s = "%s"\n' % (name, name) for name in names),
        "parameter, no default": lambda: initializer(["%s: Int16" % name for name in names]),
        "nil default argument": lambda: initializer(["%s: String? = nil" % name for name in names]),
        "literal default": lambda: initializer(["%s: Int16 = 1" % name for name in names]),
    }


CHECKS = {
    "test, no check": lambda object, names: "",
    "XCTAssertEqual": lambda object, names: "".join(
        '        XCTAssertEqual(%s.%s, "x")\n' % (object, name) for name in names),
    "value-taking check": lambda object, names: "".join(
        '        assertEqual(%s.%s, "x")\n' % (object, name) for name in names),
}

ASSERTIONS = """protocol Assertions {}

extension Assertions {
    func assertEqual<Value: Equatable>(_ actual: Value, _ expected: Value, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual, expected, file: file, line: line)
    }
}
"""


def write_module(folder, files):
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    paths = []
    for name, text in files:
        path = os.path.join(folder, name)
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        paths.append(path)
    return paths


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sdk", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--classes", type=int, default=100)
    parser.add_argument("--per-class", type=int, default=20)
    parser.add_argument("--work", default=os.path.join(compile_cost.ROOT, ".build", "declaration-cost"))
    arguments = parser.parse_args()
    sdk = os.path.abspath(arguments.sdk)
    names = ["p%d" % n for n in range(arguments.per_class)]
    declarations = arguments.classes * arguments.per_class

    jobs = []
    for label, body in shapes(arguments.per_class).items():
        folder = os.path.join(arguments.work, "model-" + label.replace(" ", "-").replace("(", "").replace(")", ""))
        files = write_module(folder, [("C%d.swift" % i, model_class(i, body())) for i in range(arguments.classes)])
        jobs.append(compile_cost.Job(label, files, compile_cost.compile_command(
            sdk, "Shapes", files, os.path.join(folder, "Shapes.swiftmodule"))))

    # The checks read the properties of a compiled model module, as the generated tests do.
    imported = os.path.join(arguments.work, "imported")
    model_files = write_module(os.path.join(arguments.work, "checked-model"), [
        ("C%d.swift" % i, model_class(i, shapes(arguments.per_class)["managed property"]()))
        for i in range(arguments.classes)])
    os.makedirs(imported, exist_ok=True)
    compile_cost.run_cpu(compile_cost.compile_command(
        sdk, "Checked", model_files, os.path.join(imported, "Checked.swiftmodule")))
    for label, checks in CHECKS.items():
        folder = os.path.join(arguments.work, "tests-" + label.replace(" ", "-").replace(",", ""))
        tests = "".join(
            "final class T%d: XCTestCase, Assertions {\n    func testValues(object: Checked.C%d) {\n%s    }\n}\n"
            % (i, i, checks("object", names)) for i in range(arguments.classes))
        files = write_module(folder, [(
            "Tests.swift", "import CoreData\nimport XCTest\n@testable import Checked\n\n" + ASSERTIONS + tests)])
        jobs.append(compile_cost.Job(label, files, compile_cost.compile_command(
            sdk, "ShapeTests", files, os.path.join(folder, "ShapeTests.swiftmodule"), extra=["-I", imported])))

    for _ in range(arguments.runs):
        for job in jobs:
            cpu, _ = compile_cost.run_cpu(job.command)
            job.cpus.append(cpu)

    floors = {"model": jobs[0].cpu, "tests": next(job.cpu for job in jobs if job.label == "test, no check")}
    print("\n%d classes x %d declarations of each shape; compiler CPU (user + system), median of %d runs\n"
          % (arguments.classes, arguments.per_class, arguments.runs))
    print("| shape | module CPU | per declaration | relative to an @NSManaged property |")
    print("|---|---:|---:|---:|")
    unit = None
    for job in jobs:
        floor = floors["tests"] if job.label in CHECKS else floors["model"]
        if job.label in ("none", "test, no check"):
            print("| %s (the floor) | %.2f s | | |" % (job.label, job.cpu))
            continue
        each = (job.cpu - floor) / declarations * 1000
        if job.label == "managed property":
            unit = each
        print("| %s | %.2f s | %.3f ms | %s |" % (
            job.label, job.cpu, each, "%.1f×" % (each / unit) if unit else ""))


if __name__ == "__main__":
    sys.exit(main())
