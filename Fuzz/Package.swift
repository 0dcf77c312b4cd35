// swift-tools-version:6.0
import PackageDescription

// The fuzz targets: one executable, folio-fuzz, whose main hands libFuzzer the target that FOLIO_FUZZ_TARGET names
// (docs/fuzzing.md). A package of its own, so that only it is built with -sanitize=fuzzer, in Fuzz/.build:
// scripts/fuzz.sh builds it with
//   swift build --package-path Fuzz -c release -Xswiftc -sanitize=fuzzer,address   (make fuzz)
//   swift build --package-path Fuzz -c debug -Xswiftc -sanitize=fuzzer             (the smoke run in CI)
// and the main package's `swift build` and `swift test` never see it. The main package is named FolioHost here
// so that the products resolve whatever the clone's folder is called.
let package = Package(
    name: "FolioFuzz",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "folio-fuzz", targets: ["FolioFuzz"])],
    dependencies: [.package(name: "FolioHost", path: "..")],
    targets: [
        .target(name: "CFuzzer", path: "Sources/CFuzzer"),
        .executableTarget(
            name: "FolioFuzz",
            dependencies: [
                "CFuzzer",
                .product(name: "FolioModel", package: "FolioHost"),
                .product(name: "FolioWire", package: "FolioHost"),
                .product(name: "Bus", package: "FolioHost"),
                .product(name: "Crypto", package: "FolioHost"),
                .product(name: "WireModel", package: "FolioHost"),
                .product(name: "StoreKit", package: "FolioHost"),
                .product(name: "FolioAPI", package: "FolioHost"),
                .product(name: "FolioClient", package: "FolioHost"),
                .product(name: "StoreKitTesting", package: "FolioHost"),
                .product(name: "AuthService", package: "FolioHost"),
                .product(name: "InquiryService", package: "FolioHost"),
                .product(name: "VaultService", package: "FolioHost"),
                .product(name: "DocumentReceiver", package: "FolioHost"),
                .product(name: "PhoneNumbers", package: "FolioHost"),
                .product(name: "DocumentCapture", package: "FolioHost"),
                .product(name: "Images", package: "FolioHost"),
            ],
            path: "Sources/FolioFuzz"),
    ]
)
