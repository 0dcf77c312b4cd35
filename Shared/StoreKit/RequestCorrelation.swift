/// An effect that says which request its answer carries, so a test (`ReducerTester`) can follow it to its answer.
public protocol RequestCorrelated {
    /// The id the answering event carries; nil for an effect that nothing answers (it only does something).
    var requestID: UInt64? { get }
}

/// An event that may be the answer to an effect.
public protocol RequestAnswering {
    /// The request id of the effect this event answers; nil for an event that answers none.
    var answersRequest: UInt64? { get }
}
