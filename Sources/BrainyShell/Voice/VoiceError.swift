import BrainyKit

/// What voice mode refuses or meets in the files and programs it is given: a WAV file that is not what it says, audio
/// too large or too long, a program that runs past its deadline, a folder speech cannot be written to. Each says what
/// went wrong and what to do next, in Korean and English.
enum VoiceError: Error, Equatable, Sendable {
    /// The file's bytes are not a WAV file the shell can read: `defect` says where.
    case badWAV(String, WAVDefect)
    /// The file is larger than `limit` bytes: refused before it is read.
    case audioTooLarge(String, bytes: Int, limit: Int)
    /// The sound lasts longer than `limit` seconds: refused before anything is converted.
    case audioTooLong(String, seconds: Double, limit: Double)
    /// Not a regular file (a device, a folder, a pipe).
    case audioNotAFile(String)
    /// A program (sox, PocketSphinx, eSpeak NG) did not finish within `seconds`: it was stopped.
    case programTimedOut(String, seconds: Int)
    /// Speech could not be written into the folder (`--audio-out`, `settings voice-out`).
    case audioOutNotWritable(String, notAFolder: Bool)
    /// `settings voice-out ''`: no folder named.
    case voiceOutEmpty

    var message: Localized {
        switch self {
        case let .badWAV(path, defect):
            let what = defect.words
            return Localized(
                ko: "\(Josa.attach(path, .topic)) 읽을 수 있는 WAV 파일이 아닙니다: \(what.ko). 16비트 PCM WAV로 다시 만드세요 (예: sox in.mp3 -b 16 answer.wav).",
                en: "\(path) is not a WAV file the shell can read: \(what.en). Make it again as 16-bit PCM WAV (e.g. sox in.mp3 -b 16 answer.wav).")
        case let .audioTooLarge(path, bytes, limit):
            return Localized(
                ko: "\(Josa.attach(path, .topic)) 너무 큽니다 (\(Self.size(bytes))). 답 녹음은 \(Self.size(limit))까지, \(Int(WAVFile.longestSound))초까지 받습니다. 답만 짧게 녹음하세요.",
                en: "\(path) is too large (\(Self.size(bytes))). A recorded answer may be up to \(Self.size(limit)) and \(Int(WAVFile.longestSound)) s long. Record just the answer.")
        case let .audioTooLong(path, seconds, limit):
            return Localized(
                ko: "\(Josa.attach(path, .topic)) 너무 깁니다 (\(String(format: "%.1f", seconds))초). 답 녹음은 \(Int(limit))초까지 받습니다. 답만 짧게 녹음하세요.",
                en: "\(path) is too long (\(String(format: "%.1f", seconds)) s). A recorded answer may be up to \(Int(limit)) s long. Record just the answer.")
        case let .audioNotAFile(path):
            return Localized(ko: "\(Josa.attach(path, .topic)) 일반 파일이 아닙니다 (장치, 폴더 또는 파이프). WAV 파일의 경로를 주세요.",
                             en: "\(path) is not a regular file (a device, a folder or a pipe). Give the path of a WAV file.")
        case let .programTimedOut(program, seconds):
            return Localized(ko: "\(program)이(가) \(seconds)초 안에 끝나지 않아 멈췄습니다. 문제는 그대로 열려 있습니다. 다시 시도하거나 답을 입력하세요.",
                             en: "\(program) did not finish within \(seconds) s and was stopped. The question is still open: try again, or type the answer.")
        case let .audioOutNotWritable(path, notAFolder):
            return notAFolder
                ? Localized(ko: "\(Josa.attach(path, .topic)) 폴더가 아니어서 음성을 쓸 수 없습니다. --audio-out이나 'settings voice-out'에 폴더를 주세요.",
                            en: "Cannot write speech to \(path): it is not a folder. Give a folder to --audio-out or 'settings voice-out'.")
                : Localized(ko: "\(path)에 음성을 쓸 수 없습니다 (읽기 전용이거나, 권한이 없거나, 디스크가 가득 참). 쓸 수 있는 폴더를 주세요.",
                            en: "Cannot write speech to \(path) (read-only, no permission, or the disk is full). Give a folder you can write to.")
        case .voiceOutEmpty:
            return Localized(ko: "폴더 이름이 비어 있어 저장하지 않았습니다. 'settings voice-out 폴더'로 정하거나 'settings voice-out off'로 끄세요.",
                             en: "Nothing saved: the folder name is empty. Type 'settings voice-out DIR' to set one, or 'settings voice-out off' to stop writing speech.")
        }
    }

    private static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? String(format: "%.1f MB", Double(bytes) / Double(1 << 20)) : "\(bytes) B"
    }
}

/// Where a WAV file's bytes stop making sense.
enum WAVDefect: Error, Equatable, Sendable {
    /// Fewer bytes than a RIFF header.
    case tooShort(bytes: Int)
    /// No `RIFF`…`WAVE` at the start.
    case notRIFF
    /// A chunk whose declared length runs past the end of the file.
    case chunkPastEnd(id: String, declared: Int, left: Int)
    /// No `fmt ` chunk, or one shorter than its 16 bytes.
    case noFormat
    case formatTooShort(bytes: Int)
    /// Compressed or floating-point audio.
    case notPCM(format: Int)
    case unsupportedBits(Int)
    case absurdRate(Int)
    case absurdChannels(Int)
    /// A block size that does not match the channels and bits.
    case absurdBlock(Int)
    /// No `data` chunk.
    case noData
    /// A `data` chunk with no whole sample in it.
    case noSound

    var words: Localized {
        switch self {
        case let .tooShort(bytes):
            Localized(ko: "\(bytes)바이트뿐이라 머리말(44바이트)보다 짧습니다", en: "only \(bytes) bytes, shorter than a WAV header (44)")
        case .notRIFF:
            Localized(ko: "RIFF/WAVE 머리말이 없습니다", en: "it does not start with RIFF…WAVE")
        case let .chunkPastEnd(id, declared, left):
            Localized(ko: "'\(id)' 조각의 길이(\(declared)바이트)가 파일에 남은 \(left)바이트보다 깁니다 (잘렸거나 머리말이 틀림)",
                      en: "its '\(id)' chunk claims \(declared) bytes but only \(left) are left (the file is cut short or its header is wrong)")
        case .noFormat:
            Localized(ko: "형식('fmt ') 조각이 없습니다", en: "it has no format ('fmt ') chunk")
        case let .formatTooShort(bytes):
            Localized(ko: "형식 조각이 \(bytes)바이트뿐입니다 (16바이트 필요)", en: "its format chunk is \(bytes) bytes, 16 are needed")
        case let .notPCM(format):
            Localized(ko: "PCM이 아닌 형식(\(format))입니다", en: "its samples are not PCM (format \(format))")
        case let .unsupportedBits(bits):
            Localized(ko: "표본이 \(bits)비트입니다 (16비트만 읽음)", en: "its samples are \(bits)-bit (only 16-bit is read)")
        case let .absurdRate(rate):
            Localized(ko: "표본 추출률 \(rate) Hz는 말이 되지 않습니다 (8000–192000)", en: "a sample rate of \(rate) Hz makes no sense (8000–192000)")
        case let .absurdChannels(channels):
            Localized(ko: "채널 수 \(channels)는 말이 되지 않습니다 (1–8)", en: "\(channels) channels makes no sense (1–8)")
        case let .absurdBlock(block):
            Localized(ko: "블록 크기 \(block)이(가) 채널과 비트 수에 맞지 않습니다", en: "its block size \(block) does not match its channels and bits")
        case .noData:
            Localized(ko: "소리('data') 조각이 없습니다", en: "it has no sound ('data') chunk")
        case .noSound:
            Localized(ko: "소리 조각이 비어 있습니다", en: "its sound chunk is empty")
        }
    }
}
