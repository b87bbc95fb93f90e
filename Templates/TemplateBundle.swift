/// The templates shipped with the generator, compiled into the binary as string literals
/// (`BundledTemplates.sources`, in EmbeddedTemplates.swift, which scripts/embed-templates.sh writes from Templates/Swift):
/// an installed `managed-codegen` copied alone reads no resource bundle. Users override them by name with
/// `--templates DIR`.
package enum BundledTemplates {}
