import CoreData

// The app's hook of the Journal migration plan (Fixtures/MigrationPlan/Journal): 'Journal 4' makes Entry.mood
// required without a default, so entries saved before it without a mood get one before their store migrates.
extension JournalMigrationPlan {
    nonisolated static func willMigrateJournal2ToJournal4(_ context: NSManagedObjectContext) throws {
        let request = NSFetchRequest<NSManagedObject>(entityName: "Entry")
        request.predicate = NSPredicate(format: "mood == nil")
        for entry in try context.fetch(request) {
            entry.setValue("calm", forKey: "mood")
        }
    }
}
