import BrainyKit
import Foundation

/// The domain's errors (`BrainyError`): what the quiz flow, the account rules and the settings refuse.
extension ErrorMessage {
    static func domain(_ error: BrainyError, timeZone: TimeZone, qa: Bool = false) -> Localized {
        switch error {
        case let .actionNotAllowed(action, state):
            // The shell checks each command before it runs; an action refused inside one is said as its command's
            // refusal, with what is allowed now.
            return notAllowed(CommandName(action), state: state, allowed: CommandRules.allowed(in: state, qa: qa))
        case let .transitionNotInTable(from, trigger, to):
            let move = "\(from.rawValue) --\(trigger.label)--> \(to?.rawValue ?? "?")"
            return Localized(ko: "내부 오류: 전이 표에 없는 이동입니다 (\(move)). 아무것도 바뀌지 않았습니다. 이 줄과 함께 알려 주세요.",
                             en: "Internal error: a move the transition table does not list (\(move)). Nothing was changed. Please report this line.")
        case let .quizTypeDisabled(type):
            return Localized(ko: "\(Josa.attach(type.name.ko, .topic)) 지금 설정에서 꺼져 있습니다. 다른 유형을 고르세요: 'mode 객관식', 'mode 주관식'.",
                             en: "The \(type.name.en) mode is turned off in the current config. Choose another: 'mode mc' or 'mode short'.")
        case .nothingToResume:
            return Localized(ko: "이어서 풀 퀴즈가 없습니다. 'start'로 새 퀴즈를 시작하세요.",
                             en: "There is no quiz to resume. Type 'start' to begin a new one.")
        case let .invalidEmail(email):
            return Localized(ko: "\(Josa.attach("'\(email)'", .topic)) 올바른 이메일 주소가 아닙니다. 예: name@example.com",
                             en: "'\(email)' is not a valid email address. Example: name@example.com")
        case let .passwordTooShort(minimum):
            return Localized(ko: "비밀번호는 \(minimum)자 이상이어야 합니다. 다시 시도하세요.",
                             en: "The password must be at least \(minimum.counted("character")). Try again.")
        case .passwordsDoNotMatch:
            return Localized(ko: "두 비밀번호가 다릅니다. 다시 'register'를 입력하세요.",
                             en: "The two passwords differ. Type 'register' again.")
        case let .emailTaken(email):
            return Localized(ko: "\(Josa.attach(email, .topic)) 이미 가입된 주소입니다. \(Josa.attach("'login email \(email)'", .direction)) 로그인하세요.",
                             en: "\(email) already has an account. Sign in with 'login email \(email)'.")
        case let .wrongCredentials(remaining):
            return Localized(
                ko: "이메일 또는 비밀번호가 맞지 않습니다. 잠기기 전까지 \(remaining)번 더 시도할 수 있습니다.",
                en: "Wrong email or password. \(remaining) more attempt\(remaining == 1 ? "" : "s") before the account is locked.")
        case let .accountLocked(until):
            let time = BrainyDateFormat.minute(until, timeZone: timeZone)
            return Localized(ko: "로그인 실패가 너무 많아 계정이 \(time)까지 잠겼습니다. 그 뒤에 다시 시도하세요.",
                             en: "Too many failed sign-ins: the account is locked until \(time). Try again after that.")
        case .sessionExpired:
            return Localized(ko: "로그인 세션이 만료되었습니다. 다시 로그인하세요 (기록은 그대로 있습니다).",
                             en: "Your session has expired. Sign in again (your data is kept).")
        case let .loginMethodDisabled(provider):
            return Localized(ko: "\(provider.name.ko) 로그인은 현재 설정에서 꺼져 있습니다. 다른 방법으로 로그인하세요.",
                             en: "\(provider.name.en.prefix(1).uppercased() + provider.name.en.dropFirst()) sign-in is turned off in the current config. Use another method.")
        case let .updateRequired(current, minimum):
            return Localized(ko: "이 셸(\(current))은 너무 오래되었습니다. \(minimum) 이상으로 업데이트한 뒤 로그인하세요.",
                             en: "This shell (\(current)) is too old: update to \(minimum) or newer, then sign in.")
        case .maintenance:
            return Localized(ko: "지금은 점검 중입니다. 잠시 뒤에 다시 시도하세요.", en: "Brainy is under maintenance. Try again later.")
        case let .noUnsolvedQuestions(category):
            return Localized(
                ko: "\(category.name.ko) 카테고리의 문제를 모두 풀었습니다. 'start random'으로 전체에서 다시 풀어 보세요.",
                en: "You have answered every \(category.name.en) question. Try 'start random' to play them all again.")
        case let .noQuestions(category):
            return Localized(ko: "\(category.name.ko) 카테고리에 문제가 없습니다. 다른 카테고리를 고르세요.",
                             en: "There are no questions in \(category.name.en). Choose another category.")
        case let .allStagesCleared(category, stages):
            return Localized(
                ko: "\(category.name.ko)의 \(stages)개 스테이지를 모두 통과했습니다! 'format individual'로 개별 퀴즈를 즐겨 보세요.",
                en: "You cleared \(stages == 1 ? "the" : "all \(stages)") \(category.name.en) stage\(stages == 1 ? "" : "s")! Try 'format individual' for one-off quizzes.")
        case .noHintCredits:
            return Localized(ko: "힌트가 남아 있지 않습니다. 80% 이상 맞히고 퀴즈를 마치면 힌트를 얻습니다.",
                             en: "No hints left. Finish a quiz with 80% or more to earn one.")
        case .hintAlreadyUsed:
            return Localized(ko: "이 문제에는 이미 힌트를 썼습니다.", en: "You already used a hint on this question.")
        case let .optionOutOfRange(number, count):
            return Localized(ko: "\(number)번 보기는 없습니다. 1부터 \(count)까지의 번호나 보기 내용을 입력하세요.",
                             en: "There is no option \(number). Type a number from 1 to \(count), or the option's text.")
        case .emptyAnswer:
            return Localized(ko: "답을 입력하세요. 예: answer 2 또는 answer 서울", en: "Type an answer, e.g. 'answer 2' or 'answer Seoul'.")
        case let .notAnOption(text, labels):
            let range = "\(labels.first ?? "1")–\(labels.last ?? "4")"
            return Localized(ko: "\(Josa.attach("'\(text)'", .topic)) 보기에 없습니다. \(range) 중 하나나 보기 내용을 입력하세요 (문제는 그대로입니다).",
                             en: "'\(text)' is not one of the options. Type \(range) or an option's text (the question is still open).")
        case let .optionRemoved(label, remaining):
            let open = remaining.joined(separator: ", ")
            return Localized(ko: "\(label)번 보기는 힌트로 지워졌습니다. 남은 보기: \(open) (문제는 그대로입니다).",
                             en: "Option \(label) was removed by the hint. The options left: \(open) (the question is still open).")
        case let .answerTooLong(limit):
            return Localized(ko: "답이 너무 깁니다(\(limit)바이트 넘음). 저장하지 않았고 문제는 그대로입니다.",
                             en: "The answer is too long (over \(limit) bytes). It was not saved; the question is still open.")
        case .answerHasControlCharacters:
            return Localized(ko: "답에 제어 문자(NUL, ESC 등)가 들어 있어 받지 않았습니다. 문제는 그대로입니다.",
                             en: "The answer holds a control character (such as NUL or ESC), so it was not taken. The question is still open.")
        case let .invalidSetting(setting, value, allowed):
            let key = setting.rawValue
            return Localized(ko: "'\(key)' 설정에 \(Josa.attach("'\(value)'", .topic)) 쓸 수 없습니다. 가능한 값: \(allowed.joined(separator: ", "))",
                             en: "'\(value)' is not valid for '\(key)'. Allowed: \(allowed.joined(separator: ", "))")
        case let .unknownSetting(key):
            let keys = (Settings.Key.allCases.map(\.rawValue) + DeviceSetting.allCases.map(\.rawValue)).joined(separator: ", ")
            return Localized(ko: "\(Josa.attach("'\(key)'", .named)) 설정은 없습니다. 설정: \(keys)", en: "There is no setting '\(key)'. Settings: \(keys)")
        case let .quizNotFound(id):
            return Localized(ko: "'\(id)' 퀴즈를 찾을 수 없습니다. 'history'로 목록을 보세요.",
                             en: "No quiz '\(id)'. Type 'history' to list your quizzes.")
        }
    }
}
