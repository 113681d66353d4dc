import BrainyPacks
import Foundation

/// Where the files bundled with Brainy live: the question packs, the default remote config, the knowledge base and
/// the house ads. Found once per process by `ResourceFolder.locate`, never through `Bundle.module`, which stops the
/// program when the build folder is gone.
public enum BrainyResources {
    /// The folder found for this process, or why none was. The executables check it before anything else and stop
    /// with its message; the properties below may then be read freely.
    public static let folder: Result<ResourceFolder, ResourcesNotFound> = {
        do throws(ResourcesNotFound) {
            return .success(try ResourceFolder.locateForThisProcess())
        } catch {
            return .failure(error)
        }
    }()

    /// The folder of the bundled core question pack (a `manifest.json` and one file per category).
    public static var corePackDirectory: URL { found.corePackDirectory }

    /// `Packs/core/manifest.json` as shipped (`BundledPackTests` holds it to the file and says what to write here when
    /// the file changes).
    public static let corePackShipped = PackLoader.ShippedManifest(
        .init(id: "core", version: "2026.11.22.2",
              files: ["person.json", "general.json", "country.json", "drama.json", "music.json"]),
        fingerprint: 0x851e_15cb_0105_04eb)

    /// The knowledge base AI mode makes questions from (countries, people, music, dramas).
    public static var knowledgeDirectory: URL { found.knowledgeDirectory }

    /// The default remote config the shell uses until a server sends another.
    public static var defaultConfigURL: URL { found.defaultConfigURL }

    /// `corePackDirectory` and `defaultConfigURL` as paths, for the start-up (`ResourceFolder` says why).
    public static var corePackPath: String { found.corePackPath }
    public static var defaultConfigPath: String { found.defaultConfigPath }

    /// The house ads brainy-server seeds its database with.
    public static var houseAdsURL: URL { found.houseAdsURL }

    private static var found: ResourceFolder {
        switch folder {
        case let .success(folder): return folder
        case let .failure(error): fatalError(error.message.en)
        }
    }
}
