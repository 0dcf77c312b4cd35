// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FolioHost",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "folio-gateway", targets: ["folio-gateway"]),
        .executable(name: "folio-emulator", targets: ["folio-emulator"]),
        .executable(name: "folio-inquiry", targets: ["folio-inquiry"]),
        .executable(name: "folio-auth", targets: ["folio-auth"]),
        .executable(name: "folio-vault", targets: ["folio-vault"]),
        .executable(name: "folio-documents", targets: ["folio-documents"]),
        .executable(name: "folio-bench", targets: ["folio-bench"]),
        // The libraries the fuzz targets of Fuzz/ (a package of its own) feed bytes into.
        .library(name: "FolioModel", targets: ["FolioModel"]),
        .library(name: "FolioWire", targets: ["FolioWire"]),
        .library(name: "Bus", targets: ["Bus"]),
        .library(name: "Crypto", targets: ["Crypto"]),
        .library(name: "WireModel", targets: ["WireModel"]),
        .library(name: "StoreKit", targets: ["StoreKit"]),
        .library(name: "FolioAPI", targets: ["FolioAPI"]),
        .library(name: "FolioClient", targets: ["FolioClient"]),
        .library(name: "StoreKitTesting", targets: ["StoreKitTesting"]),
        .library(name: "AuthService", targets: ["AuthService"]),
        .library(name: "InquiryService", targets: ["InquiryService"]),
        .library(name: "VaultService", targets: ["VaultService"]),
        .library(name: "DocumentReceiver", targets: ["DocumentReceiver"]),
        .library(name: "PhoneNumbers", targets: ["PhoneNumbers"]),
        .library(name: "DocumentCapture", targets: ["DocumentCapture"]),
        .library(name: "Images", targets: ["Images"]),
    ],
    targets: [
        // MARK: C libraries
        .systemLibrary(
            name: "CPostgres", path: "Shared/CPostgres", pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]),
        .systemLibrary(
            name: "CSodium", path: "Shared/CSodium", pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(
            name: "CCurl", path: "Shared/CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(
            name: "CMicroHTTPD", path: "Shared/CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(
            name: "CNats", path: "Shared/CNats", pkgConfig: "libnats",
            providers: [.apt(["libnats-dev"])]),
        .systemLibrary(
            name: "CQRencode", path: "Shared/CQRencode", pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]),
        // libvips (Debian libvips-dev) as a Clang module. Its headers need only GLib's include paths: vips.pc
        // would add a dozen more and a -pthread that SwiftPM refuses with a warning on every build.
        .systemLibrary(
            name: "CVips", path: "Shared/CVips", pkgConfig: "gobject-2.0",
            providers: [.apt(["libvips-dev"])]),
        // glibc's malloc.h (malloc_trim), which the Glibc module leaves out.
        .systemLibrary(name: "CMalloc", path: "Shared/CMalloc"),
        .target(name: "CShims", dependencies: ["CCurl", "CMicroHTTPD"], path: "Shared/CShims"),
        // libphonenumber (Debian libphonenumber-dev) has no pkg-config file; its .so brings
        // protobuf, ICU and abseil along.
        .target(
            name: "CPhoneNumber", path: "Shared/CPhoneNumber",
            linkerSettings: [.linkedLibrary("phonenumber")]),
        // ICU's UTS #46 (Debian libicu-dev) behind a header of its own: a system library module of ICU's
        // headers clashes with the copy of ICU that Foundation brings as a Clang module.
        .target(name: "CIDNA", path: "Shared/CIDNA", linkerSettings: [.linkedLibrary("icuuc")]),

        // MARK: Shared libraries
        .target(name: "FolioModel", path: "Shared/FolioModel"),
        .target(name: "FolioWire", dependencies: ["FolioModel"], path: "Shared/FolioWire"),
        .target(name: "Lifecycle", path: "Shared/Lifecycle"),
        .target(name: "Metrics", path: "Shared/Metrics"),
        .target(name: "Crypto", dependencies: ["CSodium", "Lifecycle"], path: "Shared/Crypto"),
        .target(name: "Postgres", dependencies: ["CPostgres", "Lifecycle"], path: "Shared/Postgres"),
        .target(name: "HTTP", dependencies: ["CCurl", "CMicroHTTPD", "CShims"], path: "Shared/HTTP"),
        .target(name: "Bus", dependencies: ["FolioModel", "CNats"], path: "Shared/Bus"),
        .target(name: "WireModel", dependencies: ["FolioModel", "Bus"], path: "Shared/WireModel"),
        .target(
            name: "StoreKit", dependencies: ["FolioModel", "Bus", "FolioAPI", "Lifecycle"], path: "Shared/StoreKit"),
        .target(
            name: "StoreKitTesting", dependencies: ["StoreKit", "Bus", "FolioModel", "FolioAPI", "WireModel"], path: "Shared/StoreKitTesting"),
        .target(name: "FolioAPI", dependencies: ["FolioModel", "Bus", "WireModel"], path: "Shared/FolioAPI"),
        .target(
            name: "FolioClient", dependencies: ["FolioModel", "FolioWire", "HTTP", "Crypto"], path: "Shared/FolioClient"
        ),
        .target(
            name: "ServiceKit",
            dependencies: [
                "FolioModel", "Lifecycle", "Bus", "Postgres", "StoreKit", "FolioAPI", "FolioClient", "HTTP", "Crypto",
                "WireModel", "Metrics", "CMalloc",
            ],
            path: "Shared/ServiceKit", resources: [.copy("Migrations")]),
        .target(name: "TestSupport", dependencies: ["Bus"], path: "Shared/TestSupport"),
        .target(name: "PhoneNumbers", dependencies: ["CPhoneNumber"], path: "Shared/PhoneNumbers"),
        .target(name: "DocumentCapture", path: "Shared/DocumentCapture"),
        .target(
            name: "DocumentCaptureTesting", dependencies: ["DocumentCapture"], path: "Shared/DocumentCaptureTesting"),
        .target(name: "Images", dependencies: ["CVips", "Crypto"], path: "Shared/Images"),
        .target(name: "Webhooks", dependencies: ["Crypto", "HTTP"], path: "Shared/Webhooks"),

        // MARK: Services (library + thin executable)
        .target(
            name: "GatewayService",
            dependencies: ["FolioModel", "Lifecycle", "Bus", "HTTP", "FolioAPI", "CQRencode", "Metrics"],
            path: "Services/Gateway/Sources"),
        .executableTarget(
            name: "folio-gateway", dependencies: ["GatewayService", "FolioContract"], path: "Services/Gateway/Main"),
        .target(
            name: "FolioContract",
            dependencies: ["FolioAPI", "FolioModel", "AuthService", "InquiryService", "VaultService", "DocumentReceiver"],
            path: "Services/Contract/Sources"),
        .target(
            name: "FolioEmulator", dependencies: ["FolioModel", "FolioWire", "Lifecycle", "HTTP", "Crypto"],
            path: "Services/FolioEmulator/Sources"),
        .executableTarget(name: "folio-emulator", dependencies: ["FolioEmulator"], path: "Services/FolioEmulator/Main"),
        .target(
            name: "InquiryService",
            dependencies: [
                "ServiceKit", "StoreKit", "FolioClient", "Crypto", "WireModel", "PhoneNumbers", "Postgres", "FolioAPI",
                "Bus", "Lifecycle", "CIDNA", "DocumentCapture", "Images", "Webhooks",
            ],
            path: "Services/InquiryService/Sources", resources: [.copy("Migrations")]),
        .executableTarget(
            name: "folio-inquiry", dependencies: ["InquiryService"], path: "Services/InquiryService/Main"),
        .target(
            name: "AuthService",
            dependencies: [
                "ServiceKit", "StoreKit", "FolioClient", "Crypto", "WireModel", "FolioAPI", "Bus", "Lifecycle",
                "Postgres",
            ],
            path: "Services/AuthService/Sources", resources: [.copy("Migrations")]),
        .executableTarget(name: "folio-auth", dependencies: ["AuthService"], path: "Services/AuthService/Main"),
        .target(
            name: "VaultService",
            dependencies: [
                "ServiceKit", "StoreKit", "FolioClient", "Crypto", "WireModel", "Lifecycle", "Postgres", "HTTP",
                "FolioAPI", "Bus",
            ],
            path: "Services/VaultService/Sources", resources: [.copy("Migrations")]),
        .executableTarget(name: "folio-vault", dependencies: ["VaultService"], path: "Services/VaultService/Main"),
        .target(
            name: "DocumentReceiver",
            dependencies: [
                "ServiceKit", "StoreKit", "FolioClient", "FolioWire", "Crypto", "WireModel", "FolioModel", "Bus",
                "FolioAPI", "Postgres", "Lifecycle",
            ],
            path: "Services/DocumentReceiver/Sources", resources: [.copy("Migrations")]),
        .executableTarget(
            name: "folio-documents", dependencies: ["DocumentReceiver"], path: "Services/DocumentReceiver/Main"),
        .executableTarget(
            name: "folio-bench",
            dependencies: [
                "Bus", "HTTP", "CNats", "CMicroHTTPD", "CShims", "CSodium", "Crypto", "FolioModel", "Lifecycle", "FolioAPI",
                "Postgres", "CPostgres", "ServiceKit",
                "VaultService", "FolioEmulator", "FolioClient", "DocumentCapture", "DocumentReceiver", "FolioWire",
            ],
            path: "bench/Sources"),

        // MARK: Tests
        .testTarget(
            name: "FolioModelTests", dependencies: ["FolioModel"], path: "Tests/FolioModelTests",
            resources: [.copy("Vectors")]),
        .testTarget(
            name: "FolioWireTests", dependencies: ["FolioWire", "FolioModel", "Crypto"], path: "Tests/FolioWireTests",
            resources: [.copy("Fixtures")]),
        .testTarget(name: "CryptoTests", dependencies: ["Crypto", "CSodium"], path: "Tests/CryptoTests"),
        .testTarget(
            name: "PhoneNumbersTests", dependencies: ["PhoneNumbers", "CPhoneNumber"], path: "Tests/PhoneNumbersTests"),
        .testTarget(name: "LifecycleTests", dependencies: ["Lifecycle"], path: "Tests/LifecycleTests"),
        .testTarget(name: "MetricsTests", dependencies: ["Metrics"], path: "Tests/MetricsTests"),
        .testTarget(
            name: "DocumentCaptureTests", dependencies: ["DocumentCapture", "DocumentCaptureTesting"],
            path: "Tests/DocumentCaptureTests"),
        .testTarget(name: "PostgresTests", dependencies: ["Postgres", "TestSupport"], path: "Tests/PostgresTests"),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP"], path: "Tests/HTTPTests"),
        .testTarget(name: "ImagesTests", dependencies: ["Images", "CVips"], path: "Tests/ImagesTests"),
        .testTarget(
            name: "WebhooksTests", dependencies: ["Webhooks", "HTTP", "Crypto"], path: "Tests/WebhooksTests",
            resources: [.copy("Vectors")]),
        .testTarget(
            name: "BusTests", dependencies: ["Bus", "TestSupport"], path: "Tests/BusTests",
            resources: [.copy("Vectors")]),
        .testTarget(
            name: "StoreKitTests", dependencies: ["StoreKit", "StoreKitTesting", "TestSupport"],
            path: "Tests/StoreKitTests"),
        .testTarget(
            name: "FolioContractTests", dependencies: ["FolioContract", "FolioAPI", "Bus", "FolioModel"],
            path: "Tests/FolioContractTests"),
        .testTarget(
            name: "FolioAPITests", dependencies: ["FolioAPI", "WireModel", "Bus"], path: "Tests/FolioAPITests"),
        .testTarget(
            name: "GatewayTests", dependencies: ["GatewayService", "TestSupport", "CQRencode"],
            path: "Tests/GatewayTests"),
        .testTarget(
            name: "FolioEmulatorTests", dependencies: ["FolioEmulator", "FolioClient", "TestSupport"],
            path: "Tests/FolioEmulatorTests"),
        .testTarget(
            name: "ServiceKitTests",
            dependencies: [
                "ServiceKit", "StoreKitTesting", "TestSupport", "Crypto", "Metrics", "HTTP", "FolioClient", "StoreKit",
                "Bus",
            ],
            path: "Tests/ServiceKitTests"),
        .testTarget(
            name: "AuthServiceTests", dependencies: ["AuthService", "StoreKitTesting", "TestSupport", "WireModel"],
            path: "Tests/AuthServiceTests"),
        .testTarget(
            name: "InquiryServiceTests",
            dependencies: [
                "InquiryService", "StoreKitTesting", "TestSupport", "WireModel", "PhoneNumbers", "Crypto",
                "FolioClient", "DocumentCapture", "DocumentCaptureTesting", "HTTP", "Webhooks",
            ],
            path: "Tests/InquiryServiceTests", resources: [.copy("Vectors")]),
        .testTarget(
            name: "VaultServiceTests",
            dependencies: [
                "VaultService", "StoreKitTesting", "TestSupport", "WireModel", "Postgres", "Crypto", "FolioEmulator",
                "FolioClient", "HTTP", "CMalloc",
            ],
            path: "Tests/VaultServiceTests"),
        .testTarget(
            name: "DocumentReceiverTests",
            dependencies: [
                "DocumentReceiver", "FolioWire", "FolioModel", "WireModel", "StoreKit", "StoreKitTesting", "Crypto",
                "FolioClient", "FolioAPI", "Postgres", "ServiceKit", "Bus", "TestSupport",
            ],
            path: "Tests/DocumentReceiverTests"),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "FolioModel", "Bus", "HTTP", "Postgres", "Crypto", "FolioEmulator", "FolioClient", "TestSupport",
                "DocumentCaptureTesting", "Webhooks",
            ],
            path: "Tests/EndToEndTests"),
    ],
    cxxLanguageStandard: .cxx17
)
