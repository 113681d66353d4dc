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

    /// The knowledge base AI mode makes questions from (countries, people, music, dramas).
    public static var knowledgeDirectory: URL { found.knowledgeDirectory }

    /// The default remote config the shell uses until a server sends another.
    public static var defaultConfigURL: URL { found.defaultConfigURL }

    /// The house ads brainy-server seeds its database with.
    public static var houseAdsURL: URL { found.houseAdsURL }

    private static var found: ResourceFolder {
        switch folder {
        case let .success(folder): return folder
        case let .failure(error): fatalError(error.message.en)
        }
    }
}
