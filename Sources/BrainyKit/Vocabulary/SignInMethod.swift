extension AuthProvider {
    /// Reads a sign-in method as typed after `login`: `guest`, `email`, `google`, `apple`, `kakao`, `naver`, or their Korean names.
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
        case .kakao: "카카오"
        case .naver: "네이버"
        }
    }

    /// The words completion offers after `login`.
    public static var typedNames: [String] { allCases.map(\.rawValue) }
}
