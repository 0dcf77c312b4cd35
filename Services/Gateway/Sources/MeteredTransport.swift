import Bus

/// Passes every call to another transport and counts its failures by kind in the metrics.
struct MeteredTransport: BusTransport {
    let base: any BusTransport
    let metrics: GatewayMetrics

    func request(subject: String, payload: [UInt8], timeout: Duration) async throws(BusError) -> [UInt8] {
        do {
            return try await base.request(subject: subject, payload: payload, timeout: timeout)
        } catch {
            metrics.recordBusError(error)
            throw error
        }
    }

    func publish(subject: String, payload: [UInt8]) async throws(BusError) {
        do {
            try await base.publish(subject: subject, payload: payload)
        } catch {
            metrics.recordBusError(error)
            throw error
        }
    }

    func subscribe(subject: String, queueGroup: String?, delivery: BusDelivery, handler: @escaping BusHandler)
        async throws(BusError) -> any BusSubscription
    {
        try await base.subscribe(subject: subject, queueGroup: queueGroup, delivery: delivery, handler: handler)
    }
}
