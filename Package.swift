// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Brainy",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "brainy", targets: ["brainy"]),
        .library(name: "BrainyKit", targets: ["BrainyKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        // The shared domain: pure Swift + Foundation.
        .target(name: "BrainyKit"),
        // Bundled question packs and the default remote config.
        .target(
            name: "BrainyResources",
            path: "Resources",
            exclude: ["README.md"],
            sources: ["BrainyResources.swift"],
            resources: [.copy("Packs"), .copy("Config")]
        ),
        .target(
            name: "BrainyStore",
            dependencies: [
                "BrainyKit",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(name: "BrainyShell", dependencies: ["BrainyKit", "CEditLine"]),
        .executableTarget(
            name: "brainy",
            dependencies: [
                "BrainyShell", "BrainyStore", "BrainyResources",
            ]
        ),
        .testTarget(name: "BrainyKitTests", dependencies: ["BrainyKit"]),
        .testTarget(name: "BrainyStoreTests", dependencies: ["BrainyStore", "BrainyResources"]),
        .testTarget(name: "BrainyShellTests", dependencies: ["BrainyShell", "BrainyStore", "BrainyResources"]),
        .testTarget(name: "EndToEndTests", dependencies: ["brainy"]),
    ],
    swiftLanguageModes: [.v6]
)
