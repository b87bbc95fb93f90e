/// The templates shipped with the generator, compiled into the binary (`.embedInCode` in Package.swift): an
/// installed `managed-codegen` copied alone reads no resource bundle. Users override them by name with
/// `--templates DIR`.
public enum BundledTemplates {
    /// `(name without .mustache, UTF-8 bytes)` of every file in Templates/Swift, sorted by name.
    public static let sources: [(name: String, bytes: [UInt8])] = [
        ("attribute", PackageResources.attribute_mustache),
        ("composite", PackageResources.composite_mustache),
        ("entity-human", PackageResources.entity_human_mustache),
        ("entity-machine", PackageResources.entity_machine_mustache),
        ("file-header", PackageResources.file_header_mustache),
        ("initializer", PackageResources.initializer_mustache),
        ("model-support", PackageResources.model_support_mustache),
        ("model-tests", PackageResources.model_tests_mustache),
        ("property-support", PackageResources.property_support_mustache),
        ("typed-attribute", PackageResources.typed_attribute_mustache),
        ("typed-extras", PackageResources.typed_extras_mustache),
        ("validation-hooks", PackageResources.validation_hooks_mustache),
        ("validation-overrides", PackageResources.validation_overrides_mustache),
        ("validation-support", PackageResources.validation_support_mustache),
    ]
}
