// swift-tools-version: 6.1
import PackageDescription

// An app package using both ManagedCodegen plugins on one Core Data model:
// - Inventory: full NSManagedObject subclasses, written into Sources/Inventory/Generated and .../Model by
//   `swift package --allow-writing-to-package-directory generate-managed-objects`.
// - InventoryKeys: key-name constants, generated on every build (when the model changed) by
//   ManagedCodegenBuildPlugin with the templates in Sources/InventoryKeys/Templates. They need no Core Data,
//   so this target builds on Linux too.

#if os(Linux)
// Core Data exists only on Apple platforms: on Linux the generated Core Data classes are left out.
let coreDataSources = ["Generated", "Model"]
#else
let coreDataSources: [String] = []
#endif

let package = Package(
    name: "InventoryApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "Inventory", targets: ["Inventory", "InventoryKeys"])
    ],
    dependencies: [
        .package(name: "ManagedCodegen", path: "../..")
    ],
    targets: [
        .target(
            name: "Inventory",
            exclude: ["managed-codegen.yml"] + coreDataSources,
            resources: [.process("Inventory.xcdatamodeld")]
        ),
        .target(
            name: "InventoryKeys",
            // Inputs of the build-tool plugin, not sources.
            exclude: ["Inventory.xcdatamodeld", "managed-codegen.yml", "Templates"],
            plugins: [.plugin(name: "ManagedCodegenBuildPlugin", package: "ManagedCodegen")]
        ),
    ]
)
