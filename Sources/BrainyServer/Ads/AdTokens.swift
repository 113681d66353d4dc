/// Signs and checks ad tokens (`AdTokenClaims`).
typealias AdTokens = TokenSigner<AdTokenClaims>

extension TokenSigner where Claims == AdTokenClaims {
    init(signingKey: [UInt8]) {
        self.init(signingKey: signingKey, use: "brainy-server ad tokens v1", maxLength: 1024)
    }
}
