/// A document an account accepts before it is used with a server: the terms of use or the privacy policy, each with
/// a version. The shell shows it (in the interface language) and asks; the server stores which version was accepted
/// and when, and asks again when its current version is newer than the one accepted.
public struct ConsentDocument: Equatable, Sendable, Codable {
    /// Which document. The raw values travel in the API (`terms`, `privacy`).
    public enum Kind: String, CaseIterable, Codable, Sendable, Comparable {
        case terms, privacy

        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }

        /// The document's name, as a person reads it.
        public var name: Localized {
            switch self {
            case .terms: Localized(ko: "이용약관", en: "Terms of use")
            case .privacy: Localized(ko: "개인정보 처리방침", en: "Privacy policy")
            }
        }
    }

    public var kind: Kind
    /// Names this text: a date, `2026-11-27`. A changed text gets a new version, and every account is asked again.
    public var version: String
    public var text: Localized

    public init(kind: Kind, version: String, text: Localized) {
        self.kind = kind
        self.version = version
        self.text = text
    }

    /// What accepting this text is recorded as.
    public var acceptance: ConsentVersion { ConsentVersion(document: kind, version: version) }

    /// In JSON the kind is `document`, as in `ConsentVersion`.
    enum CodingKeys: String, CodingKey {
        case kind = "document", version, text
    }
}

/// One version of one document, as accepted (or still to be accepted).
public struct ConsentVersion: Hashable, Codable, Sendable, Comparable {
    public var document: ConsentDocument.Kind
    public var version: String

    public init(document: ConsentDocument.Kind, version: String) {
        self.document = document
        self.version = version
    }

    public static func < (lhs: ConsentVersion, rhs: ConsentVersion) -> Bool {
        (lhs.document, lhs.version) < (rhs.document, rhs.version)
    }
}

extension Array where Element == ConsentDocument {
    /// The versions to accept, one per document, in the documents' order.
    public var versions: [ConsentVersion] { map(\.acceptance).sorted() }

    /// The current versions among these documents that `accepted` does not hold: what an account still has to accept.
    public func pending(accepted: some Sequence<ConsentVersion>) -> [ConsentVersion] {
        let held = Set(accepted)
        return versions.filter { !held.contains($0) }
    }
}
