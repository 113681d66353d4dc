import Foundation

/// Where speech goes: played through what the machine has (PipeWire, PulseAudio or ALSA) without blocking the prompt,
/// or written into a folder (`--audio-out`, `settings voice-out`), or nowhere when there is no audio output.
enum AudioOutput: Equatable {
    case player(ExternalProgramName)
    case folder(URL)
    case none

    /// A player program, by name.
    struct ExternalProgramName: Equatable {
        let program: String
        let package: String
    }

    /// What this machine offers: a running sound server or an ALSA card, with its player installed.
    static func detect(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> AudioOutput {
        let runtime = environment["XDG_RUNTIME_DIR"].map { URL(fileURLWithPath: $0) }
        let exists = { (url: URL?) in url.map { FileManager.default.fileExists(atPath: $0.path) } ?? false }
        var candidates: [ExternalProgramName] = []
        if exists(runtime?.appendingPathComponent("pipewire-0")) {
            candidates.append(ExternalProgramName(program: "pw-play", package: "pipewire-bin"))
        }
        if exists(runtime?.appendingPathComponent("pulse/native")) || environment["PULSE_SERVER"] != nil {
            candidates.append(ExternalProgramName(program: "paplay", package: "pulseaudio-utils"))
        }
        if let cards = try? String(contentsOfFile: "/proc/asound/cards", encoding: .utf8),
           !cards.contains("no soundcards"), !cards.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            candidates.append(ExternalProgramName(program: "aplay", package: "alsa-utils"))
        }
        for candidate in candidates where ExternalProgram(name: candidate.program, package: candidate.package).path != nil {
            return .player(candidate)
        }
        return .none
    }

    /// Plays `file` (or copies it into the folder as `name`); the prompt does not wait.
    func deliver(_ file: URL, as name: String) throws -> URL? {
        switch self {
        case let .player(player):
            try ExternalProgram(name: player.program, package: player.package).start([file.path])
            return nil
        case let .folder(folder):
            // A plain file, a device (/dev/full) or a read-only folder: said plainly, not as Foundation's error.
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
                throw VoiceError.audioOutNotWritable(folder.path, notAFolder: true)
            }
            let target = folder.appendingPathComponent(name)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                _ = try? FileManager.default.removeItem(at: target)
                try FileManager.default.copyItem(at: file, to: target)
            } catch {
                _ = try? FileManager.default.removeItem(at: target)
                throw VoiceError.audioOutNotWritable(folder.path, notAFolder: false)
            }
            return target
        case .none:
            return nil
        }
    }
}
