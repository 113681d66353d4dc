import BrainyKit
import Foundation

/// `timing`, and the tester's switches that `--qa` turns on: `clock`, `flags`, `config`, `reset`.
extension ShellSession {
    func changeTiming(_ arguments: [String]) throws(BrainyError) {
        switch arguments.first?.lowercased() {
        case nil: timingEnabled.toggle()
        case "on": timingEnabled = true
        case "off": timingEnabled = false
        case let other?: throw .invalidArgument(command: "timing", value: other, expected: ["on", "off"])
        }
        console.line(Localized(ko: "시간 표시: \(timingEnabled ? "켬" : "끔")", en: "Timing is \(timingEnabled ? "on" : "off")."))
    }

    func record(_ arguments: [String]) throws(BrainyError) {
        guard let target = arguments.first else {
            throw .missingArgument(command: "record", usage: "record <file> | record stop")
        }
        if target.lowercased() == "stop" {
            guard let recorder else {
                return console.line(Localized(ko: "기록 중이 아닙니다.", en: "Not recording."))
            }
            try recorder.save()
            self.recorder = nil
            clockOverride = nil
            return console.line(Localized(ko: "\(recorder.file.path)에 명령 \(recorder.transcript.entries.count)개를 기록했습니다. 'brainy --check \(recorder.file.path)'로 다시 확인하세요.",
                                          en: "Recorded \(recorder.transcript.entries.count) commands to \(recorder.file.path). Check it with 'brainy --check \(recorder.file.path)'."))
        }
        if let recorder { throw .alreadyRecording(recorder.file.path) }
        let manual = deps.clock as? ManualClock
        if manual == nil { clockOverride = ManualClock(now) }
        // The generator starts again from the recorded seed, as the replay will.
        var seeder = SystemRandomNumberGenerator()
        let seed = deps.seed ?? seeder.next() >> 11
        generator = SeededGenerator(seed: seed)
        let header = Transcript.Header(seed: seed, clock: now, language: console.language, timeZone: deps.timeZone,
                                       qa: deps.qaEnabled, columns: columns)
        let recorder = TranscriptRecorder(file: URL(fileURLWithPath: target), header: header)
        try recorder.save()
        self.recorder = recorder
        console.line(Localized(ko: "\(target)에 기록합니다. 'record stop'으로 멈춥니다.", en: "Recording to \(target). Stop with 'record stop'."))
        if flow.user != nil {
            console.line(console.paint(console.text(Localized(
                ko: "주의: 기록은 새 데이터베이스에서 재생됩니다. 로그인부터 기록하려면 새 --db로 시작하세요.",
                en: "Note: transcripts replay on a new database. To record from the start, open a new --db first.")), \.warning))
        }
        if manual == nil {
            console.line(console.paint(console.text(Localized(
                ko: "기록하는 동안 시계가 멈춥니다 (--clock과 --qa로 시작하면 'clock advance'로 옮길 수 있습니다).",
                en: "The clock stands still while recording (start with --clock and --qa to move it with 'clock advance').")), \.muted))
        }
    }

    /// Adds a finished command to the transcript being recorded; a failed write stops the recording and says so.
    func record(command: String, output: String) {
        do {
            try recorder?.add(command: command, output: output)
        } catch {
            recorder = nil
            console.error(error.message[console.language])
        }
    }

    func changeClock(_ arguments: [String]) throws(BrainyError) {
        let usage = CommandCatalog.info(.clock).usage
        if arguments.isEmpty {
            console.line(ISO8601DateFormatter().string(from: now) + "  (" + BrainyDateFormat.minute(now, timeZone: deps.timeZone) + ")")
            return
        }
        guard let clock = clockOverride ?? (deps.clock as? ManualClock) else {
            throw .invalidArgument(command: "clock", value: arguments.joined(separator: " "),
                                   expected: ["start brainy with --clock 2026-01-01T09:00:00Z"])
        }
        switch arguments[0].lowercased() {
        case "advance", "+":
            guard arguments.count == 2, let seconds = DurationText.seconds(arguments[1]), seconds.isFinite,
                  abs(seconds) <= 10 * 365 * 86_400 else {
                throw .missingArgument(command: "clock", usage: usage)
            }
            clock.advance(by: seconds)
        case "set":
            guard arguments.count == 2, let date = ISO8601DateFormatter().date(from: arguments[1]),
                  abs(date.timeIntervalSince(clock.now())) <= 10 * 365 * 86_400 else {
                throw .missingArgument(command: "clock", usage: usage)
            }
            clock.advance(by: date.timeIntervalSince(clock.now()))
        default:
            throw .invalidArgument(command: "clock", value: arguments[0], expected: ["advance", "set"])
        }
        console.line(ISO8601DateFormatter().string(from: now))
    }

    func changeFlags(_ arguments: [String]) throws(BrainyError) {
        var flags = config.featureFlags
        let names = ["aiQuiz", "voiceMode", "offlineMode"]
        guard let name = arguments.first else {
            for (name, on) in zip(names, [flags.aiQuiz, flags.voiceMode, flags.offlineMode]) {
                console.line(console.paint(name.padded(toWidth: 12), \.accent) + (on ? "on" : "off"))
            }
            return
        }
        guard arguments.count == 2, let on = OnOff.parse(arguments[1]) else {
            throw .missingArgument(command: "flags", usage: CommandCatalog.info(.flags).usage)
        }
        switch name.lowercased() {
        case "aiquiz", "ai": flags.aiQuiz = on
        case "voicemode", "voice": flags.voiceMode = on
        case "offlinemode", "offline": flags.offlineMode = on
        default: throw .invalidArgument(command: "flags", value: name, expected: names)
        }
        config.featureFlags = flags
        console.line("\(name) = \(on ? "on" : "off")")
    }

    func changeConfig(_ arguments: [String]) throws(BrainyError) {
        let keys = ["maintenance", "min-version", "password-min", "session-timeout", "max-attempts", "lockout"]
        guard let key = arguments.first?.lowercased() else {
            let values = [config.maintenanceMode ? "on" : "off", config.minAppVersion, String(config.passwordMinLength),
                          "\(config.sessionTimeoutMinutes)m", String(config.maxLoginAttempts), "\(config.lockoutMinutes)m"]
            for (key, value) in zip(keys, values) { console.line(console.paint(key.padded(toWidth: 16), \.accent) + value) }
            return
        }
        guard arguments.count == 2 else { throw .missingArgument(command: "config", usage: "config <key> <value>") }
        let value = arguments[1]
        func number(_ range: ClosedRange<Int>) throws(BrainyError) -> Int {
            guard let number = Int(value.trimmingCharacters(in: CharacterSet(charactersIn: "m"))), range.contains(number) else {
                throw .invalidArgument(command: "config \(key)", value: value, expected: ["\(range.lowerBound)–\(range.upperBound)"])
            }
            return number
        }
        switch key {
        case "maintenance":
            guard let on = OnOff.parse(value) else { throw .invalidArgument(command: "config maintenance", value: value, expected: ["on", "off"]) }
            config.maintenanceMode = on
            _ = try flow.handle(.maintenanceChanged(on))
        case "min-version":
            guard AppVersion(value) != nil else { throw .invalidArgument(command: "config min-version", value: value, expected: ["1.2.3"]) }
            config.minAppVersion = value
        case "password-min": config.passwordMinLength = try number(1...128)
        case "session-timeout": config.sessionTimeoutMinutes = try number(1...525_600)
        case "max-attempts": config.maxLoginAttempts = try number(1...100)
        case "lockout": config.lockoutMinutes = try number(1...10_080)
        default: throw .invalidArgument(command: "config", value: key, expected: keys)
        }
        console.line("\(key) = \(value)")
    }

    func resetProgress() throws(BrainyError) {
        guard let user = flow.user else { return }
        try repository.resetProgress(userId: user.id)
        try apply(.progressReset(hintCredits: repository.hintCredits(userId: user.id)))
        console.line(Localized(ko: "\(user.displayName)의 진행 기록을 모두 지웠습니다.", en: "Wiped all of \(user.displayName)'s progress."))
    }
}

enum OnOff {
    static func parse(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "on", "true", "yes", "1", "켜기": true
        case "off", "false", "no", "0", "끄기": false
        default: nil
        }
    }
}

/// `30s`, `5m`, `2h`, `1d` or a number of seconds.
enum DurationText {
    static func seconds(_ text: String) -> TimeInterval? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        if let unit = text.last, let factor = units[unit], let value = Double(text.dropLast()) { return value * factor }
        return Double(text)
    }
}

/// A dotted version, compared number by number (0.10.0 is newer than 0.9.1).
struct AppVersion: Comparable {
    let parts: [Int]

    init?(_ text: String) {
        let parts = text.split(separator: ".").map { Int($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        self.parts = parts.map { $0! }
    }

    static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let a = index < lhs.parts.count ? lhs.parts[index] : 0
            let b = index < rhs.parts.count ? rhs.parts[index] : 0
            if a != b { return a < b }
        }
        return false
    }
}
