import ManagedModel

/// Which validation hooks the user wrote (``ValidationHookScan``), matched against the classes: a bridge for
/// each property hook, `validateFor…` overrides for the consistency and deletion hooks, and a diagnostic at
/// the user's line for every `validate…` method in an extension of a generated class that Core Data would
/// never call.
///
/// Dispatch, which Swift cannot check (the Objective-C runtime does it):
/// - `validateValue(_:forKey:)` calls `validate<Key>:error:` when the object implements it (NSManagedObject
///   reference; Key-Value Coding Programming Guide, "Adding Validation": validation is opted into property by
///   property). Only a property whose hook exists gets such a method, so every other key costs nothing.
/// - The bridge is a member of the class body: a sub-class overrides it there (a method declared in an extension
///   can only be overridden when `dynamic`), and calls `super` first, so the hooks of every level run once,
///   the parent's first. A sub-class without a hook of its own inherits its parent's bridge.
/// - The typed hooks live in the user's extensions, where Swift cannot override them: a sub-class's hooks for
///   inherited properties, its consistency and its deletion hooks carry its class name
///   (`validateEmployeeName`, `validateEmployeeConsistency`).
extension GenerationPlanner {
    mutating func attachValidationHooks(to classes: inout [ClassPlan]) {
        guard !hooks.declarations.isEmpty else { return }
        var declarationsByType: [String: [ValidationHookScan.Declaration]] = [:]
        // `willMigrate…` declarations are the migration plan's hooks (MigrationPlanner), not validation hooks.
        for declaration in hooks.declarations where declaration.methodName.hasPrefix("validate") {
            declarationsByType[declaration.typeName, default: []].append(declaration)
        }
        let indexByName = Dictionary(classes.indices.map { (classes[$0].className, $0) }, uniquingKeysWith: { first, _ in first })
        /// The generated ancestors of a class, nearest first.
        func ancestors(of plan: ClassPlan) -> [ClassPlan] {
            var chain: [ClassPlan] = []
            var current = plan
            while current.superclassIsGenerated, let index = indexByName[current.superclassName], chain.count < classes.count {
                current = classes[index]
                chain.append(current)
            }
            return chain
        }

        for index in classes.indices {
            guard let declarations = declarationsByType[classes[index].className] else { continue }
            let plan = classes[index]
            let inheritedFrom = ancestors(of: plan)
            classes[index].validation = matched(declarations, plan: plan, ancestors: inheritedFrom)
        }
        // Parents are matched before their bridges are looked up: a bridge overrides the nearest ancestor's.
        for index in classes.indices where !classes[index].validation.bridges.isEmpty {
            let inherited = Set(ancestors(of: classes[index]).flatMap { $0.validation.bridges.map(\.selector) })
            for bridge in classes[index].validation.bridges.indices {
                classes[index].validation.bridges[bridge].isOverride = inherited.contains(classes[index].validation.bridges[bridge].selector)
            }
        }
    }

    /// The class's validation plan with the bridges and overrides for `declarations`, reporting the rest.
    private mutating func matched(
        _ declarations: [ValidationHookScan.Declaration], plan: ClassPlan, ancestors: [ClassPlan]
    ) -> ValidationPlan {
        var validation = plan.validation
        let className = plan.className
        // The hooks this class may have: its own properties', then those it inherits from generated classes.
        var candidates: [(hook: ValidationPlan.PropertyHook, name: String)] = validation.propertyHooks.map { ($0, $0.methodName) }
        /// `validateName` of an inherited property -> the class whose hook that name is, and this class's name for it.
        var inheritedNames: [String: (owner: String, name: String)] = [:]
        var seenKeys = Set(candidates.map(\.hook.key))
        for ancestor in ancestors {
            for hook in ancestor.validation.propertyHooks where seenKeys.insert(hook.key).inserted {
                let name = String.capitalizing(hook.key, after: String(concatenating: "validate", className))
                candidates.append((hook, name))
                inheritedNames[hook.methodName] = (ancestor.className, name)
            }
        }
        let ownClassNames = ["validateConsistency", "validateDeletion"]
        var written: [String: ValidationPlan.Bridge] = [:]
        for declaration in declarations {
            let location = declaration.location
            let parameters = declaration.parameters
            let signature = "\(declaration.methodName)(\(parameters.map { "\($0.label == "_" ? "_" : $0.label):" }.joined()))"
            // A hand-written Key-Value Coding method (`validateName(_ value: AutoreleasingUnsafeMutablePointer<…>)`) is
            // the user's own bridge.
            if parameters.contains(where: { $0.type.hasPrefix("AutoreleasingUnsafeMutablePointer") }) { continue }
            func reportNeverCalled(_ reason: String) {
                diagnostics.report(GenerationRules.hookNeverCalled, "\(signature) in \(className) is never called: \(reason)", at: location)
            }
            switch declaration.methodName {
            case validation.consistencyHookName:
                if parameters.isEmpty {
                    validation.hasConsistencyHook = true
                    validation.consistencyRejectedState = declaration.rejectedSample
                } else {
                    reportNeverCalled(
                        "the consistency hook takes no parameters, 'func \(validation.consistencyHookName)() throws'")
                }
            case validation.deletionHookName:
                if parameters.count == 1, parameters[0].label == "_", parameters[0].type == "[String:Any]" {
                    validation.hasDeletionHook = true
                    validation.deletionRejectedState = declaration.rejectedSample
                } else {
                    reportNeverCalled(
                        "the deletion hook takes the values last saved, "
                            + "'func \(validation.deletionHookName)(_ committedValues: [String: Any]) throws' "
                            + "(the object's own properties may already be cleared when it runs)")
                }
            case let name where ownClassNames.contains(name) && plan.superclassIsGenerated:
                let own = name == "validateConsistency" ? validation.consistencyHookName : validation.deletionHookName
                reportNeverCalled(
                    "\(className) is a sub-class of \(plan.superclassName), "
                        + "whose \(name) Swift cannot override from an extension; name it '\(own)' "
                        + "(it runs after \(plan.superclassName)'s checks)")
            default:
                if let candidate = candidates.first(where: { $0.name == declaration.methodName }) {
                    guard let bridge = bridge(for: declaration, candidate.hook, hookName: candidate.name, className: className)
                    else { continue }
                    written[candidate.hook.selector] = bridge
                } else if let inherited = inheritedNames[declaration.methodName] {
                    reportNeverCalled(
                        "it is \(inherited.owner)'s hook for the inherited property, "
                            + "and Swift cannot override a method declared in an extension; name it '\(inherited.name)' "
                            + "(it runs after \(inherited.owner)'s)")
                } else {
                    let known = candidates.map(\.name) + [validation.consistencyHookName, validation.deletionHookName]
                    // A misspelt hook (`validateNmae`) gets the one it was meant to be, written as it is declared.
                    let suggestion = SpellingSuggestion.closest(to: declaration.methodName, in: known).map { name in
                        "did you mean `\(name)(\(name == validation.consistencyHookName ? "" : "_:"))`? "
                    }
                    diagnostics.report(
                        GenerationRules.hookUnknown,
                        "\(signature) in an extension of \(className) matches no validation hook, so Core Data never calls it; "
                            + (suggestion ?? "") + "\(className)'s hooks are \(known.joined(separator: ", "))", at: location)
                }
            }
        }
        validation.bridges = candidates.compactMap { written[$0.hook.selector] }
        return validation
    }

    /// The bridge for a property hook the user wrote, or nil (and an error) when its signature cannot be called.
    private mutating func bridge(
        for declaration: ValidationHookScan.Declaration, _ hook: ValidationPlan.PropertyHook, hookName: String, className: String
    ) -> ValidationPlan.Bridge? {
        let expected = "func \(hookName)(_ \(hook.parameterName): \(hook.typeName)) throws"
        let parameters = declaration.parameters
        guard parameters.count == 1, parameters[0].label == "_" else {
            diagnostics.report(
                GenerationRules.hookWrongParameter,
                "\(declaration.methodName) in \(className) cannot be called as the hook of '\(hook.key)': it must take one "
                    + "unlabeled parameter, '\(expected)'", at: declaration.location)
            return nil
        }
        let type = parameters[0].type
        var conversion = hook.conversion
        if type == Self.withoutSpaces(hook.typeName) {
            // The hook as expected.
        } else if let legacy = hook.legacyTypeName, type == Self.withoutSpaces(legacy), let legacyConversion = hook.legacyConversion {
            diagnostics.report(
                GenerationRules.hookLegacyParameter,
                "\(declaration.methodName)(_:) takes \(legacy), which converts the whole relationship (and fires its faults) on every "
                    + "validation; take \(hook.typeName) instead: '\(expected)'", at: declaration.location)
            conversion = legacyConversion
        } else {
            diagnostics.report(
                GenerationRules.hookWrongParameter,
                "\(declaration.methodName)(_:) in \(className) takes \(type), but '\(hook.key)' is validated as \(hook.typeName): "
                    + "'\(expected)'", at: declaration.location)
            return nil
        }
        return .init(
            selector: hook.selector, bridgeName: hook.methodName, hookName: hookName, parameterName: hook.parameterName,
            conversion: conversion, isOverride: false, key: hook.key, rejectedSample: declaration.rejectedSample)
    }

    static func withoutSpaces(_ type: String) -> String {
        var text = ""
        var previous: Character?
        var pendingSpace = false
        for character in type {
            if character == " " {
                pendingSpace = true
                continue
            }
            // A space stays only between two word characters (`inout String`).
            if pendingSpace, let previous, previous.isLetter || previous.isNumber || previous == "_",
                character.isLetter || character.isNumber || character == "_"
            {
                text.append(" ")
            }
            pendingSpace = false
            text.append(character)
            previous = character
        }
        return text
    }
}
