import BrainyKit

/// No folder of the lookup order holds Brainy's resources: the binary was copied without them, or the folder was
/// removed. Both executables stop with this message before doing anything else.
public struct ResourcesNotFound: Error, Equatable, Sendable {
    /// The folders looked in, in order.
    public var searched: [String]

    /// What happened and what to do next, in both languages: the language setting lives in the database, which is
    /// not open yet.
    public var message: Localized {
        let places = searched.isEmpty ? "-" : searched.joined(separator: ", ")
        return Localized(
            ko: "Brainy의 내장 자료(문제 팩, 기본 설정)를 찾지 못했습니다. 찾아본 곳: \(places). scripts/install로 다시 설치하거나, 자료 폴더(Packs, Config, Knowledge, Ads가 든 곳)를 BRAINY_RESOURCES로 지정하세요.",
            en: "Brainy's bundled resources (question pack, default config) were not found. Looked in: \(places). Install again with scripts/install, or set BRAINY_RESOURCES to the folder holding Packs, Config, Knowledge and Ads."
        )
    }
}
