import BrainyKit
import Foundation

/// QA's `config [key value]`: maintenance, minimum version, password policy, session timeout, sign-in attempts.
enum ConfigCommand: ShellCommand {
    static let name = CommandName.config
    static let usage = "config [key value]"
    static let summary = Localized(ko: "QA: 점검 모드, 최소 버전, 비밀번호 정책, 세션 시간, 로그인 시도 횟수", en: "QA: maintenance, minimum version, password policy, session timeout, login attempts")
    static let details = Localized(ko: "예: config maintenance on, config password-min 10", en: "Examples: config maintenance on, config password-min 10")

    static func completions(after previous: [String], in context: QAContext) -> [String] {
        if previous.isEmpty { return ConfigKey.typedNames }
        return previous.count == 1 && previous[0].lowercased() == ConfigKey.maintenance.rawValue ? Switch.typedNames : []
    }

    static func run(_ arguments: CommandArguments, in context: QAContext) throws -> CommandOutcome {
        let console = context.console
        guard let word = arguments.first?.lowercased() else {
            for key in ConfigKey.allCases {
                console.line(console.paint(key.rawValue.padded(toWidth: 16), \.accent) + key.value(in: context.config))
            }
            return .proceed
        }
        guard arguments.count == 2, let value = arguments[1] else {
            throw ShellError.missingArgument(command: name.rawValue, usage: "config <key> <value>")
        }
        guard let key = ConfigKey(rawValue: word) else {
            throw ShellError.invalidArgument(command: name.rawValue, value: word, expected: ConfigKey.typedNames)
        }
        func refused() -> ShellError {
            .invalidArgument(command: "\(name.rawValue) \(key.rawValue)", value: value, expected: key.expected)
        }
        func number() throws -> Int {
            guard let range = key.range, let number = Int(value.trimmingCharacters(in: ["m"])), range.contains(number) else {
                throw refused()
            }
            return number
        }
        switch key {
        case .maintenance:
            guard let on = Switch(parsing: value) else { throw refused() }
            context.config.maintenanceMode = on.isOn
        case .minVersion:
            guard AppVersion(value) != nil else { throw refused() }
            context.config.minAppVersion = value
        case .passwordMin: context.config.passwordMinLength = try number()
        case .sessionTimeout: context.config.sessionTimeoutMinutes = try number()
        case .maxAttempts: context.config.maxLoginAttempts = try number()
        case .lockout: context.config.lockoutMinutes = try number()
        }
        console.line("\(key.rawValue) = \(value)")
        return .proceed
    }
}
