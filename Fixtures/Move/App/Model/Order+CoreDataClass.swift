//
//  Order+CoreDataClass.swift
//  Shop
//

import Foundation
import CoreData

@objc(Order)
public class Order: NSManagedObject {
    var isEmpty: Bool { itemCount == 0 }

    func markPaid() {
        isPaid = true
    }
}
