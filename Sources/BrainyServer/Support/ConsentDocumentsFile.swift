import BrainyAPI
import BrainyKit
import Foundation

/// `--consent-documents FILE`: the terms of use and the privacy policy this server asks for, in place of the bundled
/// ones. The file is what `GET /v1/auth/consent` answers (`{"documents": [...]}`), so an operator starts from the
/// served one, edits a text and gives it a new version; every account is then asked again at its next sign-in.
enum ConsentDocumentsFile {
    static let maxBytes = 256 * 1024
    static let maxTextBytes = 64 * 1024

    /// The documents of the file at `path`, each checked; a usage error saying what is wrong otherwise.
    static func load(_ path: String) throws(ServerArguments.UsageError) -> [ConsentDocument] {
        let flag = "--consent-documents"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .init(message: "\(flag): cannot read '\(path)'.")
        }
        guard data.count <= maxBytes else {
            throw .init(message: "\(flag): '\(path)' is larger than \(maxBytes / 1024) KB.")
        }
        let documents: [ConsentDocument]
        do {
            documents = try JSONDecoder().decode(ConsentDocumentsResponse.self, from: data).documents
        } catch {
            throw .init(message: "\(flag): '\(path)' is not {\"documents\": [{\"document\": \"terms\" or \"privacy\", \"version\", \"text\": {\"ko\", \"en\"}}]} as GET /v1/auth/consent answers (\(error)).")
        }
        try check(documents)
        return documents.sorted { $0.kind < $1.kind }
    }

    /// Each kind once, a version of 1 to 64 letters, digits, dots, dashes or underscores, and a text in both languages
    /// of at most 64 KB without control characters but line breaks.
    static func check(_ documents: [ConsentDocument]) throws(ServerArguments.UsageError) {
        let flag = "--consent-documents"
        for kind in ConsentDocument.Kind.allCases where documents.filter({ $0.kind == kind }).count != 1 {
            throw .init(message: "\(flag): the file needs exactly one '\(kind.rawValue)' document.")
        }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".-_"))
        for document in documents {
            let version = document.version
            guard (1...64).contains(version.count), version.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) })
            else {
                throw .init(message: "\(flag): the \(document.kind.rawValue) version must be 1 to 64 letters, digits, '.', '-' or '_' (a date such as 2027-01-15).")
            }
            for (language, text) in [("ko", document.text.ko), ("en", document.text.en)] {
                guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, text.utf8.count <= maxTextBytes,
                      !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" })
                else {
                    throw .init(message: "\(flag): the \(document.kind.rawValue) text in '\(language)' must be present, at most \(maxTextBytes / 1024) KB, without control characters but line breaks.")
                }
            }
        }
    }
}
