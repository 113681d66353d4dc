extension AuthProvider {
    /// Reads a sign-in method as typed after `login`: `guest`, `email`, `google`, `apple`, or their Korean names.
    public init?(parsing text: String) {
        let key = text.lowercased()
        guard let found = Self.allCases.first(where: { $0.rawValue == key || $0.koreanWord == key }) else { return nil }
        self = found
    }

    private var koreanWord: String {
        switch self {
        case .guest: "게스트"
        case .email: "이메일"
        case .google: "구글"
        case .apple: "애플"
        }
    }

    /// The words completion offers after `login`.
    public static var typedNames: [String] { allCases.map(\.rawValue) }
}
