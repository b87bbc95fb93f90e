import GenerationPlanning
import ManagedModel

extension GeneratedTestsPlanner {
    /// Sorting and filtering by a typed key (`ModelKeys`, the `ModelKey` of the `property-support` template) on a
    /// Mac: the first writable optional number attribute the class declares (`Int16?`, `Double?`: Swift-only,
    /// where `NSSortDescriptor(keyPath:ascending:)` traps), and the first optional Date declared `TimeInterval?`, each
    /// in its own test. The value is set to 3, 1 and 2 on three objects, which `NSSortDescriptor(_:ascending:)`
    /// orders 1, 2, 3 in memory (`NSArray.sortedArray(using:)`) and in a fetch whose predicate is the key's `isIn`;
    /// `evaluate(with:)` matches the object whose value `equals` says; the key's `observe` is called when the value
    /// changes (string KVO over the generated accessor's `willChangeValue(forKey:)` / `didChangeValue(forKey:)`).
    /// Nothing is saved: the fetch includes the context's pending objects (NSFetchRequest `includesPendingChanges`,
    /// true by default), so no other value need be valid, and Core Data evaluates the predicate in memory against
    /// the stored objects: a Date attribute's `NSDate`, which the date key must compare with dates, not numbers.
    /// Empty when the class declares no such attribute.
    func typedKeySortTests(for classPlan: ClassPlan, subject: String) -> [ConstraintTestPlan] {
        let optionalScalars = classPlan.attributes.filter { $0.declaration == .optionalScalar && $0.numberAccessor != "boolValue" }
        var tests: [ConstraintTestPlan] = []
        if let number = optionalScalars.first(where: { !$0.primitiveIsDate }) {
            tests.append(typedKeySortTest(
                of: number, in: classPlan, subject: subject, methodName: "testTypedKeySortsFiltersAndObserves",
                kind: "the optional scalar"))
        }
        if let date = optionalScalars.first(where: \.primitiveIsDate) {
            tests.append(typedKeySortTest(
                of: date, in: classPlan, subject: subject, methodName: "testTypedDateKeySortsFiltersAndObserves",
                kind: "a Date declared TimeInterval? that Core Data stores as an NSDate (compared with dates)"))
        }
        return tests
    }

    private func typedKeySortTest(
        of attribute: AttributePlan, in classPlan: ClassPlan, subject: String, methodName: String, kind: String
    ) -> ConstraintTestPlan {
        let className = model.typeReference(classPlan.className)
        let second = "\(subject)Second"
        let third = "\(subject)Third"
        let key = "\(className).ModelKeys.\(attribute.swiftName)"
        return ConstraintTestPlan(
            kind: .typedKeySort, methodName: methodName,
            summary: "`\(key)` sorts, filters and observes " + (attribute.primitiveIsDate
                ? "`\(attribute.key)`, \(kind)" : "\(kind) `\(attribute.key)`") + ", where a Swift key path to it traps.",
            statements: [
                "let \(second) = make\(classPlan.className)(in: context)",
                "let \(third) = make\(classPlan.className)(in: context)",
                "\(subject).\(attribute.swiftName) = 3",
                "\(second).\(attribute.swiftName) = 1",
                "\(third).\(attribute.swiftName) = 2",
                "let byKey = [NSSortDescriptor(\(key), ascending: true)]",
                "let sorted = ([\(subject), \(second), \(third)] as NSArray).sortedArray(using: byKey).compactMap { $0 as? \(className) }",
                "assertEqual(sorted, [\(second), \(third), \(subject)])",
                "let request: NSFetchRequest<\(className)> = \(className).fetchRequest()",
                "request.predicate = \(key).isIn([1, 2, 3])",
                "request.sortDescriptors = byKey",
                "let fetched = try context.fetch(request).filter { [\(subject), \(second), \(third)].contains($0) }",
                "assertEqual(fetched, [\(second), \(third), \(subject)])",
                "assertTrue(\(key).equals(1).evaluate(with: \(second)))",
                "assertFalse(\(key).isGreater(than: 2).evaluate(with: \(third)))",
                "var observed = 0",
                "let observation = \(key).observe(\(subject)) { _ in observed += 1 }",
                "\(subject).\(attribute.swiftName) = 4",
                "withExtendedLifetime(observation) { assertTrue(observed > 0) }",
            ],
            subject: subject)
    }
}
