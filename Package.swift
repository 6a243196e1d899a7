// swift-tools-version:6.1
import PackageDescription

// Release `kith` (and `kith-net`) start in about half the time statically linked (issue 7): no
// Swift/Foundation shared libraries to load and relocate, and no position-independent
// executable whose ~80,000 relative relocations the loader would apply at every
// start. libxml2 (and the ICU it uses) stay shared. FoundationEssentials finds the
// ICU time zone, calendar and locale classes by name, and a static link keeps only
// the objects something refers to: `-u` keeps them (else TimeZone(identifier:) is nil).
// Debug builds stay dynamic (fast links for the tests, which run the debug `kith`).
// SwiftPM leaves Foundation's own static libraries off the link line: listed here
// in one group, since they refer to each other.
let staticRelease: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-static-stdlib", "-Xclang-linker", "-no-pie",
            "-Xlinker", "--start-group",
            "-Xlinker", "-lCoreFoundation", "-Xlinker", "-l_CFXMLInterface", "-Xlinker", "-l_FoundationICU",
            "-Xlinker", "-l_FoundationCollections", "-Xlinker", "-l_FoundationCShims",
            "-Xlinker", "-lswiftSynchronization", "-Xlinker", "-lFoundationEssentials",
            "-Xlinker", "-lFoundationInternationalization", "-Xlinker", "-lFoundation",
            "-Xlinker", "-lFoundationXML", "-Xlinker", "-lxml2", "-Xlinker", "-lsqlite3",
            "-Xlinker", "--end-group",
            "-Xlinker", "-u", "-Xlinker", "$s30FoundationInternationalization12_TimeZoneICUCMn",
            "-Xlinker", "-u", "-Xlinker", "$s30FoundationInternationalization15_TimeZoneGMTICUCMn",
            "-Xlinker", "-u", "-Xlinker", "$s30FoundationInternationalization12_CalendarICUCMn",
            "-Xlinker", "-u", "-Xlinker", "$s30FoundationInternationalization10_LocaleICUCMn",
        ], .when(platforms: [.linux], configuration: .release))
]

let package = Package(
    name: "Kith",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Kith", targets: ["Kith"]),
        .library(name: "VCardFormat", targets: ["VCardFormat"]),
        .library(name: "ICalendarFormat", targets: ["ICalendarFormat"]),
        .executable(name: "kith", targets: ["KithTool"]),
        .executable(name: "kith-net", targets: ["KithNetTool"]),
        .executable(name: "kith-bench", targets: ["KithBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Issue 20's DAV client (swift-nio, BoringSSL linked in: per-client trust roots for a
        // self-signed home server; no libcurl). Created only inside `kith sync`.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Already under async-http-client; named so KithSync can use ByteBuffer and a CA file as trust roots.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
        // Issue 21's `kith serve` (swift-nio, shared with the client). Built only inside `kith serve`.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        // `swift package generate-documentation --target Kith` (Sources/Kith/Kith.docc); not linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Layer 0: what every layer shares: size text, calendar-day arithmetic, the thread hand-off.
        .target(name: "KithBase"),
        // Layer 1: the syntax vCard and iCalendar share.
        .target(name: "ContentLines", dependencies: ["KithBase"]),
        // XML read with no DTD, no external entities and no network (xCard, xCal).
        .target(name: "SecureXML"),
        // Layer 2: the formats.
        .target(name: "VCardFormat", dependencies: ["ContentLines", "SecureXML"]),
        .target(name: "ICalendarFormat", dependencies: ["KithBase", "ContentLines", "SecureXML"]),
        // Layer 3: the journal.
        .target(
            name: "Kith",
            dependencies: [
                "KithBase", "VCardFormat", "ICalendarFormat",
                .product(name: "GRDB", package: "GRDB.swift"),
                // The C API, for SQLITE_FCNTL_PERSIST_WAL (Journal.init).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Layer 3, beyond one machine: two-way CardDAV/CalDAV sync (issue 20) and the journal's
        // screens in a browser (issue 21). Each is a client of the journal's public API.
        .target(
            name: "KithSync",
            dependencies: [
                "Kith", "SecureXML",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "KithServe",
            dependencies: [
                "Kith",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Layer 4: the tool: the commands (a library, so that KithCLITests link it without the
        // tool's linker settings) and the `kith` executable, only `KithMain.main()`.
        .target(
            name: "KithCLI",
            dependencies: [
                "KithBase", "Kith",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "KithTool",
            dependencies: ["KithCLI"],
            linkerSettings: staticRelease
        ),
        // `kith sync` and `kith serve` (issues 20, 21) run in `kith-net`, which `kith` executes
        // from beside itself: swift-nio, BoringSSL and Hummingbird add their protocol
        // conformances to every lookup the runtime makes, and linked into `kith` they cost
        // `kith calendar` +22 % and `kith day` +32 % instructions (14.3 M -> 17.5 M,
        // 38.1 M -> 50.1 M, callgrind) though neither command ever uses them.
        .target(
            name: "KithNetCLI",
            dependencies: [
                "Kith", "KithCLI", "KithSync", "KithServe",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "KithNetTool", dependencies: ["KithNetCLI"], linkerSettings: staticRelease),
        // Benchmarks: in-process timings for Scripts/bench.sh and Scripts/ical-bench.sh (issue 7).
        .executableTarget(name: "KithBench", dependencies: ["Kith", "ContentLines", "VCardFormat", "ICalendarFormat"]),
        // libFuzzer targets (Scripts/fuzz.sh); plain builds replay files given as arguments.
        .target(name: "FuzzSupport", path: "Sources/Fuzz/FuzzSupport"),
        .executableTarget(name: "FuzzContentLines", dependencies: ["FuzzSupport", "ContentLines"], path: "Sources/Fuzz/FuzzContentLines"),
        .executableTarget(name: "FuzzVCard", dependencies: ["FuzzSupport", "VCardFormat"], path: "Sources/Fuzz/FuzzVCard"),
        .executableTarget(name: "FuzzICalendar", dependencies: ["FuzzSupport", "ICalendarFormat"], path: "Sources/Fuzz/FuzzICalendar"),
        .executableTarget(name: "FuzzXML", dependencies: ["FuzzSupport", "SecureXML", "VCardFormat", "ICalendarFormat"], path: "Sources/Fuzz/FuzzXML"),
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzSupport", "VCardFormat", "ICalendarFormat"], path: "Sources/Fuzz/FuzzJSON"),
        // The outside judges (Python icalendar/vobject, khal, khard), shared by the test targets.
        .target(name: "OutsideJudges", path: "Tests/OutsideJudges"),
        .testTarget(name: "KithBaseTests", dependencies: ["KithBase"]),
        .testTarget(name: "ContentLinesTests", dependencies: ["ContentLines"]),
        .testTarget(name: "SecureXMLTests", dependencies: ["SecureXML"]),
        .testTarget(name: "VCardFormatTests", dependencies: ["VCardFormat", "OutsideJudges"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ICalendarFormatTests", dependencies: ["ICalendarFormat", "OutsideJudges"], resources: [.copy("Fixtures")]),
        .testTarget(name: "KithTests", dependencies: ["Kith", "OutsideJudges", .product(name: "GRDB", package: "GRDB.swift")], resources: [.copy("Fixtures")]),
        .testTarget(name: "KithSyncTests", dependencies: ["KithSync", "Kith", "OutsideJudges"], exclude: ["Support/fault_proxy.py"]),
        .testTarget(name: "KithCLITests", dependencies: ["Kith", "KithCLI", "KithNetCLI", "OutsideJudges", .product(name: "GRDB", package: "GRDB.swift")]),
        // Route tests of `kith serve`: a real server on a free port of 127.0.0.1, real journals;
        // Fixtures: multipart bodies captured from Chromium, curl and urllib3.
        .testTarget(
            name: "KithServeTests",
            dependencies: ["Kith", "KithServe", .product(name: "HummingbirdTesting", package: "hummingbird")],
            resources: [.copy("Fixtures")]),
    ]
)

// The same settings for every target.
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.swiftLanguageMode(.v6))
    target.swiftSettings = settings
}
