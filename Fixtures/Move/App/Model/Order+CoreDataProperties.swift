//
//  Order+CoreDataProperties.swift
//  Shop
//

import Foundation
import CoreData

extension Order {

    @nonobjc public class func fetchRequest() -> NSFetchRequest<Order> {
        return NSFetchRequest<Order>(entityName: "Order")
    }

    @NSManaged public var id: Int64
    @NSManaged public var isPaid: Bool
    @NSManaged public var itemCount: Int16
    @NSManaged public var placedAt: Date?
    @NSManaged public var remoteID: Int
    @NSManaged public var total: Double
    @NSManaged public var customer: Customer?

}

extension Order : Identifiable {

}
