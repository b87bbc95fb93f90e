/// Every setting of a generation run that changes the generated text.
///
/// Output folders are not here: they belong to ``OutputWriter``, because the same generated files
/// can be written, checked, or compared in memory.
package struct GeneratorOptions: Hashable, Sendable {
    /// The access level of generated declarations.
    package enum AccessLevel: String, Hashable, Sendable, CaseIterable {
        case `public`
        case `internal`
    }

    package var accessLevel: AccessLevel
    /// The module the generated files are compiled into. Used to decide whether a
    /// `representedClassName` of the form `Module.Name` belongs to this module; nil accepts any module.
    package var moduleName: String?
    /// Modules imported by every generated file, after `CoreData` and `Foundation`.
    package var additionalImports: [String]
    /// Entity names to generate; nil generates every entity with a custom class.
    package var includedEntities: [String]?
    /// Entity names never generated; applied after `includedEntities`.
    package var excludedEntities: [String]
    /// A model configuration's name: only its member entities are generated.
    package var configurationName: String?
    /// A folder whose `*.mustache` files replace the bundled templates of the same name.
    package var templatesDirectory: String?
    /// Also generate entities whose Codegen setting is Class Definition or Category/Extension.
    /// Off by default: Xcode generates those classes itself and the two would collide.
    package var generateXcodeCodegenEntities: Bool
    /// Also generate `<Model>ModelTests.swift` (kind `.tests`): XCTest round-trip and constraint tests.
    /// Off by default, so runs without a tests folder neither plan tests nor report their warnings.
    package var generatesTests: Bool
    /// Also generate `<Model>PreviewData.swift` (kind `.support`, `--preview-data`): valid, deterministic objects for
    /// SwiftUI previews and the app's tests. Off by default, so runs without it plan nothing and warn about nothing.
    package var generatesPreviewData: Bool = false
    /// Where the generated tests find the compiled model (`<Model>.momd`).
    package var testsModelBundle: TestsModelBundle
    /// Generate `ManagedValidation`, which every generated class uses. Off for all but one model when several
    /// models are combined into one file of one module (the build-tool plugin), which would declare it twice.
    package var generatesValidationSupport: Bool
    /// Added to a class's name to name its human file: `+Model` writes `Item+Model.swift`. Empty (`Item.swift`) by
    /// default; a suffix keeps the human files apart from another `Item.swift` in the same target, which SwiftPM
    /// refuses ("multiple producers").
    package var humanFileSuffix: String = ""
    /// How `init()` and `init(context:)` are declared: unavailable (the default), or deprecated while an app moves
    /// its call sites over from Xcode's, mogenerator's or SwiftGen's classes, which inherit both.
    package var inheritedInitializers: InheritedInitializers = .unavailable
    /// `cloudkit`: whether the model is checked against what `NSPersistentCloudKitContainer` accepts (`CloudKitCheck`).
    /// nil follows the model's "Used with CloudKit" marks; true checks every entity when nothing is marked; false
    /// checks nothing (a model Xcode's template marked that the app never syncs). Changes no generated text.
    package var cloudKit: Bool?

    /// `inherited-initializers`: what `Item()` and `Item(context:)` do in app code.
    package enum InheritedInitializers: String, Hashable, Sendable, CaseIterable {
        /// A compile error naming the designated initializer.
        case unavailable
        /// A warning naming the designated initializer; the call works as `NSManagedObject`'s own initializer does.
        case deprecated
    }

    /// The bundle holding the compiled model at test time.
    package enum TestsModelBundle: String, Hashable, Sendable, CaseIterable {
        /// `Bundle(for: <a generated class>.self)`: the bundle of the module that compiles the generated
        /// classes, which is where Xcode's app and framework targets put the model.
        case `class`
        /// `Bundle.main`: the app bundle, for tests hosted by the app.
        case main
        /// `Bundle.module`: a SwiftPM resource bundle (the model declared as a resource of the test target).
        case module
    }

    package init(
        accessLevel: AccessLevel = .public, moduleName: String? = nil, additionalImports: [String] = [],
        includedEntities: [String]? = nil, excludedEntities: [String] = [], configurationName: String? = nil,
        templatesDirectory: String? = nil, generateXcodeCodegenEntities: Bool = false,
        generatesTests: Bool = false, testsModelBundle: TestsModelBundle = .class, generatesValidationSupport: Bool = true,
        humanFileSuffix: String = "", inheritedInitializers: InheritedInitializers = .unavailable, cloudKit: Bool? = nil,
        generatesPreviewData: Bool = false
    ) {
        self.generatesPreviewData = generatesPreviewData
        self.cloudKit = cloudKit
        self.humanFileSuffix = humanFileSuffix
        self.inheritedInitializers = inheritedInitializers
        self.accessLevel = accessLevel
        self.moduleName = moduleName
        self.additionalImports = additionalImports
        self.includedEntities = includedEntities
        self.excludedEntities = excludedEntities
        self.configurationName = configurationName
        self.templatesDirectory = templatesDirectory
        self.generateXcodeCodegenEntities = generateXcodeCodegenEntities
        self.generatesTests = generatesTests
        self.testsModelBundle = testsModelBundle
        self.generatesValidationSupport = generatesValidationSupport
    }
}
