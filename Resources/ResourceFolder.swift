#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A folder holding Brainy's resources (`Packs/`, `Config/`, `Knowledge/`, `Ads/`), and the order they are looked
/// for in: `$BRAINY_RESOURCES`; `../share/brainy` beside the executable (what `scripts/install` lays out); SwiftPM's
/// resource bundle beside the executable (a build folder, tests). Looked up with plain system calls on paths: this
/// runs at every start-up, where Foundation's file manager and URLs cost the shell a tenth of its start.
public struct ResourceFolder: Equatable, Sendable {
    /// The environment variable that names the folder outright.
    public static let environmentKey = "BRAINY_RESOURCES"
    /// The folder SwiftPM copies the resources into, beside the executables it builds.
    static let bundleName = "Brainy_BrainyResources.resources"

    /// The folder's path, without `..` or a trailing slash.
    public let path: String

    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }
    public var corePackDirectory: URL { URL(fileURLWithPath: path + "/Packs/core", isDirectory: true) }
    public var knowledgeDirectory: URL { URL(fileURLWithPath: path + "/Knowledge", isDirectory: true) }
    public var defaultConfigURL: URL { URL(fileURLWithPath: defaultConfigPath) }
    /// The paths themselves, for the start-up: `URL`'s first `path` or `appendingPathComponent` builds a
    /// `Set<UInt8>`, whose conformance lookup scans all of the binary's conformance records.
    public var corePackPath: String { path + "/Packs/core" }
    public var defaultConfigPath: String { path + "/Config/default-config.json" }
    public var houseAdsURL: URL { URL(fileURLWithPath: path + "/Ads/house-ads.json") }

    /// The first folder of the lookup order that holds the core pack's manifest. A folder named by the environment
    /// is the only one tried: a wrong one is an error, not a silent fall back on another.
    public static func locate(environment: [String: String], executable: URL?) throws(ResourcesNotFound) -> ResourceFolder {
        try locate(named: environment[environmentKey], executablePath: executable?.path)
    }

    /// `locate` for the running process: its environment variable and `/proc/self/exe`.
    static func locateForThisProcess() throws(ResourcesNotFound) -> ResourceFolder {
        try locate(named: getenv(environmentKey).map { String(cString: $0) }, executablePath: currentExecutablePath())
    }

    private static func locate(named: String?, executablePath: String?) throws(ResourcesNotFound) -> ResourceFolder {
        let candidates: [String]
        if let named, !named.isEmpty {
            candidates = [normalized(named)]
        } else if let executablePath {
            // /proc/self/exe is already absolute and resolved; a path given by a caller may not be.
            let bin = parent(of: executablePath.hasPrefix("/") && !executablePath.contains("/.") ? executablePath
                                                                                               : normalized(executablePath))
            candidates = [parent(of: bin) + "/share/brainy", bin + "/" + bundleName]
        } else {
            candidates = []
        }
        for candidate in candidates where access(candidate + "/Packs/core/manifest.json", R_OK) == 0 {
            return ResourceFolder(path: candidate)
        }
        throw ResourcesNotFound(searched: candidates)
    }

    /// This process's executable file, its symbolic links resolved.
    static func currentExecutablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// An absolute path without `.`, `..`, repeated or trailing slashes (made absolute against the current folder).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        var absolute = path
        if !path.hasPrefix("/") { absolute = FileManager.default.currentDirectoryPath + "/" + path }
        for part in absolute.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        // Written out rather than `joined`, whose first call costs a conformance scan (see `joinedText`).
        var joined = ""
        for part in parts { joined += "/" + String(part) }
        return joined.isEmpty ? "/" : joined
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
