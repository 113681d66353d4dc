import Foundation
import JWTKit

extension JWTKeyCollection {
    /// A collection of one HS256 key, writing claims as the server always has: sorted keys, dates in whole seconds.
    ///
    /// The collection is an actor filled with `await`, so the token types make one per use instead of holding one:
    /// that keeps them plain values built without `await`, and one HMAC key costs next to nothing to add.
    static func hs256(_ key: HMACKey) async -> JWTKeyCollection {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .integerSecondsSince1970
        return await JWTKeyCollection(defaultJWTSerializer: DefaultJWTSerializer(jsonEncoder: encoder))
            .add(hmac: key, digestAlgorithm: .sha256)
    }
}
