// swift-tools-version: 6.1
import PackageDescription

// Stages: ModelReader (XML -> Schema) -> GenerationPlanning (Schema -> GenerationPlan) -> GeneratedTestsPlanning
// (GenerationPlan -> GeneratedTestsPlan) -> CodeGeneration (the pipeline running them: plans -> rendered files -> written files).
// ManagedModel holds the value types passed between stages; the CLI and plugins are thin shells around them.
let package = Package(
    name: "ManagedCodegen",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "managed-codegen", targets: ["managed-codegen"]),
        .plugin(name: "ManagedCodegenBuildPlugin", targets: ["ManagedCodegenBuildPlugin"]),
        .plugin(name: "GenerateManagedObjects", targets: ["GenerateManagedObjects"]),
        .plugin(name: "AuditManagedObjects", targets: ["AuditManagedObjects"]),
        .plugin(name: "CheckManagedObjects", targets: ["CheckManagedObjects"]),
    ],
    // The lower bound is the version CI builds and tests, pinned in Package.resolved (committed). Every
    // dependency is built by every plugin user: `managed-codegen.yml` is read by ManagedCodegenConfig's own small
    // YAML reader, not a YAML library (Benchmarks/README.md, "A plugin user's first build").
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "ManagedModel"),
        // How Core Data maps to Swift: attribute types to Swift types, optionality, accepted scalars, KVC selectors.
        .target(name: "CoreDataMapping", dependencies: ["ManagedModel"]),
        // A lexical scan of Swift sources (comments and strings skipped): hook discovery and `audit` read the user's code with it.
        .target(name: "SwiftSourceScanning"),
        .target(
            name: "ModelReader",
            dependencies: [
                "ManagedModel", "CoreDataMapping",
                .target(name: "CLibXML2", condition: .when(platforms: [.linux])),
            ],
            linkerSettings: [.linkedLibrary("xml2", .when(platforms: [.macOS]))]
        ),
        // Model lock and migration check: fingerprints of shipped versions, what lightweight migration infers.
        // CloudKit/: everything about a synced model (what syncs, what the container refuses, what production keeps).
        .target(name: "ModelLock", dependencies: ["ManagedModel", "CoreDataMapping"]),
        // A model's shipped history (ModelHistory): the bundle's versions, each read once, and the lock, parsed once; it
        // answers the lock check, the migration findings, CloudKit's production check, the plan's input and re-locking.
        .target(
            name: "ModelHistory",
            dependencies: ["ManagedModel", "ModelReader", "ModelLock", "GenerationPlanning", "ManagedCodegenConfig"]
        ),
        .target(name: "SampleValues", dependencies: ["ManagedModel", "CoreDataMapping"]),
        // `adopt`: the move from Xcode's codegen, mogenerator or SwiftGen (the model's Codegen settings, clashing files).
        .target(name: "Adoption", dependencies: ["ManagedModel"]),
        // Our Mustache renderer: typed context lookups and byte output (swift-mustache's reflection and
        // dynamic casts were two thirds of a run).
        .target(name: "MustacheEngine"),
        .target(
            name: "ManagedCodegenTemplates",
            path: "Templates",
            exclude: ["README.md", "Swift"],
            // Compiled into the binary as string literals (EmbeddedTemplates.swift, written by scripts/embed-templates.sh
            // from Templates/Swift), so an installed executable needs no resource bundle beside it. Not `.embedInCode`:
            // its `[UInt8]` literals cost every plugin user's first build 5 s of CPU (Benchmarks/README.md).
            sources: ["TemplateBundle.swift", "EmbeddedTemplates.swift"]
        ),
        // The plan stage: Schema + options + the user's hooks -> GenerationPlan (every decision about the generated classes);
        // with the locked versions' schemas, the migration plan (MigrationPlanning's stages, from ModelLock).
        .target(name: "GenerationPlanning", dependencies: ["ManagedModel", "CoreDataMapping", "SwiftSourceScanning", "ModelLock"]),
        // GenerationPlan -> GeneratedTestsPlan (the generated XCTest file). Reads only the plan, never the generation planner;
        // CodeGeneration's pipeline calls it after the generation planner.
        .target(name: "GeneratedTestsPlanning", dependencies: ["GenerationPlanning", "ManagedModel", "ModelLock", "CoreDataMapping", "SampleValues"]),
        // The pipeline (GenerationPipeline), the render stage (templates) and the write stage; re-exports both planning targets.
        .target(
            name: "CodeGeneration",
            dependencies: [
                "ManagedModel", "ModelLock", "GenerationPlanning", "GeneratedTestsPlanning", "SampleValues", "ManagedCodegenTemplates",
                "MustacheEngine",
            ]
        ),
        // `audit`: hand-written managed-object classes checked against the model.
        .target(name: "SourceAudit", dependencies: ["ManagedModel", "CoreDataMapping", "SwiftSourceScanning"]),
        .target(
            name: "ManagedCodegenConfig",
            dependencies: ["ManagedModel", "CodeGeneration"]
        ),
        .executableTarget(
            name: "managed-codegen",
            dependencies: [
                "ModelReader", "ModelLock", "ModelHistory", "CodeGeneration", "ManagedCodegenConfig", "Adoption", "SourceAudit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Plugins run the managed-codegen tool; they cannot link our libraries, so the code they share
        // lives in Plugins/PluginsShared, symlinked into both.
        .plugin(name: "ManagedCodegenBuildPlugin", capability: .buildTool(), dependencies: ["managed-codegen"]),
        .plugin(
            name: "GenerateManagedObjects",
            capability: .command(
                intent: .custom(
                    verb: "generate-managed-objects",
                    description: "Generate NSManagedObject subclasses from the Core Data models of the package's targets."
                ),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "To write the generated Swift files next to the Core Data models in the targets' source folders."
                    )
                ]
            ),
            dependencies: ["managed-codegen"]
        ),
        // Reads only: no permission to write into the package (a flag of generate-managed-objects would ask for one).
        .plugin(
            name: "AuditManagedObjects",
            capability: .command(
                intent: .custom(
                    verb: "audit-managed-objects",
                    description: "Check the NSManagedObject subclasses in the package's targets against their Core Data models."
                )
            ),
            dependencies: ["managed-codegen"]
        ),
        // generate-managed-objects --check without the permission to write (CI): permissions are per plugin, not per flag.
        .plugin(
            name: "CheckManagedObjects",
            capability: .command(
                intent: .custom(
                    verb: "check-managed-objects",
                    description: "Check that the generated NSManagedObject subclasses of the package's targets are up to date, writing nothing."
                )
            ),
            dependencies: ["managed-codegen"]
        ),
        // Shared by every test target (Contributing.md, "Where a new test goes"): the package root, the fixture list,
        // reference assertions that print a `git diff --no-index` on failure, file helpers, TextArgument.
        // TestSchemas and Build: schemas written in Swift, for the planners' tests.
        .target(name: "TestSupport", dependencies: ["ManagedModel"], path: "Tests/TestSupport"),
        // One test target per library target (Contributing.md, "Where a new test goes").
        .testTarget(name: "ManagedModelTests", dependencies: ["ManagedModel", "TestSupport"]),
        .testTarget(name: "SwiftSourceScanningTests", dependencies: ["SwiftSourceScanning", "TestSupport"]),
        .testTarget(name: "AdoptionTests", dependencies: ["Adoption", "ModelReader", "TestSupport"]),
        .testTarget(
            name: "ManagedCodegenConfigTests",
            dependencies: ["ManagedCodegenConfig", "CodeGeneration", "TestSupport"]
        ),
        .testTarget(name: "CoreDataMappingTests", dependencies: ["CoreDataMapping", "TestSupport"]),
        .testTarget(name: "ModelReaderTests", dependencies: ["ModelReader", "TestSupport"]),
        .testTarget(name: "ModelLockTests", dependencies: ["ModelLock", "ModelReader", "TestSupport"]),
        .testTarget(name: "ModelHistoryTests", dependencies: ["ModelHistory", "ModelLock", "ModelReader", "GenerationPlanning", "TestSupport"]),
        .testTarget(name: "SampleValuesTests", dependencies: ["SampleValues", "TestSupport"]),
        .testTarget(name: "MustacheEngineTests", dependencies: ["MustacheEngine", "TestSupport"]),
        .testTarget(name: "SourceAuditTests", dependencies: ["SourceAudit", "CodeGeneration", "ModelReader", "TestSupport"]),
        .testTarget(name: "CodeGenerationTests", dependencies: ["CodeGeneration", "ModelReader", "ModelLock", "ModelHistory", "TestSupport"]),
        // The generation planner; plans through CodeGenerator.makePlan, as the pipeline makes them.
        .testTarget(
            name: "GenerationPlanningTests",
            dependencies: ["GenerationPlanning", "CodeGeneration", "ModelReader", "ModelLock", "TestSupport"]
        ),
        // The generated-test planner; its plans come from CodeGeneration's planner, as in a run.
        .testTarget(
            name: "GeneratedTestsPlanningTests",
            dependencies: [
                "GeneratedTestsPlanning", "GenerationPlanning", "CodeGeneration", "ModelReader", "ModelLock", "ModelHistory", "TestSupport",
            ]
        ),
        // Runs the built `managed-codegen` binary: exit status, stderr format, files on disk (hostile input,
        // unusable destinations, concurrent runs, determinism).
        // InProcess/: `generate` and the help text run in-process through `@testable import managed_codegen`.
        .testTarget(
            name: "ManagedCodegenCLITests",
            dependencies: [
                "managed-codegen", "ManagedCodegenConfig", "CodeGeneration", "ModelReader", "TestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "TypeCheckTests",
            dependencies: ["CodeGeneration", "ModelReader", "ModelLock", "ModelHistory", "TestSupport"],
            exclude: ["StubSDK", "Samples", "AcceptanceCases.json"]
        ),
        // The plugins' shared code (symlinked PluginsShared), target selection, the build plugin's commands and the
        // plugins run through `swift package`.
        .testTarget(
            name: "PluginTests",
            dependencies: ["ManagedCodegenConfig", "managed-codegen", "CodeGeneration", "ModelReader", "TestSupport"]
        ),
        // The README and the DocC catalog against the code: links, the command-line reference (generated from the
        // parser), the output manifest's file tables, the README's test command.
        .testTarget(
            name: "DocumentationTests",
            dependencies: ["managed-codegen", "Adoption", "ManagedCodegenConfig", "CodeGeneration", "ModelReader", "SampleValues", "TestSupport", "SourceAudit", "ModelLock", "ModelHistory"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
