// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Brainy",
    // Built and tested on Linux only (Debian 12, Swift 6.3): the shell's terminal code speaks Glibc and libedit, and
    // CI runs there. No Apple platform is claimed.
    products: [
        .executable(name: "brainy", targets: ["brainy"]),
        .executable(name: "brainy-server", targets: ["brainy-server"]),
        .library(name: "BrainyKit", targets: ["BrainyKit"]),
        .library(name: "BrainyServer", targets: ["BrainyServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.8.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        // The shared domain: pure Swift + Foundation.
        .target(name: "BrainyKit"),
        // A program's flags kept as data and rendered into help, man page and bash/zsh/fish completion: the shell's
        // and the server's. Plain Swift, no domain.
        .target(name: "BrainyCommandLine"),
        // Bundled question packs, the default remote config and the server's house ads. Found at run time in
        // $BRAINY_RESOURCES, ../share/brainy beside the executable (scripts/install), or SwiftPM's bundle beside it.
        .target(
            name: "BrainyResources",
            dependencies: ["BrainyKit", "BrainyPacks"],
            path: "Resources",
            exclude: ["README.md"],
            sources: ["BrainyResources.swift", "BundledConfig.swift", "ResourceFolder.swift", "ResourcesNotFound.swift"],
            resources: [.copy("Packs"), .copy("Config"), .copy("Ads"), .copy("Knowledge")]
        ),
        // The wire contract with brainy-server: routes, request and response bodies, the client protocol and its errors.
        .target(name: "BrainyAPI", dependencies: ["BrainyKit"]),
        // Password hashing (scrypt, from the system's libcrypto), for the shell's offline accounts and the server's.
        .target(name: "BrainyPasswords", dependencies: ["BrainyKit", "CLibCrypto"]),
        // OpenSSL's libcrypto, linked in (the release programs are static executables: scripts/release-build).
        .systemLibrary(
            name: "CLibCrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // Reading question packs from a folder, for the shell's import and the server's serving.
        .target(name: "BrainyPacks", dependencies: ["BrainyKit"]),
        .target(
            name: "BrainyStore",
            dependencies: [
                "BrainyKit", "BrainyPacks",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C interface itself, for the start-up's plain connection (PlainReader).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(name: "BrainyShell", dependencies: ["BrainyKit", "BrainyCommandLine", "BrainyAPI", "BrainyPacks", "CEditLine"]),
        // The HTTP client for brainy-server, implementing BrainyKit's `RemoteAPI`.
        .target(
            name: "BrainyClient",
            dependencies: [
                "BrainyKit", "BrainyAPI",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "brainy",
            dependencies: [
                "BrainyShell", "BrainyStore", "BrainyResources", "BrainyClient", "BrainyPasswords", "BrainyPacks",
            ]
        ),
        // The sync server: Hummingbird 2, its own SQLite database (GRDB) or PostgreSQL (postgres-nio), tokens and
        // ID-token verification with jwt-kit (HS256 access and ad tokens, RS256 provider keys from their JWKS), its flags
        // read by swift-argument-parser, metrics for Prometheus (swift-prometheus).
        // It shares the API, password hashing and pack reading with the shell, not the shell's store.
        .target(
            name: "BrainyServer",
            dependencies: [
                "BrainyKit", "BrainyCommandLine", "BrainyAPI", "BrainyPasswords", "BrainyPacks", "BrainyResources",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .executableTarget(
            name: "brainy-server",
            dependencies: [
                "BrainyServer", "BrainyResources", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .testTarget(name: "BrainyKitTests", dependencies: ["BrainyKit"]),
        .testTarget(name: "BrainyCommandLineTests", dependencies: ["BrainyCommandLine"]),
        .testTarget(name: "BrainyStoreTests", dependencies: ["BrainyStore", "BrainyPacks", "BrainyPasswords", "BrainyResources"]),
        .testTarget(
            name: "BrainyShellTests",
            dependencies: ["BrainyShell", "BrainyCommandLine", "BrainyAPI", "BrainyStore", "BrainyPasswords", "BrainyResources",
                           "BrainyTestSupport"]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["brainy", "brainy-server", "BrainyTestSupport"]),
        // What more than one test target uses (a clock the test moves, a headless browser): not a product, never shipped.
        .target(name: "BrainyTestSupport", path: "Tests/BrainyTestSupport"),
        // The client library and the built `brainy` against a real brainy-server on 127.0.0.1.
        .testTarget(
            name: "SyncIntegrationTests",
            dependencies: [
                "BrainyClient", "BrainyKit", "BrainyAPI", "BrainyServer", "BrainyStore", "BrainyShell", "BrainyResources",
                "BrainyPasswords", "BrainyPacks",
                "brainy", "brainy-server", "BrainyTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "BrainyServerTests",
            dependencies: [
                "BrainyServer", "BrainyKit", "BrainyCommandLine", "BrainyAPI", "BrainyPasswords", "BrainyPacks",
                "BrainyTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
