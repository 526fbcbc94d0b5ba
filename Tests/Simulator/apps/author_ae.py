"""Three simulated apps by author-ae, each a 12-minute session of a TCA app as its debug log.

pos (TablePoint): a restaurant's point-of-sale app on the counter iPad. The person at the
counter rings up orders (menu taps, the odd quantity change, a menu search, a discount code),
sends them to the kitchen, splits bills, takes card or cash payments and now and then a refund,
taps tables on the floor plan and runs the end-of-shift report near the end. Orders from the
waiters' handhelds arrive, the kitchen display pushes each ticket's status and a heartbeat, the
floor plan receives other devices' table changes and a periodic snapshot, the menu's sold-out
items are pushed and re-synced, the Bluetooth card reader reports its signal, battery and
connection (and drops once) and walks through a payment's steps (the customer's PIN digits
among them), the printer is polled and prints receipts, the cash drawer opens and closes, the
waiters' handhelds check in every 10 s, each open order's row refreshes its waiting time every
5 s and a one-second clock drives the header. Lunch-rush phases alternate with quiet ones.

filesync (Cloudbox): a file sync client on an iPad. A file system watcher streams batches
of local events (editors' autosaves and temp files among them); the changes it finds are queued
as uploads, which report progress until they complete or fail and retry; a long poll returns
empty every half minute or so, or with changes from the person's other devices, whose delta is
then downloaded; the quota and the activity feed refresh on timers and a throughput meter
samples the transfers. The person browses folders in a navigation stack (thumbnails load as a
folder appears), searches, previews a file and swipes its pages, shares a link, resolves
conflicts, pauses and resumes sync, and for a while goes offline (the transfers fail and wait).

pttradio (TalkGroup): a push-to-talk walkie-talkie for a team of field workers. The person
joins a channel and gets its roster; members' locations are pushed every few seconds and their
presence changes now and then; when a member takes the floor, the speaker indicator turns on and
the incoming stream reports audio levels and jitter-buffer stats until the floor is released;
when the person holds the talk button, the floor is requested and granted (or denied), the
microphone streams levels, packets are flushed and an elapsed timer runs until release. The
network is probed every few seconds, the connection drops once and reconnects, text messages
arrive and the person types and sends some, changes the volume and mutes, switches channels,
and an emergency alert from a teammate is raised and acknowledged (and cleared later).
"""

import math

from tcasim import A, App, Arr, Dic, En, NIL, Raw, St, Struct, boolean, either, noise, num, q, signal, text

AUTHOR = "author-ae"


def money(x):
    return round(x + 1e-9, 2)


# =============================================================================== pos

MENU = [(101, "Flat White", 4.2), (102, "Americano", 3.6), (103, "Cappuccino", 4.0), (104, "Iced Latte", 4.6),
        (201, "Croissant", 3.1), (202, "Banana Bread", 3.8), (203, "Granola Bowl", 7.9),
        (301, "Club Sandwich", 11.5), (302, "Caesar Salad", 10.9), (303, "Soup of the Day", 7.5),
        (304, "Chicken Burger", 13.9), (305, "Veggie Burger", 12.9), (306, "Fish & Chips", 15.5),
        (307, "Mushroom Risotto", 14.2), (401, "Fries", 4.5), (402, "Side Salad", 4.0),
        (501, "Lemonade", 3.9), (502, "Sparkling Water", 2.8), (503, "House Red (glass)", 6.5),
        (601, "Cheesecake", 6.2), (602, "Brownie", 4.9)]
PRICE = {i: p for i, _, p in MENU}
ITEM = {i: n for i, n, _ in MENU}
SEARCHES = ["soup", "burger", "latte", "risotto", "fries", "cheese", "salad"]
CODES = ["STAFF10", "LUNCH15", "HAPPY20", "STUDENT5"]
WAITERS = ["Maya", "Jonas", "Priya", "Tom"]
TABLES = list(range(1, 15))


class TablePoint(App):
    """TablePoint, the counter iPad of a restaurant."""

    name = "pos"
    module = "TablePoint"
    process = "TablePoint"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.order_ids = []             # the orders array's ids, in order
        self.meta = {}                  # order id -> {"total", "paid", "source", "number", "table"}
        self.next_number = 100 + rng.randint(1, 60)
        self.line_ids = []
        self.ticket_id = self.uid()
        self.sold_out = set()
        self.reader_connected = True
        self.battery = rng.uniform(0.55, 0.95)
        self.paper = 1.0
        self.clock = 0
        self.handheld_battery = {w: rng.randint(30, 100) for w in WAITERS}
        tables = {}
        self.table_status = {}
        for n in TABLES:
            s = rng.choice(["available", "available", "seated", "ordered", "dirty"])
            self.table_status[n] = s
            tables[n] = self.table_state(n, s, rng.randint(2, 4) if s in ("seated", "ordered") else 0)
        self.state = St(self.st("AppFeature"), [
            ("register", St(self.st("Register"), [
                ("ticket", self.ticket_state()), ("search", text("")), ("discountCode", text("")),
                ("splitWays", num(1)), ("isSendingToKitchen", boolean(False))])),
            ("orders", St(self.st("Orders"), [("orders", Arr()), ("selection", NIL)])),
            ("payment", NIL),
            ("alert", NIL),
            ("floor", St(self.st("FloorPlan"), [("tables", Dic(tables, quoted=False)), ("selectedTable", NIL),
                                                ("lastSnapshotAt", NIL)])),
            ("kitchen", St(self.st("Kitchen"), [("isConnected", boolean(True)), ("lastHeartbeatAt", NIL),
                                                ("openTickets", num(0))])),
            ("cardReader", St(self.st("CardReader"), [
                ("connection", self.case("connected", "CardReader.Connection")),
                ("batteryLevel", num(round(self.battery, 2))), ("signalStrength", num(-60)),
                ("serialNumber", text("WPE3%06d" % rng.randrange(10 ** 6)))])),
            ("printer", St(self.st("Printer"), [("status", self.case("ready", "Printer.Status")),
                                                ("paper", self.case("ok", "Printer.Paper")),
                                                ("jobsPrinted", num(0))])),
            ("cashDrawer", St(self.st("CashDrawer"), [("isOpen", boolean(False)), ("float", num(200.0))])),
            ("menu", St(self.st("Menu"), [("soldOut", Arr()), ("lastSyncedAt", NIL)])),
            ("handhelds", Dic({w: St("Handheld", [("battery", num(self.handheld_battery[w])), ("lastSeenAt", NIL)])
                               for w in WAITERS})),
            ("shiftReport", NIL),
            ("now", self.date(0))])

    # -- values
    def table_state(self, n, status, guests):
        return St("Table", [("number", num(n)), ("status", self.case(status, "Table.Status")),
                            ("guests", num(guests))])

    def ticket_state(self, table=None):
        self.ticket_id = self.uid()
        self.line_ids = []
        return St("Ticket", [("id", self.uuid_value(self.ticket_id)), ("table", NIL if table is None else num(table)),
                             ("lines", Arr()), ("discount", NIL), ("subtotal", num(0.0)), ("total", num(0.0))])

    def order_state(self, oid, number, source, table, lines, total):
        return St("Order", [("id", self.uuid_value(oid)), ("number", num(number)), ("source", text(source)),
                            ("table", NIL if table is None else num(table)), ("itemCount", num(lines)),
                            ("total", num(total)), ("status", self.case("open", "Order.Status")),
                            ("kitchenStatus", self.case("sent", "KitchenStatus")), ("elapsed", num(0))])

    def uarg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def reg(self, inner):
        return self.act("register", inner)

    def order_row(self, oid, inner):
        return self.act("orders", A(self.at("Orders"), "orders", self.element("OrderRow", self.uarg(oid), inner)))

    def opath(self, oid, *rest):
        return ("orders", "orders", ("i", self.order_ids.index(oid))) + rest

    def pay(self, inner):
        return self.act("payment", A("PresentationAction<%s>" % self.at("Payment"), "presented", inner))

    def reader_event(self, event):
        return self.pay(A(self.at("Payment"), "readerEvent", event))

    def recompute(self):
        lines = self.get(("register", "ticket", "lines")).items
        sub = money(sum(float(l.f["price"].cd) * int(l.f["quantity"].cd) for l in lines))
        disc = self.get(("register", "ticket", "discount"))
        pct = 0 if disc is NIL else int(disc.f["percent"].cd)
        self.set(("register", "ticket", "subtotal"), num(sub))
        self.set(("register", "ticket", "total"), num(money(sub * (100 - pct) / 100.0)))

    # -- noise: the machine's own pace
    @noise
    def timer_ticked(self):
        self.clock += 1
        self.set(("now",), self.date(self.clock))
        return self.act("timerTicked")

    # reason: each open order's row runs its own 5 s timer for its "waiting 4:10" label
    @noise
    def row_timer(self, oid):
        if oid not in self.order_ids:
            return None
        path = self.opath(oid, "elapsed")
        self.set(path, num(int(self.get(path).cd) + 5))
        return self.order_row(oid, A(self.at("OrderRow"), "timerTicked"))

    # reason: each waiter's handheld checks in every 10 s; its battery nudges down now and then
    @noise
    def handheld_presence(self, w):
        if self.rng.random() < 0.05:
            self.handheld_battery[w] = max(5, self.handheld_battery[w] - 1)
        self.set(("handhelds", ("k", w), "battery"), num(self.handheld_battery[w]))
        self.set(("handhelds", ("k", w), "lastSeenAt"), self.date())
        return self.act("handhelds", A(self.at("Handhelds"), "presenceReceived", Struct("DevicePresence", [
            ("waiter", q(w)), ("battery", Raw(str(self.handheld_battery[w]))), ("app", q("TablePoint Go 4.2"))])))

    @noise
    def signal_strength(self):
        v = -60 + int(round(self.rng.gauss(0, 3))) if self.reader_connected else -95
        self.set(("cardReader", "signalStrength"), num(v))
        return self.act("cardReader", A(self.at("CardReader"), "signalStrengthUpdated", rssi=Raw(str(v))))

    @noise
    def battery_level(self):
        self.battery = max(0.05, self.battery - self.rng.uniform(0.0, 0.006))
        level = round(self.battery, 2)
        self.set(("cardReader", "batteryLevel"), num(level))
        return self.act("cardReader", A(self.at("CardReader"), "batteryLevelUpdated", Raw(repr(level))))

    # reason: a timer's retry while the reader is away; the connection change itself is the event
    @noise
    def reconnect_timer(self, attempt):
        self.set(("cardReader", "connection"), self.case("reconnecting", "CardReader.Connection"))
        return self.act("cardReader", A(self.at("CardReader"), "reconnectTimerFired", attempt=Raw(str(attempt))))

    # reason: a 5 s status poll; it re-sends the same status, paper running low shows up as a nudge in it
    @noise
    def printer_polled(self):
        paper = "ok" if self.paper > 0.2 else ("low" if self.paper > 0.0 else "out")
        self.set(("printer", "paper"), self.case(paper, "Printer.Paper"))
        return self.act("printer", A(self.at("Printer"), "statusResponse", self.result("PrinterStatus", True, Struct(
            "PrinterStatus", [("online", Raw("true")), ("coverOpen", Raw("false")),
                              ("paper", Raw(".%s" % paper))]))))

    @noise
    def kitchen_heartbeat(self):
        self.set(("kitchen", "lastHeartbeatAt"), self.date())
        return self.act("kitchen", A(self.at("Kitchen"), "heartbeatReceived", Struct("KitchenHeartbeat", [
            ("displayID", q("KDS-1")), ("openTickets", Raw(self.get(("kitchen", "openTickets")).cd))])))

    # reason: a full snapshot every 15 s re-sends what the table events already said
    @noise
    def floor_snapshot(self):
        self.set(("floor", "lastSnapshotAt"), self.date())
        busy = sum(1 for s in self.table_status.values() if s != "available")
        return self.act("floor", A(self.at("FloorPlan"), "snapshotReceived", Struct(
            "FloorSnapshot", [("tables", Raw(str(len(TABLES)))), ("occupied", Raw(str(busy))),
                              ("revision", Raw(str(1000 + self.clock // 15)))])))

    # reason: a once-a-minute menu re-sync; the sold-out pushes already changed the list
    @noise
    def menu_synced(self):
        self.set(("menu", "lastSyncedAt"), self.date())
        return self.act("menu", A(self.at("Menu"), "syncResponse", self.result("MenuSnapshot", True, Struct(
            "MenuSnapshot", [("items", Raw(str(len(MENU)))), ("soldOut", Raw(str(len(self.sold_out))))]))))

    # reason: the person asked for the report, but its progress only nudges one number until the response
    @noise
    def report_progress(self, p):
        self.set(("shiftReport", "progress"), num(p))
        return self.act("shiftReport", A("PresentationAction<%s>" % self.at("ShiftReport"), "presented",
                                         A(self.at("ShiftReport"), "generationProgress", Raw(repr(p)))))

    # -- either
    # reason: the search field's binding, one record per keystroke
    @either
    def search_typed(self, s):
        self.set(("register", "search"), text(s))
        return self.reg(self.binding("Register", "search", q(s)))

    # reason: the discount code field's binding, one record per keystroke
    @either
    def code_typed(self, s):
        self.set(("register", "discountCode"), text(s))
        return self.reg(self.binding("Register", "discountCode", q(s)))

    # reason: the customer's keystrokes on the reader's PIN pad (a count going up), inside a payment
    @either
    def pin_digit(self, n):
        self.set(("payment", "pinDigits"), num(n))
        return self.reader_event(A("CardReaderEvent", "pinDigitEntered", count=Raw(str(n))))

    # -- signal: the person
    @signal
    def new_order_tapped(self, table):
        self.set(("register", "ticket"), self.ticket_state(table))
        self.set(("register", "splitWays"), num(1))
        self.set(("register", "discountCode"), text(""))
        return self.reg(A(self.at("Register"), "newOrderButtonTapped", table=Raw("nil" if table is None else str(table))))

    @signal
    def menu_item_tapped(self, item):
        lines = self.get(("register", "ticket", "lines"))
        for i, l in enumerate(lines.items):
            if l.f["menuItemID"].cd == str(item):
                self.set(("register", "ticket", "lines", ("i", i), "quantity"), num(int(l.f["quantity"].cd) + 1))
                break
        else:
            lid = self.uid()
            self.line_ids.append(lid)
            self.append(("register", "ticket", "lines"), St("LineItem", [
                ("id", self.uuid_value(lid)), ("menuItemID", num(item)), ("name", text(ITEM[item])),
                ("quantity", num(1)), ("price", num(PRICE[item]))]))
        self.recompute()
        return self.reg(A(self.at("Register"), "menuItemTapped", id=Raw(str(item))))

    @signal
    def quantity_stepped(self, index, delta):
        if index >= len(self.line_ids):
            return None
        path = ("register", "ticket", "lines", ("i", index), "quantity")
        qn = int(self.get(path).cd) + delta
        lid = self.line_ids[index]
        action = self.reg(A(self.at("Register"), "lines", self.element(
            "LineItem", self.uarg(lid), A(self.at("LineItem"), "incrementButtonTapped" if delta > 0
                                          else "decrementButtonTapped"))))
        if qn <= 0:
            self.remove_at(("register", "ticket", "lines"), index)
            self.line_ids.pop(index)
        else:
            self.set(path, num(qn))
        self.recompute()
        return action

    @signal
    def apply_code_tapped(self):
        return self.reg(A(self.at("Register"), "applyDiscountButtonTapped"))

    @signal
    def discount_response(self, code, ok):
        if ok:
            pct = int("".join(c for c in code if c.isdigit()))
            self.set(("register", "ticket", "discount"), St("Discount", [("code", text(code)), ("percent", num(pct))]))
            self.recompute()
            payload = Struct("Discount", [("code", q(code)), ("percent", Raw(str(pct)))])
        else:
            self.set(("register", "discountCode"), text(""))
            payload = Struct("DiscountError", [("reason", q("expired"))])
        return self.reg(A(self.at("Register"), "discountResponse", self.result("Discount", ok, payload)))

    @signal
    def send_to_kitchen(self):
        self.set(("register", "isSendingToKitchen"), boolean(True))
        return self.reg(A(self.at("Register"), "sendToKitchenButtonTapped"))

    @signal
    def kitchen_ack(self, source):
        t = self.get(("register", "ticket"))
        oid = self.ticket_id
        number = self.next_number
        self.next_number += 1
        total = float(t.f["total"].cd)
        count = sum(int(l.f["quantity"].cd) for l in t.f["lines"].items)
        table = None if t.f["table"] is NIL else int(t.f["table"].cd)
        self.order_ids.append(oid)
        self.meta[oid] = {"total": total, "paid": False, "source": source, "number": number, "table": table}
        self.append(("orders", "orders"), self.order_state(oid, number, source, table, count, total))
        self.set(("register", "isSendingToKitchen"), boolean(False))
        self.set(("register", "ticket"), self.ticket_state())
        self.set(("register", "search"), text(""))
        self.set(("register", "discountCode"), text(""))
        self.set(("kitchen", "openTickets"), num(int(self.get(("kitchen", "openTickets")).cd) + 1))
        self.spawn(self.kitchen_progress(oid))
        self.spawn(self.row_clock(oid))
        return self.reg(A(self.at("Register"), "sendToKitchenResponse", self.result("KitchenTicket", True, Struct(
            "KitchenTicket", [("orderNumber", Raw(str(number))), ("station", q("grill" if count > 2 else "bar"))]))))

    # reason: the split stepper's binding, one record per tap
    @signal
    def split_ways(self, n):
        self.set(("register", "splitWays"), num(n))
        return self.reg(self.binding("Register", "splitWays", Raw(str(n))))

    @signal
    def order_tapped(self, oid):
        self.set(("orders", "selection"), self.uuid_value(oid))
        return self.order_row(oid, A(self.at("OrderRow"), "tapped"))

    @signal
    def charge_tapped(self, oid, amount):
        self.set(("payment",), St(self.st("Payment"), [
            ("orderID", self.uuid_value(oid)), ("amount", num(amount)),
            ("kind", self.case("sale", "Payment.Kind")),
            ("step", self.case("waitingForCard", "Payment.Step")), ("pinDigits", num(0)), ("attempt", num(1))]))
        return self.order_row(oid, A(self.at("OrderRow"), "chargeButtonTapped", amount=Raw(repr(amount))))

    # reason: sent by the reader, but each is one step of the payment the person started (a status change)
    @signal
    def reader_step(self, event, step):
        if self.get(("payment",)) is NIL:
            return None
        self.set(("payment", "step"), self.case(step, "Payment.Step"))
        return self.reader_event(A("CardReaderEvent", event))

    @signal
    def authorization(self, oid, ok, refund=False):
        if self.get(("payment",)) is NIL:
            return None
        self.set(("payment", "step"), self.case("approved" if ok else "declined", "Payment.Step"))
        amount = self.get(("payment", "amount")).cd
        if ok:
            payload = Struct("Authorization", [("id", q("ch_" + self.uid()[:12].replace("-", "").lower())),
                                               ("amount", Raw(amount)), ("brand", q(self.rng.choice(
                                                   ["visa", "mastercard", "amex", "maestro"]))),
                                               ("last4", q("%04d" % self.rng.randrange(10000)))])
        else:
            payload = Struct("PaymentError", [("code", q(self.rng.choice(["do_not_honor", "insufficient_funds",
                                                                           "card_expired"])))])
        return self.pay(A(self.at("Payment"), "refundResponse" if refund else "authorizationResponse",
                          self.result("Authorization", ok, payload)))

    @signal
    def retry_tapped(self):
        if self.get(("payment",)) is NIL:
            return None
        self.set(("payment", "step"), self.case("waitingForCard", "Payment.Step"))
        self.set(("payment", "pinDigits"), num(0))
        self.set(("payment", "attempt"), num(int(self.get(("payment", "attempt")).cd) + 1))
        return self.pay(A(self.at("Payment"), "tryAgainButtonTapped"))

    @signal
    def payment_dismissed(self, oid, paid, refund=False):
        self.set(("payment",), NIL)
        if paid and oid in self.order_ids:
            self.meta[oid]["paid"] = not refund
            self.set(self.opath(oid, "status"), self.case("refunded" if refund else "paid", "Order.Status"))
        return self.act("payment", A("PresentationAction<%s>" % self.at("Payment"), "dismiss"))

    @signal
    def cash_tapped(self, oid, amount):
        return self.order_row(oid, A(self.at("OrderRow"), "cashButtonTapped", amount=Raw(repr(amount))))

    @signal
    def drawer_opened(self):
        self.set(("cashDrawer", "isOpen"), boolean(True))
        return self.act("cashDrawer", A(self.at("CashDrawer"), "opened"))

    @signal
    def drawer_closed(self, oid, amount):
        self.set(("cashDrawer", "isOpen"), boolean(False))
        if amount:
            self.set(("cashDrawer", "float"), num(money(float(self.get(("cashDrawer", "float")).cd) + amount)))
        if oid is not None and oid in self.order_ids:
            self.meta[oid]["paid"] = True
            self.set(self.opath(oid, "status"), self.case("paid", "Order.Status"))
        return self.act("cashDrawer", A(self.at("CashDrawer"), "closed"))

    @signal
    def no_sale_tapped(self):
        return self.act("cashDrawer", A(self.at("CashDrawer"), "noSaleButtonTapped"))

    @signal
    def print_tapped(self, oid):
        self.set(("printer", "status"), self.case("printing", "Printer.Status"))
        return self.order_row(oid, A(self.at("OrderRow"), "printReceiptButtonTapped"))

    @signal
    def print_response(self):
        ok = self.paper > 0.0
        self.paper = max(0.0, self.paper - self.rng.uniform(0.02, 0.05))
        self.set(("printer", "status"), self.case("ready" if ok else "error", "Printer.Status"))
        if ok:
            self.set(("printer", "jobsPrinted"), num(int(self.get(("printer", "jobsPrinted")).cd) + 1))
            payload = Struct("PrintJob", [("id", Raw(str(int(self.get(("printer", "jobsPrinted")).cd))))])
        else:
            payload = Struct("PrinterError", [("code", q("paperEmpty"))])
        return self.act("printer", A(self.at("Printer"), "printResponse", self.result("PrintJob", ok, payload)))

    @signal
    def paper_replaced(self):
        self.paper = 1.0
        self.set(("printer", "status"), self.case("ready", "Printer.Status"))
        return self.act("printer", A(self.at("Printer"), "paperReplacedButtonTapped"))

    @signal
    def no_receipt_tapped(self, oid):
        return self.order_row(oid, A(self.at("OrderRow"), "noReceiptButtonTapped"))

    @signal
    def refund_confirm(self, oid):
        self.set(("alert",), St("AlertState<Orders.Alert>", [("title", text("Refund order #%d?" % self.meta[oid]["number"]))]))
        return self.order_row(oid, A(self.at("OrderRow"), "refundMenuItemTapped"))

    @signal
    def alert_confirmed(self, oid):
        self.set(("alert",), NIL)
        self.meta[oid]["refunded"] = True
        self.set(("payment",), St(self.st("Payment"), [
            ("orderID", self.uuid_value(oid)), ("amount", num(self.meta[oid]["total"])),
            ("kind", self.case("refund", "Payment.Kind")),
            ("step", self.case("waitingForCard", "Payment.Step")), ("pinDigits", num(0)), ("attempt", num(1))]))
        return self.act("alert", A("PresentationAction<Orders.Alert>", "presented", A("Orders.Alert", "confirmRefund")))

    @signal
    def table_tapped(self, n):
        self.set(("floor", "selectedTable"), num(n))
        return self.act("floor", A(self.at("FloorPlan"), "tableTapped", Raw(str(n))))

    @signal
    def mark_clean(self, n):
        self.table_status[n] = "available"
        self.set(("floor", "tables", ("k", n), "status"), self.case("available", "Table.Status"))
        self.set(("floor", "tables", ("k", n), "guests"), num(0))
        return self.act("floor", A(self.at("FloorPlan"), "markCleanButtonTapped", table=Raw(str(n))))

    @signal
    def report_tapped(self):
        self.set(("shiftReport",), St(self.st("ShiftReport"), [("progress", num(0.0)), ("report", NIL)]))
        return self.act("shiftReportButtonTapped")

    @signal
    def report_response(self):
        paid = [m for m in self.meta.values() if m["paid"]]
        gross = money(sum(m["total"] for m in paid))
        self.set(("shiftReport", "progress"), num(1.0))
        self.set(("shiftReport", "report"), St("ShiftReport", [("orders", num(len(self.meta))),
                                                               ("paid", num(len(paid))), ("gross", num(gross))]))
        return self.act("shiftReport", A("PresentationAction<%s>" % self.at("ShiftReport"), "presented",
                                         A(self.at("ShiftReport"), "reportResponse", self.result(
                                             "ShiftReport", True, Struct("ShiftReport", [
                                                 ("orders", Raw(str(len(self.meta)))), ("gross", Raw(repr(gross))),
                                                 ("cashInDrawer", Raw(self.get(("cashDrawer", "float")).cd))])))))

    @signal
    def report_closed(self):
        self.set(("shiftReport",), NIL)
        return self.act("shiftReport", A("PresentationAction<%s>" % self.at("ShiftReport"), "dismiss"))

    # -- signal: events from elsewhere
    @signal
    def handheld_order(self, waiter, table):
        oid = self.uid()
        number = self.next_number
        self.next_number += 1
        items = self.rng.sample([m for m in MENU if m[0] not in self.sold_out], self.rng.randint(2, 7))
        total = money(sum(p for _, _, p in items))
        self.order_ids.append(oid)
        self.meta[oid] = {"total": total, "paid": False, "source": waiter, "number": number, "table": table}
        self.append(("orders", "orders"), self.order_state(oid, number, "handheld/" + waiter, table, len(items), total))
        self.set(("kitchen", "openTickets"), num(int(self.get(("kitchen", "openTickets")).cd) + 1))
        if self.table_status[table] in ("available", "seated"):
            self.table_status[table] = "ordered"
            self.set(("floor", "tables", ("k", table), "status"), self.case("ordered", "Table.Status"))
        self.spawn(self.kitchen_progress(oid))
        self.spawn(self.row_clock(oid))
        return self.act("orders", A(self.at("Orders"), "orderReceived", Struct("Order", [
            ("id", self.uarg(oid)), ("number", Raw(str(number))), ("table", Raw(str(table))),
            ("waiter", q(waiter)), ("items", Raw(str(len(items)))), ("total", Raw(repr(total)))])))

    # reason: the kitchen display's push, but each one is a ticket changing status (cooking, ready, served)
    @signal
    def kitchen_status(self, oid, status):
        if oid not in self.order_ids:
            return None
        self.set(self.opath(oid, "kitchenStatus"), self.case(status, "KitchenStatus"))
        if status == "served":
            self.set(("kitchen", "openTickets"), num(max(0, int(self.get(("kitchen", "openTickets")).cd) - 1)))
        return self.act("kitchen", A(self.at("Kitchen"), "ticketStatusChanged", orderID=self.uarg(oid),
                                     status=A("KitchenStatus", status)))

    # reason: pushed by the host's and the bussers' devices, each a table changing status
    @signal
    def table_changed(self, n, status, guests):
        self.table_status[n] = status
        self.set(("floor", "tables", ("k", n)), self.table_state(n, status, guests))
        return self.act("floor", A(self.at("FloorPlan"), "tableUpdated", Struct("Table", [
            ("number", Raw(str(n))), ("status", Raw("." + status)), ("guests", Raw(str(guests)))])))

    # reason: a server push, but an item running out changes what the counter may sell
    @signal
    def sold_out_pushed(self, item, out):
        if out:
            self.sold_out.add(item)
            self.append(("menu", "soldOut"), num(item))
        else:
            self.sold_out.discard(item)
            items = self.get(("menu", "soldOut")).items
            self.remove_at(("menu", "soldOut"), [v.cd for v in items].index(str(item)))
        return self.act("menu", A(self.at("Menu"), "availabilityChanged", itemID=Raw(str(item)),
                                  isSoldOut=Raw("true" if out else "false")))

    @signal
    def reader_connection(self, up):
        self.reader_connected = up
        self.set(("cardReader", "connection"), self.case("connected" if up else "disconnected",
                                                         "CardReader.Connection"))
        return self.act("cardReader", A(self.at("CardReader"), "connectionChanged",
                                        A("CardReader.Connection", "connected" if up else "disconnected")))

    # -- processes
    def processes(self):
        return [self.periodic(self.timer_ticked, 1.0, 0.003),
                self.periodic(self.signal_strength, 1.0, 0.04),
                self.periodic(self.battery_level, 60.0, 0.5),
                self.periodic(self.printer_polled, 5.0, 0.15),
                self.periodic(self.kitchen_heartbeat, 10.0, 0.3),
                self.periodic(self.floor_snapshot, 15.0, 0.4),
                self.periodic(self.menu_synced, 60.0, 2.0),
                self.handhelds(), 
                *[self.periodic(self.handheld_presence, 10.0, 0.3, args=(w,)) for w in WAITERS],
                self.floor_events(), self.sold_out_events(), self.reader_drops(), self.person()]

    def kitchen_progress(self, oid):
        rng = self.rng
        yield rng.uniform(20, 90)
        self.emit(self.kitchen_status, oid, "cooking")
        yield rng.uniform(150, 420)
        self.emit(self.kitchen_status, oid, "ready")
        yield rng.uniform(20, 120)
        self.emit(self.kitchen_status, oid, "served")

    def row_clock(self, oid):
        yield 5.0 + self.rng.uniform(0, 0.01)
        while oid in self.order_ids and self.get(self.opath(oid, "kitchenStatus")).cd != ".served":
            self.emit(self.row_timer, oid)
            yield 5.0 + self.rng.uniform(-0.01, 0.01)

    def handhelds(self):
        rng = self.rng
        while True:
            yield self.expo(35.0 if self.busy else 90.0)
            self.emit(self.handheld_order, rng.choice(WAITERS), rng.choice(TABLES))

    def floor_events(self):
        rng = self.rng
        while True:
            yield self.expo(30.0)
            n = rng.choice(TABLES)
            s = self.table_status[n]
            nxt = {"available": "seated", "seated": "ordered", "ordered": "paying", "paying": "dirty",
                   "dirty": "available"}[s]
            guests = 0 if nxt in ("available", "dirty") else rng.randint(1, 6)
            self.emit(self.table_changed, n, nxt, guests)

    def sold_out_events(self):
        rng = self.rng
        while True:
            yield self.expo(200.0)
            if self.sold_out and rng.random() < 0.3:
                self.emit(self.sold_out_pushed, rng.choice(sorted(self.sold_out)), False)
            else:
                item = rng.choice([m[0] for m in MENU if m[0] not in self.sold_out])
                self.emit(self.sold_out_pushed, item, True)

    def reader_drops(self):
        rng = self.rng
        while True:
            yield rng.uniform(200, 520)
            while self.get(("payment",)) is not NIL:
                yield 5.0
            self.emit(self.reader_connection, False)
            down = rng.uniform(8, 45)
            k = 0
            while down > 0:
                yield 3.0 + rng.uniform(-0.05, 0.05)
                down -= 3.0
                k += 1
                if down > 0:
                    self.emit(self.reconnect_timer, k)
            self.emit(self.reader_connection, True)

    # -- the person at the counter
    def person(self):
        rng = self.rng
        think = self.think((1.0, 4.0), (8.0, 25.0), (100, 240), (40, 110))
        yield rng.uniform(2.0, 6.0)
        report_done = False
        while True:
            yield next(think)
            if not report_done and self.now > 640:
                report_done = True
                yield from self.shift_report()
                continue
            unpaid = [o for o in self.order_ids if not self.meta[o]["paid"] and not self.meta[o].get("refunded")
                      and self.meta[o]["source"] != "counter" and self.get(("payment",)) is NIL]
            r = rng.random()
            if r < 0.45:
                yield from self.ring_up()
            elif r < 0.70 and unpaid:
                oid = rng.choice(unpaid)
                self.emit(self.order_tapped, oid)
                yield rng.uniform(1.0, 3.0)
                yield from self.take_payment(oid)
            elif r < 0.80:
                n = rng.choice(TABLES)
                self.emit(self.table_tapped, n)
                if self.table_status[n] == "dirty":
                    yield rng.uniform(1.0, 3.0)
                    self.emit(self.mark_clean, n)
            elif r < 0.85:
                paid = [o for o in self.order_ids if self.meta[o]["paid"] and not self.meta[o].get("refunded")]
                if paid:
                    yield from self.refund(rng.choice(paid))
            elif r < 0.90:
                self.emit(self.no_sale_tapped)
                self.after(rng.uniform(0.2, 0.4), self.drawer_opened)
                yield rng.uniform(4, 12)
                self.emit(self.drawer_closed, None, 0.0)
            elif r < 0.94 and self.order_ids:
                oid = rng.choice(self.order_ids)
                self.emit(self.order_tapped, oid)
                yield rng.uniform(1.0, 2.0)
                yield from self.print_receipt(oid)
            elif self.order_ids:
                self.emit(self.order_tapped, rng.choice(self.order_ids[-6:]))

    def ring_up(self):
        rng = self.rng
        fast = self.busy
        table = rng.choice(TABLES) if rng.random() < 0.3 else None
        self.emit(self.new_order_tapped, table)
        for _ in range(rng.randint(1, 7)):
            yield rng.uniform(0.6, 2.0) if fast else rng.uniform(1.2, 4.0)
            choices = [m[0] for m in MENU if m[0] not in self.sold_out]
            if rng.random() < 0.15:             # find it by searching
                word = rng.choice(SEARCHES)
                for k in range(1, rng.randint(3, len(word)) + 1):
                    self.emit(self.search_typed, word[:k])
                    yield rng.uniform(0.12, 0.45)
                yield rng.uniform(0.5, 1.5)
                choices = [i for i in choices if word in ITEM[i].lower()] or choices
            self.emit(self.menu_item_tapped, rng.choice(choices))
        if self.line_ids and rng.random() < 0.2:
            yield rng.uniform(0.8, 2.0)
            self.emit(self.quantity_stepped, rng.randrange(len(self.line_ids)), rng.choice([1, 1, -1]))
        if not self.line_ids:
            return
        if rng.random() < 0.12:
            code = rng.choice(CODES)
            yield rng.uniform(1.0, 3.0)
            for k in range(1, len(code) + 1):
                self.emit(self.code_typed, code[:k])
                yield rng.uniform(0.15, 0.5)
            self.emit(self.apply_code_tapped)
            yield rng.uniform(0.3, 0.9)
            self.emit(self.discount_response, code, rng.random() < 0.75)
        yield rng.uniform(1.0, 3.0)
        self.emit(self.send_to_kitchen)
        yield rng.uniform(0.25, 0.9)
        self.emit(self.kitchen_ack, "counter")
        oid = self.order_ids[-1]
        yield rng.uniform(1.0, 3.0)
        yield from self.take_payment(oid)

    def take_payment(self, oid):
        rng = self.rng
        total = self.meta[oid]["total"]
        ways = 1
        if rng.random() < 0.2:
            ways = rng.randint(2, 4)
            for n in range(2, ways + 1):
                self.emit(self.split_ways, n)
                yield rng.uniform(0.4, 1.2)
        share = money(total / ways)
        for part in range(ways):
            last = part == ways - 1
            if self.reader_connected and rng.random() < 0.8:
                yield from self.card_payment(oid, share, last)
            else:
                self.emit(self.cash_tapped, oid, share)
                self.after(rng.uniform(0.2, 0.4), self.drawer_opened)
                yield rng.uniform(5, 18)
                self.emit(self.drawer_closed, oid if last else None, share)
            yield rng.uniform(2.0, 6.0)
        yield rng.uniform(0.5, 2.0)
        if rng.random() < 0.5:
            yield from self.print_receipt(oid)
        else:
            self.emit(self.no_receipt_tapped, oid)

    def card_payment(self, oid, amount, last, refund=False):
        rng = self.rng
        if not refund:
            self.emit(self.charge_tapped, oid, amount)
        attempts = 0
        while True:
            attempts += 1
            yield rng.uniform(2.5, 10.0)                 # the customer finds the card
            chip = rng.random() < 0.35 and not refund
            if not chip:
                self.emit(self.reader_step, "cardTapped", "authorizing")
            else:
                self.emit(self.reader_step, "cardInserted", "readingCard")
                yield rng.uniform(0.8, 1.6)
                self.emit(self.reader_step, "pinRequested", "enterPIN")
                yield rng.uniform(1.0, 3.0)
                for d in range(1, 5):
                    self.emit(self.pin_digit, d)
                    yield rng.uniform(0.35, 1.1)
                self.emit(self.reader_step, "pinEntered", "authorizing")
            yield rng.uniform(1.2, 3.8)
            ok = rng.random() < (0.9 if attempts == 1 else 0.97)
            self.emit(self.authorization, oid, ok, refund)
            if chip:
                yield rng.uniform(0.3, 0.6)
                self.emit(self.reader_step, "removeCard", "removeCard")
                yield rng.uniform(0.8, 2.5)
                self.emit(self.reader_step, "cardRemoved", "approved" if ok else "declined")
            yield rng.uniform(1.0, 3.0)
            if ok or attempts >= 2:
                self.emit(self.payment_dismissed, oid, ok and (last or refund), refund)
                return
            self.emit(self.retry_tapped)

    def print_receipt(self, oid):
        rng = self.rng
        self.emit(self.print_tapped, oid)
        yield rng.uniform(1.2, 2.5)
        self.emit(self.print_response)
        if self.paper <= 0.0 and self.get(("printer", "status")).cd == ".error":
            yield rng.uniform(25, 60)
            self.emit(self.paper_replaced)

    def refund(self, oid):
        rng = self.rng
        self.emit(self.order_tapped, oid)
        yield rng.uniform(1.5, 4.0)
        if not self.reader_connected:
            return
        self.emit(self.refund_confirm, oid)
        yield rng.uniform(1.0, 3.0)
        self.emit(self.alert_confirmed, oid)
        yield rng.uniform(0.5, 1.5)
        yield from self.card_payment(oid, self.meta[oid]["total"], True, refund=True)

    def shift_report(self):
        rng = self.rng
        self.emit(self.report_tapped)
        p = 0.0
        while True:
            yield rng.uniform(0.2, 0.5)
            p = round(p + rng.uniform(0.05, 0.15), 2)
            if p >= 1.0:
                break
            self.emit(self.report_progress, p)
        yield rng.uniform(0.1, 0.4)
        self.emit(self.report_response)
        yield rng.uniform(10, 30)
        self.emit(self.report_closed)



# ========================================================================== filesync

TREE = {"/": ["Documents", "Photos", "Projects", "Shared", "Invoices"],
        "/Documents": ["Contracts", "Receipts"], "/Photos": ["2026", "Screenshots"], "/Projects": ["Atlas", "Harbor"],
        "/Shared": ["Design Review", "Family"], "/Invoices": [], "/Documents/Contracts": [],
        "/Documents/Receipts": [], "/Photos/2026": [], "/Photos/Screenshots": [], "/Projects/Atlas": ["Assets"],
        "/Projects/Harbor": [], "/Shared/Design Review": [], "/Shared/Family": [], "/Projects/Atlas/Assets": []}
DOCS = ["Budget 2027.xlsx", "Roadmap.key", "Notes.md", "Lease.pdf", "Offer Letter.pdf", "Specs.docx",
        "Meeting Minutes.docx", "Invoice-%04d.pdf", "Sketch.procreate", "Mockup.fig", "README.txt", "Timeline.numbers"]
MEDIA = ["IMG_%04d.HEIC", "IMG_%04d.JPG", "Screenshot %04d.png", "VID_%04d.MOV"]
DEVICES = ["MacBook Pro", "iPhone", "Office iMac", "Anna's iPad"]
SEARCH_WORDS = ["invoice", "lease", "roadmap", "img_2", "budget", "specs"]


class Cloudbox(App):
    """Cloudbox, a file sync client on an iPad."""

    name = "filesync"
    module = "Cloudbox"
    process = "Cloudbox"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        self.listing = {}               # folder path -> [(id, name, kind, size)]
        self.stack = []                 # [(stack id, folder path)]
        self.next_stack = 1
        self.tids = []                  # transfers array ids
        self.tinfo = {}                 # transfer id -> dict
        self.cids = []                  # conflicts ids
        self.online = True
        self.paused = False
        self.remote_news = 0
        self.cursor = 4000 + self.rng.randrange(5000)
        self.used = self.rng.uniform(40e9, 160e9)
        self.fs_event = 30000000 + self.rng.randrange(10 ** 6)
        self.counter = self.rng.randint(1000, 8000)
        self.preview_pages = 0
        self.state = St(self.st("AppFeature"), [
            ("sync", St(self.st("Sync"), [("status", self.case("upToDate", "Sync.Status")),
                                          ("pendingUploads", num(0)), ("pendingDownloads", num(0)),
                                          ("bytesPerSecond", num(0)), ("lastSyncedAt", NIL),
                                          ("cursor", text("AAH%d" % self.cursor))])),
            ("network", St(self.st("Network"), [("isOnline", boolean(True)), ("interface", self.case("wifi", "Interface"))])),
            ("watcher", St(self.st("Watcher"), [("lastEventID", num(self.fs_event)), ("isRunning", boolean(True))])),
            ("root", self.folder_state("/")),
            ("path", Dic(quoted=False, ordered=True)),
            ("transfers", Arr()),
            ("conflicts", Arr()),
            ("preview", NIL),
            ("share", NIL),
            ("quota", St(self.st("Quota"), [("used", num(int(self.used))), ("allocated", num(2 * 10 ** 11))])),
            ("activity", St(self.st("Activity"), [("items", Arr()), ("lastRefreshedAt", NIL)])),
            ("search", St(self.st("Search"), [("query", text("")), ("results", Arr())]))])

    # -- helpers
    def fid(self):
        return "id:" + "".join(self.rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789")
                               for _ in range(10))

    def fname(self, media=False):
        self.counter += 1
        pat = self.rng.choice(MEDIA if media else DOCS)
        return pat % self.counter if "%" in pat else pat

    def size_of(self, name):
        ext = name.rsplit(".", 1)[-1].lower()
        r = self.rng
        return int({"mov": r.uniform(20e6, 300e6), "heic": r.uniform(1.5e6, 4e6), "jpg": r.uniform(2e6, 6e6),
                    "png": r.uniform(3e5, 2e6), "key": r.uniform(5e6, 60e6), "pdf": r.uniform(1e5, 6e6),
                    "procreate": r.uniform(10e6, 80e6), "fig": r.uniform(1e6, 20e6)}.get(ext, r.uniform(1e4, 9e5)))

    def items_of(self, path):
        if path not in self.listing:
            rows = [(self.fid(), sub, "folder", 0) for sub in TREE.get(path, [])]
            media = "Photos" in path or "Assets" in path
            for _ in range(self.rng.randint(3, 14)):
                n = self.fname(media and self.rng.random() < 0.85)
                rows.append((self.fid(), n, "file", self.size_of(n)))
            self.listing[path] = rows
        return self.listing[path]

    def item_state(self, row):
        i, n, kind, size = row
        return St("FileItem", [("id", text(i)), ("name", text(n)), ("kind", self.case(kind, "FileItem.Kind")),
                               ("size", num(size)), ("thumbnail", NIL)])

    def folder_state(self, path):
        return St(self.st("Folder"), [("path", text(path)), ("items", Arr()), ("isLoading", boolean(True))])

    def stack_type(self):
        return "StackAction<%s, %s>" % (self.st("Path"), self.at("Path"))

    def folder_act(self, sid, inner):
        if sid is None:
            return self.act("root", inner)
        return self.act("path", A(self.stack_type(), "element", id=Raw("#%d" % sid),
                                  action=A(self.at("Path"), "folder", inner)))

    def folder_path(self, sid, *rest):
        if sid is None:
            return ("root",) + rest
        return ("path", ("k", "#%d" % sid), ("e", "folder")) + rest

    def current(self):
        return self.stack[-1] if self.stack else (None, "/")

    def targ(self, t):
        return Raw("UUID(%s)" % t if self.tca1 else t)

    def trow(self, t, inner):
        return self.act("transfers", self.element("Transfer", self.targ(t), inner))

    def tpath(self, t, *rest):
        return ("transfers", ("i", self.tids.index(t))) + rest

    def sheet(self, field, feature, inner):
        return self.act(field, A("PresentationAction<%s>" % self.at(feature), "presented", inner))

    def counts(self):
        up = sum(1 for t in self.tids if self.tinfo[t]["dir"] == "upload")
        self.set(("sync", "pendingUploads"), num(up))
        self.set(("sync", "pendingDownloads"), num(len(self.tids) - up))
        if not self.online:
            st = "offline"
        elif self.paused:
            st = "paused"
        elif self.tids:
            st = "syncing"
        else:
            st = "upToDate"
        self.set(("sync", "status"), self.case(st, "Sync.Status"))

    def new_transfer(self, direction, name, size, folder):
        t = self.uid()
        self.tids.append(t)
        self.tinfo[t] = {"dir": direction, "name": name, "size": size, "done": 0, "active": False,
                         "folder": folder, "attempt": 1, "fid": self.fid()}
        self.append(("transfers",), St("Transfer", [
            ("id", self.uuid_value(t)), ("name", text(name)), ("direction", self.case(direction, "Transfer.Direction")),
            ("size", num(size)), ("progress", num(0.0)), ("status", self.case("queued", "Transfer.Status")),
            ("attempt", num(1))]))
        return t

    # -- noise
    # reason: the raw FSEvents stream, temp files and autosaves included; what it finds is localChangesDetected
    @noise
    def fs_events(self, events):
        self.fs_event += len(events) + self.rng.randint(0, 40)
        self.set(("watcher", "lastEventID"), num(self.fs_event))
        return self.act("watcher", A(self.at("Watcher"), "eventsReceived", Struct("FSEventBatch", [
            ("count", Raw(str(len(events)))), ("firstPath", q(events[0][0])), ("flags", Raw(events[0][1])),
            ("latestEventID", Raw(str(self.fs_event)))])))

    @noise
    def progress(self, t):
        if t not in self.tids:
            return None
        i = self.tinfo[t]
        self.set(self.tpath(t, "progress"), num(round(i["done"] / i["size"], 3)))
        return self.trow(t, A(self.at("Transfer"), "progress", Raw(repr(round(i["done"] / i["size"], 3)))))

    @noise
    def throughput(self, bps):
        self.set(("sync", "bytesPerSecond"), num(bps))
        return self.act("sync", A(self.at("Sync"), "throughputSampled", bytesPerSecond=Raw(str(bps))))

    # reason: the long poll returns empty every 30 s or so on its own; the delta it triggers is the event
    @noise
    def long_poll(self, changes):
        return self.act("remote", A(self.at("Remote"), "longPollResponse", self.result(
            "LongPollResult", True, Struct("LongPollResult", [("changes", Raw("true" if changes else "false")),
                                                              ("backoff", Raw("nil"))]))))

    # reason: the long poll failing and retrying on its backoff while the network is down
    @noise
    def long_poll_failed(self, attempt):
        return self.act("remote", A(self.at("Remote"), "longPollResponse", self.result(
            "LongPollResult", False, Struct("URLError", [("code", Raw(".notConnectedToInternet")),
                                                         ("attempt", Raw(str(attempt)))]))))

    # reason: a two-minute quota poll; it nudges one number
    @noise
    def quota_response(self):
        self.set(("quota", "used"), num(int(self.used)))
        return self.act("quota", A(self.at("Quota"), "refreshResponse", self.result("SpaceUsage", True, Struct(
            "SpaceUsage", [("used", Raw(str(int(self.used)))), ("allocated", Raw(str(2 * 10 ** 11)))]))))

    # reason: the backoff timer after a failed transfer; the failure itself is the event
    @noise
    def retry_timer(self, t):
        if t not in self.tids:
            return None
        self.set(self.tpath(t, "status"), self.case("queued", "Transfer.Status"))
        return self.trow(t, A(self.at("Transfer"), "retryTimerFired"))

    # reason: the download progress of a preview the person opened; it nudges one number
    @noise
    def preview_progress(self, p):
        if self.get(("preview",)) is NIL:
            return None
        self.set(("preview", "downloadProgress"), num(p))
        return self.sheet("preview", "Preview", A(self.at("Preview"), "downloadProgress", Raw(repr(p))))

    # -- either
    # reason: a refresh every 60 s on a timer, but what it inserts is new: others' edits, shares, comments
    @either
    def activity_response(self, fresh):
        items = self.get(("activity", "items"))
        for who, verb, name in fresh:
            self.append(("activity", "items"), St("ActivityItem", [("actor", text(who)), ("verb", text(verb)),
                                                                   ("file", text(name)), ("at", self.date())]))
        while len(self.get(("activity", "items")).items) > 12:
            self.remove_at(("activity", "items"), 0)
        self.set(("activity", "lastRefreshedAt"), self.date())
        return self.act("activity", A(self.at("Activity"), "refreshResponse", self.result("ActivityPage", True, Struct(
            "ActivityPage", [("newItems", Raw(str(len(fresh)))),
                             ("latest", q("%s %s %s" % fresh[0]) if fresh else Raw("nil"))]))))

    # reason: thumbnails arriving as a folder's rows appear
    @either
    def thumbnail(self, sid, fid, nbytes):
        path = self.folder_path(sid, "items")
        if sid is not None and sid not in [x for x, _ in self.stack]:
            return None
        items = self.get(path).items
        idx = next((k for k, it in enumerate(items) if it.f["id"].cd == '"%s"' % fid), None)
        if idx is None:
            return None
        self.set(path + (("i", idx), "thumbnail"), St("Thumbnail", [("bytes", num(nbytes)), ("size", text("w256h256"))]))
        return self.folder_act(sid, A(self.at("Folder"), "thumbnailResponse", id=q(fid), result=self.result(
            "Thumbnail", True, Struct("Thumbnail", [("bytes", Raw(str(nbytes)))]))))

    # reason: the search field's binding, a keystroke each
    @either
    def search_typed(self, s):
        self.set(("search", "query"), text(s))
        return self.act("search", self.binding("Search", "query", q(s)))

    # reason: the person swiping through a document's pages
    @either
    def page_changed(self, page):
        if self.get(("preview",)) is NIL:
            return None
        self.set(("preview", "page"), num(page))
        return self.sheet("preview", "Preview", A(self.at("Preview"), "pageChanged", Raw(str(page))))

    # -- signal: the person
    @signal
    def folder_task(self, sid):
        return self.folder_act(sid, A(self.at("Folder"), "task"))

    @signal
    def listing_response(self, sid, path):
        if sid is not None and sid not in [x for x, _ in self.stack]:
            return None
        rows = self.items_of(path)
        self.set(self.folder_path(sid, "items"), Arr(self.item_state(r) for r in rows))
        self.set(self.folder_path(sid, "isLoading"), boolean(False))
        return self.folder_act(sid, A(self.at("Folder"), "listingResponse", self.result("[FileItem]", True, Struct(
            "FolderListing", [("path", q(path)), ("entries", Raw(str(len(rows)))), ("hasMore", Raw("false"))]))))

    @signal
    def push(self, path):
        sid = self.next_stack
        self.next_stack += 1
        self.stack.append((sid, path))
        self.put(("path",), "#%d" % sid, En(self.st("Path"), "folder", self.folder_state(path)))
        return self.act("path", A(self.stack_type(), "push", id=Raw("#%d" % sid), state=A(
            self.st("Path"), "folder", Struct(self.st("Folder"), [("path", q(path))]))))

    @signal
    def pop(self):
        sid, _ = self.stack.pop()
        self.delete(("path",), "#%d" % sid)
        return self.act("path", A(self.stack_type(), "popFrom", id=Raw("#%d" % sid)))

    @signal
    def refresh_pulled(self, sid):
        return self.folder_act(sid, A(self.at("Folder"), "refreshPulled"))

    @signal
    def open_preview(self, sid, row):
        pages = self.rng.randint(1, 24) if row[1].endswith((".pdf", ".key", ".docx")) else 1
        self.preview_pages = pages
        self.set(("preview",), St(self.st("Preview"), [
            ("fileID", text(row[0])), ("name", text(row[1])), ("downloadProgress", num(0.0)), ("page", num(1)),
            ("pageCount", num(pages)), ("isLoaded", boolean(False))]))
        return self.folder_act(sid, A(self.at("Folder"), "rowTapped", id=q(row[0])))

    @signal
    def preview_loaded(self, ok):
        if self.get(("preview",)) is NIL:
            return None
        self.set(("preview", "isLoaded"), boolean(ok))
        if ok:
            self.set(("preview", "downloadProgress"), num(1.0))
        payload = Struct("PreviewFile", [("pages", Raw(str(self.preview_pages))), ("cached", Raw("false"))]) if ok \
            else Struct("URLError", [("code", Raw(".networkConnectionLost"))])
        return self.sheet("preview", "Preview", A(self.at("Preview"), "fileResponse", self.result("PreviewFile", ok, payload)))

    @signal
    def share_button(self):
        return self.sheet("preview", "Preview", A(self.at("Preview"), "shareButtonTapped"))

    @signal
    def share_delegate(self, fid, name):
        self.set(("preview",), NIL)
        self.set(("share",), St(self.st("Share"), [("fileID", text(fid)), ("name", text(name)), ("link", NIL),
                                                   ("allowEditing", boolean(False)), ("expiresInDays", NIL)]))
        return self.sheet("preview", "Preview", A(self.at("Preview"), "delegate", A(
            self.at("Preview") + ".Delegate" if self.tca1 else "PreviewDelegate", "shareRequested", fileID=q(fid))))

    @signal
    def preview_dismissed(self):
        self.set(("preview",), NIL)
        return self.act("preview", A("PresentationAction<%s>" % self.at("Preview"), "dismiss"))

    @signal
    def share_binding(self, field, value, raw):
        self.set(("share", field), value)
        return self.sheet("share", "Share", self.binding("Share", field, raw))

    @signal
    def create_link(self):
        return self.sheet("share", "Share", A(self.at("Share"), "createLinkButtonTapped"))

    @signal
    def link_response(self, ok):
        if ok:
            url = "https://cloudbox.example/s/%s" % self.uid()[:13].replace("-", "").lower()
            self.set(("share", "link"), text(url))
            payload = Struct("SharedLink", [("url", q(url)), ("visibility", Raw(".public"))])
        else:
            payload = Struct("URLError", [("code", Raw(".notConnectedToInternet"))])
        return self.sheet("share", "Share", A(self.at("Share"), "linkResponse", self.result("SharedLink", ok, payload)))

    @signal
    def copy_link(self):
        return self.sheet("share", "Share", A(self.at("Share"), "copyLinkButtonTapped"))

    @signal
    def share_dismissed(self):
        self.set(("share",), NIL)
        return self.act("share", A("PresentationAction<%s>" % self.at("Share"), "dismiss"))

    @signal
    def search_response(self, s):
        hits = [r for rows in self.listing.values() for r in rows if s[:3].lower() in r[1].lower()][:8]
        self.set(("search", "results"), Arr(text(r[1]) for r in hits))
        return self.act("search", A(self.at("Search"), "searchResponse", self.result("[SearchMatch]", True, Struct(
            "SearchResult", [("query", q(s)), ("matches", Raw(str(len(hits))))]))))

    @signal
    def search_cleared(self):
        self.set(("search", "query"), text(""))
        self.set(("search", "results"), Arr())
        return self.act("search", A(self.at("Search"), "cancelButtonTapped"))

    @signal
    def pause_tapped(self, pause):
        self.paused = pause
        for t in self.tids:
            if self.tinfo[t]["active"] and pause:
                self.tinfo[t]["active"] = False
            self.set(self.tpath(t, "status"), self.case("paused" if pause else "queued", "Transfer.Status"))
        self.counts()
        return self.act("sync", A(self.at("Sync"), "pauseButtonTapped" if pause else "resumeButtonTapped"))

    @signal
    def resolve_tapped(self, c, choice):
        if c not in self.cids:
            return None
        self.set(("conflicts", ("i", self.cids.index(c)), "isResolving"), boolean(True))
        return self.act("conflicts", self.element("Conflict", self.targ(c), A(
            self.at("Conflict"), "resolveButtonTapped", A("Resolution", choice))))

    @signal
    def resolve_response(self, c, choice):
        if c not in self.cids:
            return None
        i = self.cids.index(c)
        name = self.get(("conflicts", ("i", i), "name")).df
        self.cids.pop(i)
        action = self.act("conflicts", self.element("Conflict", self.targ(c), A(
            self.at("Conflict"), "resolveResponse", self.result("Resolution", True, Struct(
                "Resolved", [("kept", q(name if choice != "keepBoth" else name + ", " + name.replace(
                    ".", " (conflicted copy).", 1)))])))))
        self.remove_at(("conflicts",), i)
        return action

    # -- signal: the system and the server
    # reason: found by the watcher on its own, but each is new files the person saved, queued as uploads
    @signal
    def local_changes(self, files, folder):
        for name, size in files:
            self.new_transfer("upload", name, size, folder)
        self.counts()
        return self.act("sync", A(self.at("Sync"), "localChangesDetected", Struct("LocalChanges", [
            ("folder", q(folder or "/")), ("files", Raw(str(len(files)))), ("firstName", q(files[0][0])),
            ("bytes", Raw(str(sum(z for _, z in files))))])))

    # reason: fetched after the long poll, but it brings files changed on the person's other devices
    @signal
    def delta_response(self, entries, device):
        self.cursor += len(entries) + 1
        self.set(("sync", "cursor"), text("AAH%d" % self.cursor))
        self.set(("sync", "lastSyncedAt"), self.date())
        for name, size, folder in entries:
            self.new_transfer("download", name, size, folder)
        self.counts()
        return self.act("remote", A(self.at("Remote"), "deltaResponse", self.result("Delta", True, Struct("Delta", [
            ("cursor", q("AAH%d" % self.cursor)), ("device", q(device)),
            ("entries", Raw(str(len(entries)))), ("firstPath", q("%s/%s" % (entries[0][2].rstrip("/"), entries[0][0]))),
            ("hasMore", Raw("false"))]))))

    # reason: the responses of transfers the machine started, each ending one file's upload or download
    @signal
    def transfer_done(self, t, ok, code=None):
        if t not in self.tids:
            return None
        info = self.tinfo[t]
        info["active"] = False
        kind = "uploadResponse" if info["dir"] == "upload" else "downloadResponse"
        if ok:
            payload = Struct("FileMetadata", [("id", q(info["fid"])), ("name", q(info["name"])),
                                              ("size", Raw(str(info["size"]))), ("rev", q(self.uid()[:9].lower()))])
            action = self.trow(t, A(self.at("Transfer"), kind, self.result("FileMetadata", True, payload)))
            i = self.tids.index(t)
            self.tids.pop(i)
            self.remove_at(("transfers",), i)
            if info["dir"] == "upload":
                self.used += info["size"]
            self.set(("sync", "lastSyncedAt"), self.date())
            self.counts()
            return action
        info["attempt"] += 1
        self.set(self.tpath(t, "status"), self.case("waitingForNetwork" if code == ".notConnectedToInternet"
                                                     else "failed", "Transfer.Status"))
        self.set(self.tpath(t, "attempt"), num(info["attempt"]))
        self.counts()
        return self.trow(t, A(self.at("Transfer"), kind, self.result("FileMetadata", False, Struct(
            "URLError", [("code", Raw(code))]))))

    @signal
    def conflict_detected(self, name):
        c = self.uid()
        self.cids.append(c)
        self.append(("conflicts",), St("Conflict", [("id", self.uuid_value(c)), ("name", text(name)),
                                                    ("localModifiedAt", self.date(self.now - self.rng.uniform(30, 600))),
                                                    ("remoteModifiedAt", self.date()), ("isResolving", boolean(False))]))
        return self.act("sync", A(self.at("Sync"), "conflictDetected", Struct("Conflict", [
            ("path", q(name)), ("remoteDevice", q(self.rng.choice(DEVICES)))])))

    @signal
    def path_updated(self, online):
        self.online = online
        self.set(("network", "isOnline"), boolean(online))
        self.set(("network", "interface"), self.case("wifi" if online else "none", "Interface"))
        if not online:
            for t in self.tids:
                if not self.tinfo[t]["active"]:
                    self.set(self.tpath(t, "status"), self.case("waitingForNetwork", "Transfer.Status"))
        else:
            for t in self.tids:
                if not self.tinfo[t]["active"] and not self.paused:
                    self.set(self.tpath(t, "status"), self.case("queued", "Transfer.Status"))
        self.counts()
        return self.act("network", A(self.at("Network"), "pathUpdated", Struct("NetworkPath", [
            ("status", Raw(".satisfied" if online else ".unsatisfied")),
            ("interfaces", Raw("[.wifi]" if online else "[]")), ("isExpensive", Raw("false"))])))

    # reason: the engine starts a queued transfer on its own, but each start changes its status once
    @signal
    def transfer_started(self, t):
        if t not in self.tids:
            return None
        self.tinfo[t]["active"] = True
        self.set(self.tpath(t, "status"), self.case("active", "Transfer.Status"))
        return self.trow(t, A(self.at("Transfer"), "started"))

    # -- processes
    def processes(self):
        return [self.watcher(), self.long_poller(), self.engine(), self.sampler(), self.network(),
                self.periodic(self.quota_response, 120.0, 1.5, first=3.0, when=lambda: self.online),
                self.activity_refresher(), self.person()]

    def watcher(self):
        """Local changes: saves, imports, editors' autosaves (events only) and temp files."""
        rng = self.rng
        while True:
            yield self.expo(15.0)
            kind = rng.random()
            folder = rng.choice(list(TREE)).rstrip("/")
            if kind < 0.45:                              # an editor's autosave: temp file dance, no new file
                name = rng.choice(DOCS).replace("%04d", "0042")
                for _ in range(rng.randint(1, 3)):
                    yield rng.uniform(0.4, 1.2)
                    self.emit(self.fs_events, [("%s/.~%s" % (folder, name), ".itemCreated"),
                                               ("%s/%s" % (folder, name), ".itemModified"),
                                               ("%s/.~%s" % (folder, name), ".itemRemoved")])
                if rng.random() < 0.5:
                    yield rng.uniform(1.5, 2.5)
                    self.emit(self.local_changes, [(name, self.size_of(name))], folder)
            else:                                        # files added: a save, a camera import, a copy
                n = 1 if kind < 0.75 else rng.randint(3, 16)
                files = []
                for _ in range(n):
                    name = self.fname(n > 1)
                    files.append((name, self.size_of(name)))
                batches = [files[k:k + 4] for k in range(0, len(files), 4)]
                for b in batches:
                    yield rng.uniform(0.5, 1.1)
                    self.emit(self.fs_events, [("%s/%s" % (folder, nm), ".itemCreated") for nm, _ in b])
                yield rng.uniform(1.5, 2.5)
                self.emit(self.local_changes, files, folder)

    def long_poller(self):
        rng = self.rng
        remote_at = self.now + self.expo(55.0)
        fails = 0
        while True:
            if not self.online:
                yield rng.uniform(0.3, 1.0)
                fails += 1
                self.emit(self.long_poll_failed, fails)
                wait = min(60.0, 2.0 ** fails) * rng.uniform(0.8, 1.2)
                while wait > 0 and not self.online:
                    yield min(wait, 1.0)
                    wait -= 1.0
                continue
            fails = 0
            timeout = 30.0 + rng.uniform(0, 1.5)
            if remote_at - self.now < timeout:
                yield max(0.05, remote_at - self.now)
                if not self.online:
                    continue
                remote_at = self.now + self.expo(55.0)
                self.emit(self.long_poll, True)
                yield rng.uniform(0.2, 0.7)
                device = rng.choice(DEVICES)
                entries = []
                for _ in range(rng.randint(1, 5)):
                    name = self.fname(rng.random() < 0.4)
                    entries.append((name, self.size_of(name), rng.choice(list(TREE))))
                self.emit(self.delta_response, entries, device)
                if rng.random() < 0.25:
                    yield rng.uniform(0.1, 0.5)
                    self.emit(self.conflict_detected, rng.choice(DOCS).replace("%04d", "0042"))
            else:
                yield timeout
                if self.online:
                    self.emit(self.long_poll, False)

    def engine(self):
        """Starts queued transfers, three at a time."""
        while True:
            yield self.rng.uniform(0.05, 0.3)
            if not self.online or self.paused:
                continue
            active = [t for t in self.tids if self.tinfo[t]["active"]]
            for t in self.tids:
                if len(active) >= 3:
                    break
                info = self.tinfo[t]
                if info["active"] or info.get("waiting"):
                    continue
                if self.get(self.tpath(t, "status")).cd not in (".queued", ".paused", ".waitingForNetwork"):
                    continue
                self.emit(self.transfer_started, t)
                active.append(t)
                self.spawn(self.run_transfer(t), self.rng.uniform(0.05, 0.3))

    def run_transfer(self, t):
        rng = self.rng
        info = self.tinfo[t]
        speed = rng.uniform(1.5e6, 6e6) if info["dir"] == "upload" else rng.uniform(4e6, 14e6)
        info["speed"] = speed
        fail_at = rng.uniform(0.1, 0.9) if rng.random() < 0.025 else None
        while True:
            yield rng.uniform(0.2, 0.35)
            if t not in self.tids or not info["active"]:
                return
            if not self.online:
                self.emit(self.transfer_done, t, False, ".notConnectedToInternet")
                return
            info["done"] = min(info["size"], info["done"] + int(speed * rng.uniform(0.18, 0.38)))
            if fail_at is not None and info["done"] >= fail_at * info["size"]:
                self.emit(self.transfer_done, t, False, ".badServerResponse")
                info["waiting"] = True
                yield rng.uniform(2.0, 8.0) * info["attempt"]
                info["waiting"] = False
                self.emit(self.retry_timer, t)
                return
            if info["done"] >= info["size"]:
                yield rng.uniform(0.1, 0.4)
                self.emit(self.transfer_done, t, True)
                return
            self.emit(self.progress, t)

    def sampler(self):
        rng = self.rng
        while True:
            yield 1.0 + rng.uniform(-0.01, 0.01)
            active = [t for t in self.tids if self.tinfo[t]["active"]]
            if active or self.get(("sync", "bytesPerSecond")).cd != "0":
                bps = int(sum(self.tinfo[t].get("speed", 0) for t in active) * rng.uniform(0.85, 1.1))
                self.emit(self.throughput, bps)

    def network(self):
        rng = self.rng
        yield rng.uniform(330, 470)
        self.emit(self.path_updated, False)
        yield rng.uniform(60, 140)
        self.emit(self.path_updated, True)

    def activity_refresher(self):
        rng = self.rng
        yield rng.uniform(2, 5)
        while True:
            if self.online:
                fresh = []
                for _ in range(rng.choice([0, 0, 0, 1, 1, 2])):
                    fresh.append((rng.choice(["Anna", "Ben", "Chloe", "You"]), rng.choice(
                        ["edited", "added", "commented", "shared"]), self.fname(rng.random() < 0.3)))
                self.emit(self.activity_response, fresh)
            yield 60.0 + rng.uniform(-0.5, 0.5)

    # -- the person
    def open_folder(self, sid, path):
        rng = self.rng
        self.emit(self.folder_task, sid)
        yield rng.uniform(0.15, 0.6) if self.online else rng.uniform(0.01, 0.05)
        self.emit(self.listing_response, sid, path)
        media = [r for r in self.items_of(path) if r[2] == "file" and r[1].rsplit(".", 1)[-1] in
                 ("HEIC", "JPG", "png", "MOV", "pdf", "key", "fig")]
        if self.online:
            for r in media[:12]:
                yield rng.uniform(0.03, 0.25)
                self.emit(self.thumbnail, sid, r[0], rng.randint(6000, 42000))

    def person(self):
        rng = self.rng
        think = self.think((2.0, 6.0), (10.0, 30.0), (60, 180), (30, 120))
        yield rng.uniform(0.5, 1.5)
        yield from self.open_folder(None, "/")
        paused_once = False
        while True:
            yield next(think)
            sid, path = self.current()
            rows = self.items_of(path)
            r = rng.random()
            if self.cids and r < 0.3:
                c = self.cids[0]
                choice = rng.choice(["keepBoth", "keepBoth", "keepLocal", "keepRemote"])
                self.emit(self.resolve_tapped, c, choice)
                if self.online:
                    yield rng.uniform(0.3, 1.2)
                    self.emit(self.resolve_response, c, choice)
                continue
            subs = [x for x in rows if x[2] == "folder"]
            files = [x for x in rows if x[2] == "file"]
            if r < 0.35 and subs:                              # into a folder
                row = rng.choice(subs)
                self.emit(self.push, path.rstrip("/") + "/" + row[1])
                nsid, npath = self.current()
                yield from self.open_folder(nsid, npath)
            elif r < 0.50 and self.stack:                      # back
                self.emit(self.pop)
            elif r < 0.68 and files:                           # preview a file
                row = rng.choice(files)
                self.emit(self.open_preview, sid, row)
                if self.online:
                    p = 0.0
                    while row[3] > 2e6 and p < 0.9:
                        yield rng.uniform(0.2, 0.4)
                        p = round(min(0.99, p + rng.uniform(0.08, 0.3)), 2)
                        self.emit(self.preview_progress, p)
                    yield rng.uniform(0.1, 0.5)
                    self.emit(self.preview_loaded, True)
                    page = 1
                    for _ in range(rng.randint(0, min(8, self.preview_pages - 1))):
                        yield rng.uniform(1.0, 8.0)
                        page += 1
                        self.emit(self.page_changed, page)
                    yield rng.uniform(2.0, 10.0)
                    if rng.random() < 0.3:
                        yield from self.share(row)
                        continue
                else:
                    yield rng.uniform(3.0, 6.0)
                    self.emit(self.preview_loaded, False)
                    yield rng.uniform(1.0, 3.0)
                self.emit(self.preview_dismissed)
            elif r < 0.76:                                     # search
                word = rng.choice(SEARCH_WORDS)
                for k in range(1, len(word) + 1):
                    self.emit(self.search_typed, word[:k])
                    gap = rng.uniform(0.1, 0.45)
                    if k >= 2 and gap > 0.3:
                        yield 0.3
                        self.emit(self.search_response, word[:k])
                        gap -= 0.3
                    yield gap
                yield 0.3
                self.emit(self.search_response, word)
                yield rng.uniform(2.0, 8.0)
                self.emit(self.search_cleared)
            elif r < 0.84:                                     # pull to refresh
                self.emit(self.refresh_pulled, sid)
                yield rng.uniform(0.3, 0.9)
                self.emit(self.listing_response, sid, path)
            elif r < 0.88 and not paused_once and self.now > 150:
                paused_once = True
                self.emit(self.pause_tapped, True)
                yield rng.uniform(40, 110)
                self.emit(self.pause_tapped, False)

    def share(self, row):
        rng = self.rng
        self.emit(self.share_button)
        self.emit(self.share_delegate, row[0], row[1])
        yield rng.uniform(1.5, 4.0)
        if rng.random() < 0.5:
            self.emit(self.share_binding, "allowEditing", boolean(True), Raw("true"))
            yield rng.uniform(1.0, 3.0)
        if rng.random() < 0.5:
            days = rng.choice([1, 7, 30])
            self.emit(self.share_binding, "expiresInDays", num(days), Raw(str(days)))
            yield rng.uniform(1.0, 3.0)
        self.emit(self.create_link)
        yield rng.uniform(0.3, 1.2)
        self.emit(self.link_response, self.online)
        yield rng.uniform(1.0, 3.0)
        if self.online:
            self.emit(self.copy_link)
            yield rng.uniform(0.5, 2.0)
        self.emit(self.share_dismissed)



# ========================================================================== pttradio

CHANNELS = [(11, "Site A - Crew"), (12, "Site B - Crew"), (20, "Logistics"), (31, "Supervisors")]
NAMES = ["Ahmed K.", "Bea L.", "Carlos M.", "Dana W.", "Emil R.", "Fatima S.", "Greg T.", "Hana Y.", "Ivo P.",
         "Jules B.", "Kofi A.", "Lena H."]
TEXTS = ["on my way to gate 3", "forklift blocked at bay 2", "need a hand with the pallets", "copy that",
         "truck arriving in 10", "crane is down for 15 min", "where is the spare harness?", "done at zone C",
         "lunch at 12:30?", "fire door left open, closing it"]
MY_TEXTS = ["copy", "be there in 5", "checking now", "all clear at the north gate", "need the key for the shed"]


class TalkGroup(App):
    """TalkGroup, a push-to-talk walkie-talkie app for field teams."""

    name = "pttradio"
    module = "TalkGroup"
    process = "TalkGroup"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.channel = CHANNELS[0]
        self.members = []               # roster ids, in order
        self.pos = {}                   # member id -> [lat, lon]
        self.speaking = None            # member id with the floor
        self.talking = False            # the person holds the button
        self.connected = True
        self.foreground = True
        self.seq = rng.randrange(1000, 60000)
        self.rx_packets = 0
        self.me = [52.5200 + rng.uniform(-0.01, 0.01), 13.4050 + rng.uniform(-0.01, 0.01)]
        self.quality = "good"
        self.state = St(self.st("AppFeature"), [
            ("channels", St(self.st("Channels"), [("list", Arr(St("Channel", [("id", num(c)), ("name", text(n))])
                                                                for c, n in CHANNELS)), ("current", NIL)])),
            ("roster", St(self.st("Roster"), [("members", Arr())])),
            ("incoming", NIL),
            ("talk", St(self.st("Talk"), [("floor", self.case("idle", "Floor")), ("micLevel", num(0.0)),
                                          ("packetsSent", num(0)), ("elapsed", num(0))])),
            ("network", St(self.st("Network"), [("connection", self.case("connected", "Connection")),
                                                ("rttMs", num(60)), ("lossPercent", num(0.0)),
                                                ("quality", self.case("good", "Quality"))])),
            ("location", St(self.st("Location"), [("latitude", num(round(self.me[0], 5))),
                                                  ("longitude", num(round(self.me[1], 5))), ("accuracy", num(10.0))])),
            ("emergency", NIL),
            ("messages", St(self.st("Messages"), [("items", Arr()), ("draft", text("")), ("unread", num(0))])),
            ("settings", St(self.st("Settings"), [("volume", num(0.8)), ("isMuted", boolean(False))])),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- helpers
    def member_state(self, mid, name):
        lat, lon = self.pos[mid]
        return St("Member", [("id", num(mid)), ("name", text(name)), ("presence", self.case(
            self.rng.choice(["online", "online", "online", "away"]), "Presence")),
                             ("location", St("Coordinate", [("latitude", num(lat)), ("longitude", num(lon))])),
                             ("isTalking", boolean(False))])

    def mpath(self, mid, *rest):
        return ("roster", "members", ("i", self.members.index(mid))) + rest

    def mrow(self, mid, inner):
        return self.act("roster", A(self.at("Roster"), "members", self.element("Member", Raw(str(mid)), inner)))

    def name_of(self, mid):
        return self.get(self.mpath(mid, "name")).df

    def inc(self, inner):
        return self.act("incoming", inner)

    def talk(self, inner):
        return self.act("talk", inner)

    # -- noise
    @noise
    def member_location(self, mid):
        if mid not in self.members:
            return None
        p = self.pos[mid]
        p[0] = round(p[0] + self.rng.gauss(0, 0.00004), 5)
        p[1] = round(p[1] + self.rng.gauss(0, 0.00006), 5)
        self.set(self.mpath(mid, "location"), St("Coordinate", [("latitude", num(p[0])), ("longitude", num(p[1]))]))
        return self.mrow(mid, A(self.at("Member"), "locationUpdated", Struct("Coordinate", [
            ("latitude", Raw(repr(p[0]))), ("longitude", Raw(repr(p[1])))])))

    @noise
    def own_location(self):
        self.me[0] += self.rng.gauss(0, 0.00003)
        self.me[1] += self.rng.gauss(0, 0.00004)
        acc = round(self.rng.uniform(4.0, 16.0), 1)
        self.set(("location", "latitude"), num(round(self.me[0], 5)))
        self.set(("location", "longitude"), num(round(self.me[1], 5)))
        self.set(("location", "accuracy"), num(acc))
        return self.act("location", A(self.at("Location"), "didUpdateLocations", Struct("CLLocation", [
            ("latitude", Raw(repr(round(self.me[0], 5)))), ("longitude", Raw(repr(round(self.me[1], 5)))),
            ("horizontalAccuracy", Raw(repr(acc)))])))

    @noise
    def rx_level(self, level):
        if self.get(("incoming",)) is NIL:
            return None
        self.set(("incoming", "level"), num(level))
        return self.inc(A(self.at("Incoming"), "audioLevel", Raw(repr(level))))

    @noise
    def rx_stats(self, jitter):
        if self.get(("incoming",)) is NIL:
            return None
        self.set(("incoming", "packetsReceived"), num(self.rx_packets))
        self.set(("incoming", "jitterMs"), num(jitter))
        return self.inc(A(self.at("Incoming"), "jitterBufferReport", Struct("JitterStats", [
            ("packets", Raw(str(self.rx_packets))), ("jitterMs", Raw(str(jitter))),
            ("late", Raw(str(self.rng.choice([0, 0, 0, 1, 2]))))])))

    # reason: inside a talk burst the person started, but it streams one number
    @noise
    def mic_level(self, level):
        self.set(("talk", "micLevel"), num(level))
        return self.talk(A(self.at("Talk"), "microphoneLevel", Raw(repr(level))))

    # reason: inside a talk burst the person started, but it only counts packets up
    @noise
    def packets_flushed(self, n):
        self.seq += n
        self.set(("talk", "packetsSent"), num(int(self.get(("talk", "packetsSent")).cd) + n))
        return self.talk(A(self.at("Talk"), "packetsFlushed", count=Raw(str(n)), lastSequence=Raw(str(self.seq))))

    # reason: the elapsed-time timer while the person talks
    @noise
    def talk_tick(self):
        self.set(("talk", "elapsed"), num(int(self.get(("talk", "elapsed")).cd) + 1))
        return self.talk(A(self.at("Talk"), "timerTicked"))

    @noise
    def probe(self):
        base = 55 if self.quality == "good" else (180 if self.quality == "fair" else 420)
        rtt = max(20, int(self.rng.gauss(base, base * 0.2)))
        loss = round(max(0.0, self.rng.gauss(0.3 if self.quality == "good" else 4.0, 0.5)), 1)
        self.set(("network", "rttMs"), num(rtt))
        self.set(("network", "lossPercent"), num(loss))
        return self.act("network", A(self.at("Network"), "probeResponse", self.result("ProbeResult", True, Struct(
            "ProbeResult", [("rttMs", Raw(str(rtt))), ("lossPercent", Raw(repr(loss)))]))))

    # reason: a 25 s keep-alive on the socket; no payload, no state change
    @noise
    def pong(self):
        return self.act("network", A(self.at("Network"), "pongReceived"))

    # reason: the alerting teammate's position every 5 s while the alert lasts; the alert itself is the event
    @noise
    def beacon(self):
        if self.get(("emergency",)) is NIL:
            return None
        e = self.get(("emergency",))
        lat = round(float(e.f["latitude"].cd) + self.rng.gauss(0, 0.00003), 5)
        lon = round(float(e.f["longitude"].cd) + self.rng.gauss(0, 0.00003), 5)
        self.set(("emergency", "latitude"), num(lat))
        self.set(("emergency", "longitude"), num(lon))
        return self.act("emergency", A(self.at("Emergency"), "beaconLocation", Struct("Coordinate", [
            ("latitude", Raw(repr(lat))), ("longitude", Raw(repr(lon)))])))

    # reason: the volume slider's binding during a drag (the mute toggle beside it is signal)
    @noise
    def volume_dragged(self, v):
        self.set(("settings", "volume"), num(v))
        return self.act("settings", self.binding("Settings", "volume", Raw(repr(v))))

    # -- either
    # reason: the message field's binding, a keystroke each
    @either
    def draft_typed(self, s):
        self.set(("messages", "draft"), text(s))
        return self.act("messages", self.binding("Messages", "draft", q(s)))

    # -- signal: the person
    @signal
    def channel_tapped(self, cid):
        return self.act("channels", A(self.at("Channels"), "channelTapped", id=Raw(str(cid))))

    @signal
    def join_response(self, cid, name):
        self.channel = (cid, name)
        self.set(("channels", "current"), St("Channel", [("id", num(cid)), ("name", text(name))]))
        return self.act("channels", A(self.at("Channels"), "joinResponse", self.result("ChannelSession", True, Struct(
            "ChannelSession", [("channelID", Raw(str(cid))), ("codec", q("opus/16000")),
                               ("token", q(self.uid()[:8].lower()))]))))

    @signal
    def roster_response(self):
        rng = self.rng
        n = rng.randint(6, 10)
        start = 4000 + 100 * self.channel[0]
        ids = sorted(rng.sample(range(start, start + 60), n))
        names = rng.sample(NAMES, n)
        self.members = list(ids)
        for mid in ids:
            self.pos[mid] = [round(52.52 + rng.uniform(-0.01, 0.01), 5), round(13.405 + rng.uniform(-0.015, 0.015), 5)]
        self.set(("roster", "members"), Arr(self.member_state(m, nm) for m, nm in zip(ids, names)))
        return self.act("roster", A(self.at("Roster"), "rosterResponse", self.result("[Member]", True, Struct(
            "RosterPage", [("channelID", Raw(str(self.channel[0]))), ("members", Raw(str(n))),
                           ("online", Raw(str(n - 1)))]))))

    @signal
    def talk_pressed(self):
        self.set(("talk", "floor"), self.case("requesting", "Floor"))
        self.set(("talk", "elapsed"), num(0))
        return self.talk(A(self.at("Talk"), "talkButtonPressed"))

    @signal
    def floor_response(self, granted):
        self.set(("talk", "floor"), self.case("granted" if granted else "denied", "Floor"))
        payload = Struct("FloorGrant", [("talkSpurtID", q(self.uid()[:8].lower())), ("maxSeconds", Raw("60"))]) \
            if granted else Struct("FloorError", [("reason", Raw(".busy")), ("holder", Raw(str(self.speaking)))])
        return self.talk(A(self.at("Talk"), "floorResponse", self.result("FloorGrant", granted, payload)))

    @signal
    def talk_released(self):
        self.set(("talk", "floor"), self.case("idle", "Floor"))
        self.set(("talk", "micLevel"), num(0.0))
        return self.talk(A(self.at("Talk"), "talkButtonReleased"))

    @signal
    def transmission_ended(self, seconds):
        return self.talk(A(self.at("Talk"), "transmissionResponse", self.result("TransmissionSummary", True, Struct(
            "TransmissionSummary", [("seconds", Raw(repr(seconds))), ("packets", Raw(self.get(("talk", "packetsSent")).cd)),
                                    ("listeners", Raw(str(max(1, len(self.members) - 2))))]))))

    @signal
    def mute_toggled(self, muted):
        self.set(("settings", "isMuted"), boolean(muted))
        return self.act("settings", self.binding("Settings", "isMuted", Raw("true" if muted else "false")))

    @signal
    def send_tapped(self):
        return self.act("messages", A(self.at("Messages"), "sendButtonTapped"))

    @signal
    def send_response(self, body):
        self.set(("messages", "draft"), text(""))
        self.append(("messages", "items"), St("Message", [("from", text("Me")), ("body", text(body)),
                                                          ("sentAt", self.date())]))
        return self.act("messages", A(self.at("Messages"), "sendResponse", self.result("Message", True, Struct(
            "MessageReceipt", [("id", q(self.uid()[:8].lower())), ("delivered", Raw(str(len(self.members))))]))))

    @signal
    def messages_opened(self):
        self.set(("messages", "unread"), num(0))
        return self.act("messages", A(self.at("Messages"), "onAppear"))

    @signal
    def ack_tapped(self):
        if self.get(("emergency",)) is NIL:
            return None
        return self.act("emergency", A(self.at("Emergency"), "acknowledgeButtonTapped"))

    @signal
    def ack_response(self):
        if self.get(("emergency",)) is NIL:
            return None
        self.set(("emergency", "acknowledged"), boolean(True))
        return self.act("emergency", A(self.at("Emergency"), "acknowledgeResponse", self.result("Acknowledgement", True,
                                                                                              Struct("Acknowledgement", [
                                                                                                  ("alertID", q("E-%d" % self.alert_id))]))))

    @signal
    def scene_phase(self, phase):
        self.foreground = phase == "active"
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    # -- signal: the team and the network
    # reason: pushed by the server, but a teammate starting to talk is what the app is for
    @signal
    def floor_taken(self, mid):
        self.speaking = mid
        self.rx_packets = 0
        self.set(self.mpath(mid, "isTalking"), boolean(True))
        self.set(("incoming",), St(self.st("Incoming"), [("speakerID", num(mid)), ("name", text(self.name_of(mid))),
                                                         ("level", num(0.0)), ("packetsReceived", num(0)),
                                                         ("jitterMs", num(0))]))
        return self.inc(A(self.at("Incoming"), "floorTaken", by=Raw(str(mid))))

    @signal
    def floor_released(self, mid):
        self.speaking = None
        if mid in self.members:
            self.set(self.mpath(mid, "isTalking"), boolean(False))
        self.set(("incoming",), NIL)
        return self.inc(A(self.at("Incoming"), "floorReleased", by=Raw(str(mid))))

    # reason: pushed by the server, each a member's status changing
    @signal
    def presence_changed(self, mid, presence):
        if mid not in self.members:
            return None
        self.set(self.mpath(mid, "presence"), self.case(presence, "Presence"))
        return self.mrow(mid, A(self.at("Member"), "presenceChanged", A("Presence", presence)))

    @signal
    def member_joined(self):
        rng = self.rng
        start = 4000 + 100 * self.channel[0]
        free = [m for m in range(start, start + 60) if m not in self.members]
        mid = rng.choice(free)
        used = set(self.get(self.mpath(m, "name")).df for m in self.members)
        name = rng.choice([n for n in NAMES if n not in used])
        self.pos[mid] = [round(52.52 + rng.uniform(-0.01, 0.01), 5), round(13.405 + rng.uniform(-0.015, 0.015), 5)]
        self.members.append(mid)
        self.append(("roster", "members"), self.member_state(mid, name))
        return self.act("roster", A(self.at("Roster"), "memberJoined", Struct("Member", [
            ("id", Raw(str(mid))), ("name", q(name))])))

    @signal
    def member_left(self, mid):
        if mid not in self.members or mid == self.speaking:
            return None
        i = self.members.index(mid)
        self.members.pop(i)
        self.remove_at(("roster", "members"), i)
        return self.act("roster", A(self.at("Roster"), "memberLeft", id=Raw(str(mid))))

    @signal
    def message_received(self, mid, body):
        if mid not in self.members:
            return None
        self.append(("messages", "items"), St("Message", [("from", text(self.name_of(mid))), ("body", text(body)),
                                                          ("sentAt", self.date())]))
        self.set(("messages", "unread"), num(int(self.get(("messages", "unread")).cd) + 1))
        return self.act("messages", A(self.at("Messages"), "messageReceived", Struct("Message", [
            ("from", Raw(str(mid))), ("body", q(body))])))

    @signal
    def alert_received(self, mid):
        if mid not in self.members:
            return None
        self.alert_id = self.rng.randint(100, 999)
        lat, lon = self.pos[mid]
        self.set(("emergency",), St(self.st("Emergency"), [("alertID", text("E-%d" % self.alert_id)),
                                                           ("from", num(mid)), ("name", text(self.name_of(mid))),
                                                           ("latitude", num(lat)), ("longitude", num(lon)),
                                                           ("acknowledged", boolean(False))]))
        return self.act("emergency", A(self.at("Emergency"), "alertReceived", Struct("EmergencyAlert", [
            ("id", q("E-%d" % self.alert_id)), ("from", Raw(str(mid))), ("kind", Raw(".manDown"))])))

    @signal
    def alert_cleared(self):
        if self.get(("emergency",)) is NIL:
            return None
        self.set(("emergency",), NIL)
        return self.act("emergency", A(self.at("Emergency"), "alertCleared", id=q("E-%d" % self.alert_id)))

    @signal
    def connection_changed(self, up):
        self.connected = up
        self.set(("network", "connection"), self.case("connected" if up else "reconnecting", "Connection"))
        return self.act("network", A(self.at("Network"), "connectionStateChanged",
                                     A("Connection", "connected" if up else "reconnecting")))

    # reason: derived from the probes, but it fires only when the quality band changes (the banner shows)
    @signal
    def quality_changed(self, q_):
        self.quality = q_
        self.set(("network", "quality"), self.case(q_, "Quality"))
        return self.act("network", A(self.at("Network"), "qualityChanged", A("Quality", q_)))

    # -- processes
    def processes(self):
        return [self.person(), self.team(), self.locations(), self.presence(), self.net(), self.chatter(),
                self.periodic(self.own_location, 2.0, 0.05),
                self.periodic(self.probe, 5.0, 0.05, when=lambda: self.connected),
                self.periodic(self.pong, 25.0, 0.3, when=lambda: self.connected),
                self.periodic(self.beacon, 5.0, 0.1, when=lambda: self.get(("emergency",)) is not NIL),
                self.emergencies()]

    def join(self, cid, name):
        rng = self.rng
        if self.speaking is not None:
            self.emit(self.floor_released, self.speaking)
        self.emit(self.channel_tapped, cid)
        yield rng.uniform(0.2, 0.8)
        self.emit(self.join_response, cid, name)
        yield rng.uniform(0.1, 0.4)
        self.emit(self.roster_response)

    def locations(self):
        """Each member's position, relayed every 10 s (their phones' own schedules)."""
        phase = {}
        while True:
            yield 0.25
            for mid in list(self.members):
                if mid not in phase:
                    phase[mid] = self.now + self.rng.uniform(0, 10)
                if self.now >= phase[mid]:
                    phase[mid] += 10.0 + self.rng.uniform(-0.3, 0.3)
                    if self.connected:
                        self.emit(self.member_location, mid)

    def presence(self):
        rng = self.rng
        while True:
            yield self.expo(55.0)
            if not self.members or not self.connected:
                continue
            r = rng.random()
            if r < 0.15:
                self.emit(self.member_joined)
            elif r < 0.25 and len(self.members) > 5:
                self.emit(self.member_left, rng.choice(self.members))
            else:
                mid = rng.choice(self.members)
                cur = self.get(self.mpath(mid, "presence")).cd
                self.emit(self.presence_changed, mid, "online" if cur != ".online" else rng.choice(["away", "busy"]))

    def chatter(self):
        rng = self.rng
        while True:
            yield self.expo(70.0)
            if self.members and self.connected:
                self.emit(self.message_received, rng.choice(self.members), rng.choice(TEXTS))

    def team(self):
        """Teammates taking the floor: a talk spurt with levels and jitter reports."""
        rng = self.rng
        while True:
            yield self.expo(12.0)
            if not self.members or self.talking or self.speaking is not None or not self.connected:
                continue
            mid = rng.choice(self.members)
            self.emit(self.floor_taken, mid)
            length = min(20.0, 1.2 + rng.lognormvariate(math.log(4.5), 0.5))
            end = self.now + length
            next_stats = self.now + 1.0
            level = 0.1
            while self.now < end:
                yield 0.08 + rng.uniform(-0.004, 0.004)
                if self.speaking != mid:
                    break
                self.rx_packets += 4
                level = round(min(1.0, max(0.0, 0.6 * level + 0.4 * rng.uniform(0.05, 0.95))), 2)
                if self.foreground:
                    self.emit(self.rx_level, level)
                if self.now >= next_stats:
                    next_stats += 1.0
                    self.emit(self.rx_stats, int(rng.uniform(8, 30 if self.quality == "good" else 90)))
            if self.speaking == mid:
                yield rng.uniform(0.05, 0.2)
                self.emit(self.floor_released, mid)

    def net(self):
        rng = self.rng
        while True:
            yield rng.uniform(150, 300)
            self.emit(self.quality_changed, "fair")
            yield rng.uniform(10, 40)
            if rng.random() < 0.6:
                self.emit(self.quality_changed, "poor")
                yield rng.uniform(5, 20)
                self.emit(self.connection_changed, False)
                if self.speaking is not None:
                    self.emit(self.floor_released, self.speaking)
                yield rng.uniform(4, 18)
                self.emit(self.connection_changed, True)
            yield rng.uniform(10, 40)
            self.emit(self.quality_changed, "good")

    def emergencies(self):
        rng = self.rng
        yield rng.uniform(200, 480)
        while not self.members:
            yield 5.0
        self.emit(self.alert_received, rng.choice(self.members))
        yield rng.uniform(90, 200)
        self.emit(self.alert_cleared)

    def transmit(self):
        rng = self.rng
        self.talking = True
        self.emit(self.talk_pressed)
        yield rng.uniform(0.12, 0.4)
        if self.speaking is not None or not self.connected:
            self.emit(self.floor_response, False)
            yield rng.uniform(0.3, 1.0)
            self.emit(self.talk_released)
            self.talking = False
            return
        self.emit(self.floor_response, True)
        self.set(("talk", "packetsSent"), num(0))
        hold = min(15.0, 1.0 + rng.lognormvariate(math.log(3.0), 0.5))
        start = self.now
        next_tick = self.now + 1.0
        next_flush = self.now + 0.2
        level = 0.1
        while self.now - start < hold:
            yield 0.08 + rng.uniform(-0.004, 0.004)
            level = round(min(1.0, max(0.0, 0.6 * level + 0.4 * rng.uniform(0.05, 0.95))), 2)
            self.emit(self.mic_level, level)
            if self.now >= next_flush:
                next_flush += 0.2
                self.emit(self.packets_flushed, 10)
            if self.now >= next_tick:
                next_tick += 1.0
                self.emit(self.talk_tick)
        self.emit(self.talk_released)
        self.talking = False
        yield rng.uniform(0.1, 0.3)
        self.emit(self.transmission_ended, round(self.now - start, 1))

    def person(self):
        rng = self.rng
        think = self.think((2.5, 8.0), (12.0, 40.0), (60, 200), (40, 150))
        yield rng.uniform(1.0, 3.0)
        yield from self.join(*CHANNELS[0])
        switches = 0
        while True:
            yield next(think)
            if not self.foreground:
                if rng.random() < 0.4:
                    self.emit(self.scene_phase, "active")
                continue
            e = self.get(("emergency",))
            if e is not NIL and e.f["acknowledged"].cd == "false":
                yield rng.uniform(2.0, 8.0)
                self.emit(self.ack_tapped)
                yield rng.uniform(0.2, 0.7)
                self.emit(self.ack_response)
                continue
            r = rng.random()
            if r < 0.40:
                yield from self.transmit()
            elif r < 0.55:
                self.emit(self.messages_opened)
                if rng.random() < 0.5:
                    body = rng.choice(MY_TEXTS)
                    yield rng.uniform(1.0, 3.0)
                    for k in range(1, len(body) + 1):
                        self.emit(self.draft_typed, body[:k])
                        yield rng.uniform(0.1, 0.4)
                    self.emit(self.send_tapped)
                    yield rng.uniform(0.15, 0.6)
                    self.emit(self.send_response, body)
            elif r < 0.62:
                v = float(self.get(("settings", "volume")).cd)
                goal = round(rng.uniform(0.3, 1.0), 2)
                hz = rng.uniform(30, 60)
                n = max(4, int(hz * rng.uniform(0.3, 1.5)))
                yield from self.gesture(self.volume_dragged, hz=hz, duration=n / hz, args=lambda i: (
                    round(v + (goal - v) * (i + 1) / n + rng.uniform(-0.005, 0.005), 2),))
            elif r < 0.66:
                self.emit(self.mute_toggled, self.get(("settings", "isMuted")).cd != "true")
            elif r < 0.70 and switches < 2:
                switches += 1
                cid, name = rng.choice([c for c in CHANNELS if c[0] != self.channel[0]])
                yield from self.join(cid, name)
            elif r < 0.80:
                self.emit(self.scene_phase, "background")
                yield rng.uniform(30, 120)
                self.emit(self.scene_phase, "active")


APPS = {"pos": TablePoint, "filesync": Cloudbox, "pttradio": TalkGroup}
