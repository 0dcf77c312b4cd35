/// The messages of a serially delivered subscription that wait for their handler, and whether a drain runs.
///
/// A value with no I/O: the transport asks it what to do. A drain runs only while messages wait, so an idle
/// subscription holds no task (one per mounted store would cost each idle store a task and its stack).
struct SerialQueue<Element> {
    private var waiting: [Element] = []
    private var head = 0
    /// Whether a drain is handing the waiting messages to the handler.
    private(set) var isDraining = false

    /// Keeps `element` behind those already waiting; true when no drain runs, so the caller must start one.
    mutating func arrived(_ element: Element) -> Bool {
        waiting.append(element)
        guard !isDraining else { return false }
        isDraining = true
        return true
    }

    /// The next element for the drain, oldest first; nil when none waits, which ends the drain (the next
    /// arrival starts another).
    mutating func next() -> Element? {
        guard head < waiting.count else {
            waiting = []
            head = 0
            isDraining = false
            return nil
        }
        let element = waiting[head]
        head += 1
        if head == waiting.count {
            waiting.removeAll()
            head = 0
        }
        return element
    }

    var waitingCount: Int { waiting.count - head }
}
