import Metrics
import Synchronization
import XCTest

/// Counts up each time it is read.
final class ReadSource: Sendable {
    private let count = Mutex(0.0)

    func next() -> Double {
        count.withLock { count in
            count += 1
            return count
        }
    }
}

/// The registry and the Prometheus text exposition format (version 0.0.4) it renders.
final class MetricsRegistryTests: XCTestCase {
    func testTheExpositionOfASmallRegistryIsExact() {
        let registry = MetricsRegistry()
        let calls = registry.counter("app_calls_total", help: "Calls by method.", labels: ["method", "outcome"])
        let inflight = registry.gauge("app_inflight", help: "Calls running now.")
        let duration = registry.histogram("app_duration_seconds", help: "How long calls took.", buckets: [0.1, 1])
        calls.increment(labels: ["b.call", "ok"])
        calls.increment(labels: ["a.call", "ok"])
        calls.increment(by: 2, labels: ["a.call", "invalid_params"])
        inflight.add(3)
        inflight.add(-1)
        duration.observe(0.0625)
        duration.observe(0.5)
        duration.observe(0.25)
        duration.observe(7)

        XCTAssertEqual(
            registry.exposition(),
            """
            # HELP app_calls_total Calls by method.
            # TYPE app_calls_total counter
            app_calls_total{method="a.call",outcome="invalid_params"} 2
            app_calls_total{method="a.call",outcome="ok"} 1
            app_calls_total{method="b.call",outcome="ok"} 1
            # HELP app_inflight Calls running now.
            # TYPE app_inflight gauge
            app_inflight 2
            # HELP app_duration_seconds How long calls took.
            # TYPE app_duration_seconds histogram
            app_duration_seconds_bucket{le="0.1"} 1
            app_duration_seconds_bucket{le="1"} 3
            app_duration_seconds_bucket{le="+Inf"} 4
            app_duration_seconds_sum 7.8125
            app_duration_seconds_count 4

            """)
    }

    func testFamiliesWithoutLabelsShowZeroAndLabelledOnesShowOnlyTouchedSeries() {
        let registry = MetricsRegistry()
        _ = registry.counter("plain_total", help: "A plain counter.")
        let errors = registry.counter("errors_total", help: "Errors by kind.", labels: ["kind"])
        _ = registry.gauge("by_kind", help: "A gauge by kind.", labels: ["kind"])
        errors.touch(labels: ["timeout"])
        XCTAssertEqual(
            registry.exposition(),
            """
            # HELP plain_total A plain counter.
            # TYPE plain_total counter
            plain_total 0
            # HELP errors_total Errors by kind.
            # TYPE errors_total counter
            errors_total{kind="timeout"} 0
            # HELP by_kind A gauge by kind.
            # TYPE by_kind gauge

            """)
    }

    func testHistogramBucketsAreCumulativePerSeries() {
        let registry = MetricsRegistry()
        let histogram = registry.histogram(
            "latency_seconds", help: "Latency.", labels: ["method"], buckets: [0.25, 0.5, 1])
        // A value on a bound counts in that bound's bucket.
        for value in [0.125, 0.25, 0.375, 0.75, 0.875, 1, 4] { histogram.observe(value, labels: ["slow"]) }
        histogram.observe(.milliseconds(20), labels: ["fast"])
        let lines = registry.exposition().split(separator: "\n").map(String.init)
        XCTAssertEqual(
            lines.filter { $0.contains(#"method="slow""#) },
            [
                #"latency_seconds_bucket{method="slow",le="0.25"} 2"#,
                #"latency_seconds_bucket{method="slow",le="0.5"} 3"#,
                #"latency_seconds_bucket{method="slow",le="1"} 6"#,
                #"latency_seconds_bucket{method="slow",le="+Inf"} 7"#,
                #"latency_seconds_sum{method="slow"} 7.375"#,
                #"latency_seconds_count{method="slow"} 7"#,
            ])
        XCTAssertTrue(lines.contains(#"latency_seconds_bucket{method="fast",le="0.25"} 1"#))
        XCTAssertTrue(lines.contains(#"latency_seconds_bucket{method="fast",le="1"} 1"#))
        XCTAssertTrue(lines.contains(#"latency_seconds_bucket{method="fast",le="+Inf"} 1"#))
        XCTAssertEqual(histogram.count(labels: ["slow"]), 7)
        XCTAssertEqual(histogram.count(labels: ["fast"]), 1)
        XCTAssertEqual(histogram.sum(labels: ["fast"]), 0.02, accuracy: 1e-12)
        // The series come in the order of their label values: fast before slow.
        let first = lines.firstIndex { $0.contains(#"method="fast""#) } ?? .max
        let second = lines.firstIndex { $0.contains(#"method="slow""#) } ?? .min
        XCTAssertLessThan(first, second)
    }

    func testLabelValuesAndHelpAreEscaped() {
        let registry = MetricsRegistry()
        let counter = registry.counter("escaped_total", help: "A help text with a \\ and a\nnew line.", labels: ["v"])
        counter.increment(labels: ["a \"quoted\" back\\slash and a\nline feed"])
        XCTAssertEqual(
            registry.exposition(),
            #"""
            # HELP escaped_total A help text with a \\ and a\nnew line.
            # TYPE escaped_total counter
            escaped_total{v="a \"quoted\" back\\slash and a\nline feed"} 1

            """#)
    }

    func testNumbersAreWrittenAsPrometheusReadsThem() {
        XCTAssertEqual(PrometheusText.format(0), "0")
        XCTAssertEqual(PrometheusText.format(30), "30")
        XCTAssertEqual(PrometheusText.format(-2), "-2")
        XCTAssertEqual(PrometheusText.format(0.005), "0.005")
        XCTAssertEqual(PrometheusText.format(2.5), "2.5")
        XCTAssertEqual(PrometheusText.format(.infinity), "+Inf")
        XCTAssertEqual(PrometheusText.format(-.infinity), "-Inf")
        XCTAssertEqual(PrometheusText.format(.nan), "NaN")
        XCTAssertEqual(Double(PrometheusText.format(1e-5)), 1e-5)
        XCTAssertEqual(Double(PrometheusText.format(1e20)), 1e20)
    }

    func testNamesAreChecked() {
        XCTAssertTrue(PrometheusText.isMetricName("folio_service_calls_total"))
        XCTAssertTrue(PrometheusText.isMetricName("ns:sub_name"))
        XCTAssertFalse(PrometheusText.isMetricName("9lives"))
        XCTAssertFalse(PrometheusText.isMetricName("with-dash"))
        XCTAssertFalse(PrometheusText.isMetricName(""))
        XCTAssertTrue(PrometheusText.isLabelName("method"))
        XCTAssertFalse(PrometheusText.isLabelName("ns:label"))
    }

    func testCountersAndGaugesReadBack() {
        let registry = MetricsRegistry()
        let counter = registry.counter("reads_total", help: "Reads.", labels: ["kind"])
        let gauge = registry.gauge("level", help: "A level.", labels: ["kind"])
        counter.increment(labels: ["a"])
        counter.increment(by: 4, labels: ["a"])
        gauge.set(7, labels: ["b"])
        gauge.add(-2, labels: ["b"])
        XCTAssertEqual(counter.value(labels: ["a"]), 5)
        XCTAssertEqual(counter.value(labels: ["never"]), 0)
        XCTAssertEqual(gauge.value(labels: ["b"]), 5)
        XCTAssertEqual(registry.names, ["reads_total", "level"])
    }

    func testReadFamiliesAreReadAtEachRendering() {
        let registry = MetricsRegistry()
        let source = ReadSource()
        registry.counter("read_seconds_total", help: "Read when rendered.", reading: { source.next() })
        registry.gauge("read_bytes", help: "A gauge read when rendered.", reading: { 1.5 })
        XCTAssertEqual(
            registry.exposition(),
            """
            # HELP read_seconds_total Read when rendered.
            # TYPE read_seconds_total counter
            read_seconds_total 1
            # HELP read_bytes A gauge read when rendered.
            # TYPE read_bytes gauge
            read_bytes 1.5

            """)
        XCTAssertTrue(registry.exposition().contains("read_seconds_total 2\n"))
    }

    func testConcurrentUpdatesAreAllCounted() async {
        let registry = MetricsRegistry()
        let counter = registry.counter("concurrent_total", help: "Concurrent increments.", labels: ["worker"])
        let histogram = registry.histogram("concurrent_seconds", help: "Concurrent observations.")
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for _ in 0..<1000 {
                        counter.increment(labels: [String(worker % 2)])
                        histogram.observe(0.002)
                    }
                }
            }
        }
        XCTAssertEqual(counter.value(labels: ["0"]) + counter.value(labels: ["1"]), 8000)
        XCTAssertEqual(histogram.count(), 8000)
    }
}
