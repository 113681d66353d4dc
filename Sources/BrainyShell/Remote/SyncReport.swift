import BrainyAPI
import BrainyKit
import Foundation

/// What one `sync` did, part by part: the value `SyncEngine.run` returns and `SyncReportRenderer` says. Nothing of a
/// sync is printed while it runs but its progress.
struct SyncReport: Sendable {
    /// The parts of a sync that may fail without stopping it: each is said as skipped, with why.
    enum Part: Equatable, CaseIterable, Sendable {
        case serverSummary, config, pack, quizTickets, questionRatings, ads, settings, stages, hintCredits, leaderboard

        var name: Localized {
            switch self {
            case .serverSummary: Localized(ko: "서버 보관 현황", en: "the server's summary")
            case .config: Localized(ko: "설정", en: "config")
            case .pack: Localized(ko: "문제 팩", en: "question pack")
            case .quizTickets: Localized(ko: "퀴즈 티켓", en: "quiz tickets")
            case .questionRatings: Localized(ko: "문제 난이도", en: "question ratings")
            case .ads: Localized(ko: "광고", en: "ads")
            case .settings: Localized(ko: "개인 설정", en: "settings")
            case .stages: Localized(ko: "스테이지 진행", en: "stage progress")
            case .hintCredits: Localized(ko: "힌트 기록", en: "hint credits")
            case .leaderboard: Localized(ko: "순위표", en: "leaderboard")
            }
        }
    }

    /// The pending results' upload.
    struct Upload: Equatable, Sendable {
        /// Pending when the sync began.
        var total = 0
        /// Acknowledged by the server (now synced).
        var sent = 0
        /// Refused by the server (they stay on the device), and why (each reason once, in the order of their codes;
        /// empty from an older server, which refuses only another account's ids).
        var refused = 0
        var reasons: [ResultRefusalReason] = []
        /// Results a second, over the whole upload.
        var perSecond = 0
    }

    enum Config: Equatable, Sendable {
        /// The server served a new config, now in force.
        case fetched(version: String)
        case unchanged(version: String)
    }

    enum Pack: Equatable, Sendable {
        case unchanged(version: String)
        case imported(version: String, questions: Int)
    }

    enum Leaderboard: Equatable, Sendable {
        case alreadyFetchedToday
        /// Fetched; the player's rank when they have a score today.
        case fetched(rank: Int?)
    }

    /// What the sync had to say along the way, in the order it happened: said before the summary.
    enum Notice: Sendable {
        /// A change of the config the user should know of (maintenance, sign-in methods, feature flags, version).
        case configChanged(Localized)
        /// The server refused some results (they stay on the device).
        case resultsRefused(count: Int, reasons: [ResultRefusalReason])
        /// The upload stopped (Ctrl-C, the server gone): what was acknowledged stays synced.
        case uploadStopped(sent: Int, total: Int)
        /// The download stopped: the pages kept stay kept.
        case downloadStopped(kept: DownloadedCounts)
        /// The server took back an ad's reward.
        case adRewardRefused(sponsor: String, reason: AdEventRefusal, taken: Int)
        /// The ads' calls did not get through: their events wait for the next sync.
        case adsUnanswered
        /// The server could not verify hint credits granted here: they no longer count.
        case creditsRefused(amount: Int, reason: CreditRefusalReason)
        /// An optional part failed and was skipped; the sync went on.
        case skipped(Part, any Error)
    }

    /// Whether someone was signed in: signed out (under maintenance), only the config is fetched.
    var signedIn = true
    var upload: Upload?
    /// What the server holds for the account after the upload.
    var serverHolds: ResultSummaryResponse?
    /// What came down from the account's other devices; nil from a server that serves no downloads.
    var download: DownloadedCounts?
    var config: Config?
    var pack: Pack?
    /// Quiz tickets fetched (0: none needed, or none given).
    var quizTicketsFetched = 0
    /// Question ratings imported (0: unchanged since the last sync).
    var questionRatingsImported = 0
    /// Ad events sent, and rewards among them the server confirmed.
    var adEventsSent = 0
    var adRewardsConfirmed = 0
    /// Settings another device's later change brought; nil when the server keeps none.
    var settingsTaken: Int?
    /// Categories whose stage progress moved on here; nil when the server keeps none.
    var stagesMoved: Int?
    /// Hint credits moved and the balance after; nil when the server keeps no ledger.
    var credits: CreditSync.Outcome?
    var leaderboard: Leaderboard?
    var notices: [Notice] = []

    /// The optional parts skipped, in the order they were.
    var skipped: [Part] {
        notices.compactMap {
            switch $0 {
            case let .skipped(part, _): part
            case .adsUnanswered: .ads
            default: nil
            }
        }
    }
}

/// A sync that stopped: the error that stopped it, and what the sync had done and had to say until then.
struct SyncFailure: Error {
    var report: SyncReport
    var error: any Error
}

/// How far a long sync has got, for a progress bar (told as it goes; `ended` once a bar is done with).
enum SyncProgress: Equatable, Sendable {
    case uploading(sent: Int, total: Int, perSecond: Int)
    /// `expected`: what the server said it holds beyond what the device has (a guess; nil when unknown).
    case downloading(received: Int, expected: Int?, perSecond: Int)
    case ended
}
