/// The states of the quiz flow. Each knows, through the transition table, the actions it accepts.
public enum FlowState: String, CaseIterable, Codable, Sendable {
    case signedOut = "signed_out"
    case home
    case choosingCategory = "choosing_category"
    case ready
    case question
    case answered
    case finished
    case stageCleared = "stage_cleared"
    case stageFailed = "stage_failed"
    case interrupted
    case maintenance
    /// AI mode's questions being made (by the bundled generator or a language model): a step inside `start`.
    case generating
    /// A rewarded ad running (`ad watch`): a step aside, from which `ad skip`, `skip` or the ad's end goes back.
    case watchingAd = "watching_ad"
    /// A sign-in waiting for the browser (`login kakao` and the other providers: the link shown, the server polled):
    /// a step inside `login`, left by the sign-in, or back where it began when it ends otherwise.
    case waitingForBrowser = "waiting_for_browser"

    public var name: Localized {
        switch self {
        case .signedOut: Localized(ko: "로그아웃됨", en: "signed out")
        case .home: Localized(ko: "홈 (퀴즈 유형 선택)", en: "home (choose a quiz type)")
        case .choosingCategory: Localized(ko: "카테고리 선택", en: "choosing a category")
        case .ready: Localized(ko: "시작 준비", en: "ready to start")
        case .question: Localized(ko: "문제 풀이 중", en: "answering a question")
        case .answered: Localized(ko: "정답 확인", en: "answer shown")
        case .finished: Localized(ko: "퀴즈 완료", en: "quiz finished")
        case .stageCleared: Localized(ko: "스테이지 통과", en: "stage cleared")
        case .stageFailed: Localized(ko: "스테이지 실패", en: "stage failed")
        case .interrupted: Localized(ko: "중단된 퀴즈 있음", en: "quiz interrupted")
        case .maintenance: Localized(ko: "점검 중", en: "maintenance")
        case .generating: Localized(ko: "문제 만드는 중", en: "making questions")
        case .watchingAd: Localized(ko: "광고 보는 중", en: "watching an ad")
        case .waitingForBrowser: Localized(ko: "브라우저 로그인 기다리는 중", en: "waiting for the browser's sign-in")
        }
    }

    /// A step the flow passes through within one command, where no command is ever typed.
    public var isTransient: Bool { self == .generating || self == .waitingForBrowser }

    /// A step only a sync server (and a browser) can take the flow through: the paths written offline
    /// (`brainy --paths`) leave its moves to the end-to-end suites that run a server.
    public var needsSyncServer: Bool { self == .waitingForBrowser }

    /// The states a rewarded ad may be watched from, and so the states watching one goes back to.
    public static let adOrigins: [FlowState] = [.home, .choosingCategory, .ready, .question, .answered, .finished,
                                                .stageCleared, .stageFailed, .interrupted]

    /// The states from which a new quiz can be set up.
    public var isBetweenQuizzes: Bool {
        [.ready, .finished, .stageCleared, .stageFailed].contains(self)
    }
}

/// Who is signed in, as the flow needs to know it.
public struct SignedInUser: Equatable, Sendable {
    public var id: String
    public var displayName: String
    public var provider: AuthProvider

    public init(id: String, displayName: String, provider: AuthProvider) {
        self.id = id
        self.displayName = displayName
        self.provider = provider
    }
}

/// The choices made before a quiz starts.
public struct QuizSetup: Equatable, Sendable {
    public var type: QuizType
    public var category: QuizCategory?
    public var format: QuizFormat

    public init(type: QuizType, category: QuizCategory? = nil, format: QuizFormat = .individual) {
        self.type = type
        self.category = category
        self.format = format
    }
}

/// What the runner must deal when a quiz starts.
public struct DealRequest: Equatable, Sendable {
    public var userId: String
    public var type: QuizType
    public var category: QuizCategory
    public var format: QuizFormat
    public var selection: QuestionSelection
    public var count: Int

    public init(userId: String, type: QuizType, category: QuizCategory, format: QuizFormat,
                selection: QuestionSelection, count: Int) {
        self.userId = userId
        self.type = type
        self.category = category
        self.format = format
        self.selection = selection
        self.count = count
    }
}
