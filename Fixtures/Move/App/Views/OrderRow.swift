import SwiftUI

struct OrderRow: View {
    let order: Order

    var body: some View {
        HStack {
            Text(order.customer?.displayName ?? "")
            if order.itemCount == 0 {
                Text("Empty")
            }
            if order.isPaid == false {
                Text("Unpaid")
            }
            if 0 != order.total {
                Text(order.total, format: .currency(code: "EUR"))
            }
            if order.itemCount == 5 {
                Text("Five")
            }
            if order.remoteID != 0 {
                Text("Synced")
            }
            if order.id == 0 {
                Text("Draft")
            }
        }
    }
}
