// swift-tools-version: 6.1
import PackageDescription

// Stages: ModelReader (XML -> Schema) -> CodeGeneration (Schema -> planned declarations -> rendered files -> written files).
// ManagedModel holds the value types passed between stages; the CLI and plugins are thin shells around them.
let package = Package(
    name: "ManagedCodegen",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "managed-codegen", targets: ["managed-codegen"]),
        .library(name: "ManagedCodegenCore", targets: ["ModelReader", "CodeGeneration"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "ManagedModel"),
        .target(
            name: "ModelReader",
            dependencies: [
                "ManagedModel",
                .target(name: "CLibXML2", condition: .when(platforms: [.linux])),
            ],
            linkerSettings: [.linkedLibrary("xml2", .when(platforms: [.macOS]))]
        ),
        .target(name: "SampleValues", dependencies: ["ManagedModel"]),
        .target(
            name: "ManagedCodegenTemplates",
            path: "Templates",
            exclude: ["README.md"],
            sources: ["TemplateBundle.swift"],
            resources: [.copy("Swift")]
        ),
        .target(
            name: "CodeGeneration",
            dependencies: [
                "ManagedModel", "SampleValues", "ManagedCodegenTemplates",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .executableTarget(
            name: "managed-codegen",
            dependencies: [
                "ModelReader", "CodeGeneration",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ModelReaderTests", dependencies: ["ModelReader"]),
        .testTarget(name: "SampleValuesTests", dependencies: ["SampleValues"]),
        .testTarget(name: "CodeGenerationTests", dependencies: ["CodeGeneration", "ModelReader"]),
        // Runs the built `managed-codegen` binary: exit status, stderr format, files on disk (hostile input,
        // unusable destinations, concurrent runs, determinism).
        .testTarget(name: "ManagedCodegenCLITests", dependencies: ["managed-codegen"], exclude: ["Inputs"]),
        .testTarget(
            name: "TypeCheckTests",
            dependencies: ["CodeGeneration", "ModelReader"],
            exclude: ["StubSDK", "Samples", "AcceptanceCases.json"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
