import BrainyKit
import Foundation

/// A folder holding Brainy's resources (`Packs/`, `Config/`, `Knowledge/`, `Ads/`), and the order they are looked
/// for in: `$BRAINY_RESOURCES`; `../share/brainy` beside the executable (what `scripts/install` lays out); SwiftPM's
/// resource bundle beside the executable (a build folder, tests).
public struct ResourceFolder: Equatable, Sendable {
    /// The environment variable that names the folder outright.
    public static let environmentKey = "BRAINY_RESOURCES"
    /// The folder SwiftPM copies the resources into, beside the executables it builds.
    static let bundleName = "Brainy_BrainyResources.resources"

    public let url: URL

    public var corePackDirectory: URL { url.appendingPathComponent("Packs/core", isDirectory: true) }
    public var knowledgeDirectory: URL { url.appendingPathComponent("Knowledge", isDirectory: true) }
    public var defaultConfigURL: URL { url.appendingPathComponent("Config/default-config.json") }
    public var houseAdsURL: URL { url.appendingPathComponent("Ads/house-ads.json") }

    /// The first folder of the lookup order that holds the core pack's manifest. A folder named by the environment
    /// is the only one tried: a wrong one is an error, not a silent fall back on another.
    public static func locate(environment: [String: String], executable: URL?) throws(ResourcesNotFound) -> ResourceFolder {
        let candidates: [URL]
        if let named = environment[environmentKey], !named.isEmpty {
            candidates = [URL(fileURLWithPath: named, isDirectory: true)]
        } else if let executable {
            let bin = executable.deletingLastPathComponent()
            candidates = [
                bin.deletingLastPathComponent().appendingPathComponent("share/brainy", isDirectory: true),
                bin.appendingPathComponent(bundleName, isDirectory: true),
            ]
        } else {
            candidates = []
        }
        for candidate in candidates {
            let folder = ResourceFolder(url: candidate.standardizedFileURL)
            if FileManager.default.fileExists(atPath: folder.corePackDirectory.appendingPathComponent("manifest.json").path) {
                return folder
            }
        }
        throw ResourcesNotFound(searched: candidates.map { $0.standardizedFileURL.path })
    }

    /// This process's executable file, its symbolic links resolved (`/proc/self/exe`).
    public static func currentExecutable() -> URL? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return Bundle.main.executableURL?.resolvingSymlinksInPath()
    }
}
