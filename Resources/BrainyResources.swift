import Foundation

/// Where the files bundled with Brainy live: the question packs, the default remote config and the house ads.
public enum BrainyResources {
    /// The folder of the bundled core question pack (a `manifest.json` and one file per category).
    public static var corePackDirectory: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Packs/core", isDirectory: true)
    }

    /// The knowledge base AI mode makes questions from (countries, people, music, dramas).
    public static var knowledgeDirectory: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Knowledge", isDirectory: true)
    }

    /// The default remote config the shell uses until a server sends another.
    public static var defaultConfigURL: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Config/default-config.json")
    }

    /// The house ads brainy-server seeds its database with.
    public static var houseAdsURL: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Ads/house-ads.json")
    }
}
