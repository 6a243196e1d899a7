// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Kith",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Kith", targets: ["Kith"]),
        .library(name: "VCardFormat", targets: ["VCardFormat"]),
        .library(name: "ICalendarFormat", targets: ["ICalendarFormat"]),
        .executable(name: "kith", targets: ["KithCLI"]),
        .executable(name: "kith-bench", targets: ["KithBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // Layer 1: the syntax vCard and iCalendar share.
        .target(name: "ContentLines"),
        // XML read with no DTD, no external entities and no network (xCard, xCal).
        .target(name: "SecureXML"),
        // Layer 2: the formats.
        .target(name: "VCardFormat", dependencies: ["ContentLines", "SecureXML"]),
        .target(name: "ICalendarFormat", dependencies: ["ContentLines", "SecureXML"]),
        // Layer 3: the journal.
        .target(
            name: "Kith",
            dependencies: [
                "VCardFormat", "ICalendarFormat",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Layer 4: the tool.
        .executableTarget(
            name: "KithCLI",
            dependencies: [
                "Kith",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Benchmarks: in-process timings for Scripts/bench.sh and Benchmarks/ical-bench.sh (issue 7).
        .executableTarget(name: "KithBench", dependencies: ["Kith", "VCardFormat", "ICalendarFormat"]),
        // libFuzzer targets (Scripts/fuzz.sh); plain builds replay files given as arguments.
        .target(name: "FuzzSupport", path: "Sources/Fuzz/FuzzSupport"),
        .executableTarget(name: "FuzzContentLines", dependencies: ["FuzzSupport", "ContentLines"], path: "Sources/Fuzz/FuzzContentLines"),
        .executableTarget(name: "FuzzVCard", dependencies: ["FuzzSupport", "VCardFormat"], path: "Sources/Fuzz/FuzzVCard"),
        .executableTarget(name: "FuzzICalendar", dependencies: ["FuzzSupport", "ICalendarFormat"], path: "Sources/Fuzz/FuzzICalendar"),
        .executableTarget(name: "FuzzXML", dependencies: ["FuzzSupport", "SecureXML", "VCardFormat", "ICalendarFormat"], path: "Sources/Fuzz/FuzzXML"),
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzSupport", "VCardFormat", "ICalendarFormat"], path: "Sources/Fuzz/FuzzJSON"),
        // The outside judges (Python icalendar/vobject, khal, khard), shared by the test targets.
        .target(name: "OutsideJudges", path: "Tests/OutsideJudges"),
        .testTarget(name: "ContentLinesTests", dependencies: ["ContentLines"]),
        .testTarget(name: "SecureXMLTests", dependencies: ["SecureXML"]),
        .testTarget(name: "VCardFormatTests", dependencies: ["VCardFormat", "OutsideJudges"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ICalendarFormatTests", dependencies: ["ICalendarFormat", "OutsideJudges"], resources: [.copy("Fixtures")]),
        .testTarget(name: "KithTests", dependencies: ["Kith", "OutsideJudges", .product(name: "GRDB", package: "GRDB.swift")], resources: [.copy("Fixtures")]),
        .testTarget(name: "KithCLITests", dependencies: ["Kith", "KithCLI", .product(name: "GRDB", package: "GRDB.swift")]),
    ]
)

// The same settings for every target.
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.swiftLanguageMode(.v6))
    target.swiftSettings = settings
}
