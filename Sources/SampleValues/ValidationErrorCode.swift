/// Core Data's validation error codes (`CoreDataErrors.h`, `NSManagedObjectValidationError`), the
/// codes generated constraint tests expect in `NSError.code`.
package enum ValidationErrorCode: Int, Hashable, Sendable, CaseIterable {
    case multipleErrors = 1560
    case missingMandatoryProperty = 1570
    case relationshipLacksMinimumCount = 1580
    case relationshipExceedsMaximumCount = 1590
    case relationshipDeniedDelete = 1600
    case numberTooLarge = 1610
    case numberTooSmall = 1620
    case dateTooLate = 1630
    case dateTooSoon = 1640
    case invalidDate = 1650
    case stringTooLong = 1660
    case stringTooShort = 1670
    case stringPatternMatching = 1680

    /// The Core Data constant as written in Swift source (`NSValidationNumberTooSmallError`).
    package var constantName: String {
        switch self {
        case .multipleErrors: return "NSValidationMultipleErrorsError"
        case .missingMandatoryProperty: return "NSValidationMissingMandatoryPropertyError"
        case .relationshipLacksMinimumCount: return "NSValidationRelationshipLacksMinimumCountError"
        case .relationshipExceedsMaximumCount: return "NSValidationRelationshipExceedsMaximumCountError"
        case .relationshipDeniedDelete: return "NSValidationRelationshipDeniedDeleteError"
        case .numberTooLarge: return "NSValidationNumberTooLargeError"
        case .numberTooSmall: return "NSValidationNumberTooSmallError"
        case .dateTooLate: return "NSValidationDateTooLateError"
        case .dateTooSoon: return "NSValidationDateTooSoonError"
        case .invalidDate: return "NSValidationInvalidDateError"
        case .stringTooLong: return "NSValidationStringTooLongError"
        case .stringTooShort: return "NSValidationStringTooShortError"
        case .stringPatternMatching: return "NSValidationStringPatternMatchingError"
        }
    }
}
