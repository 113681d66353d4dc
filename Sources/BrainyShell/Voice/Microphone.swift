import Dispatch
import Foundation

/// Where a spoken answer comes from: the machine's microphone through PulseAudio/PipeWire (`parecord`) or ALSA
/// (`arecord`), or a recording standing in for it (`speak --from FILE.wav`: demos and tests go through the same
/// listening). The sound is read as it comes and kept from the first speech until a second of silence, or until the
/// time limit.
struct Microphone: Equatable {
    /// The program that writes the sound (16 kHz, mono, 16-bit raw samples) to its standard output.
    let program: ExternalProgram
    let arguments: [String]

    static func == (lhs: Microphone, rhs: Microphone) -> Bool {
        lhs.program.name == rhs.program.name && lhs.arguments == rhs.arguments
    }

    /// Raw samples as sox and the recorders exchange them.
    static let rawFormat = ["-t", "raw", "-r", "16000", "-e", "signed", "-b", "16", "-c", "1"]

    /// A recording played as if it were said into the microphone.
    static func file(_ url: URL) -> Microphone {
        Microphone(program: .sox, arguments: ["-q", url.path] + rawFormat + ["-"])
    }

    /// What this machine offers: a sound server with `parecord`, or an ALSA capture device with `arecord`; nil when
    /// there is no microphone to listen to.
    static func detect(_ environment: [String: String] = ProcessInfo.processInfo.environment,
                       alsaDevices: String = "/proc/asound/pcm") -> Microphone? {
        let runtime = environment["XDG_RUNTIME_DIR"].map { URL(fileURLWithPath: $0) }
        let exists = { (url: URL?) in url.map { FileManager.default.fileExists(atPath: $0.path) } ?? false }
        let parecord = ExternalProgram(name: "parecord", package: "pulseaudio-utils")
        if exists(runtime?.appendingPathComponent("pulse/native")) || exists(runtime?.appendingPathComponent("pipewire-0"))
            || environment["PULSE_SERVER"] != nil, parecord.path != nil {
            return Microphone(program: parecord, arguments: ["--raw", "--channels=1", "--rate=16000", "--format=s16le"])
        }
        let arecord = ExternalProgram(name: "arecord", package: "alsa-utils")
        if let devices = try? String(contentsOfFile: alsaDevices, encoding: .utf8), devices.contains("capture"),
           arecord.path != nil {
            return Microphone(program: arecord, arguments: ["-q", "-t", "raw", "-f", "S16_LE", "-r", "16000", "-c", "1"])
        }
        return nil
    }

    /// Listens into `file` (a 16 kHz WAV): from the first sound above the noise floor until `silence` seconds of
    /// quiet, or `limit` seconds in all. Ctrl-C stops listening (`ShellError.listeningStopped`).
    func listen(into file: URL, limit: Double, silence: Double = 1.0) throws {
        guard let recorderPath = program.path else { throw ShellError.programMissing(program.name, package: program.package) }
        guard let soxPath = ExternalProgram.sox.path else { throw ShellError.programMissing("sox", package: "sox") }
        let recorder = Process()
        recorder.executableURL = URL(fileURLWithPath: recorderPath)
        recorder.arguments = arguments
        let listener = Process()
        listener.executableURL = URL(fileURLWithPath: soxPath)
        // silence: drop what comes before the first 50 ms above 1% (a louder floor cuts the soft start of "four"
        // into "one"), stop after `silence` s below it; trim: the limit; pad: the recognizer wants quiet around words.
        listener.arguments = ["-q"] + Self.rawFormat + ["-", "-b", "16", file.path, "silence", "1", "0.05", "1%",
                                                        "1", String(silence), "1%", "trim", "0", String(limit),
                                                        "pad", "0.3", "0.3"]
        let sound = Pipe()
        recorder.standardOutput = sound
        recorder.standardError = FileHandle.nullDevice
        recorder.standardInput = FileHandle.nullDevice
        listener.standardInput = sound
        listener.standardOutput = FileHandle.nullDevice
        listener.standardError = FileHandle.nullDevice
        let listening = InterruptibleWait.Outcome<Void>()
        listener.terminationHandler = { _ in listening.set(.success(())) }
        let watch = InterruptibleWait()
        defer { watch.finish() }
        do {
            try listener.run()
            try recorder.run()
        } catch {
            if listener.isRunning { listener.terminate() }
            throw ShellError.programFailed(program.name, status: -1)
        }
        // Our copies of the pipe's ends: the listener sees the end of the sound once the recorder is gone.
        try? sound.fileHandleForReading.close()
        try? sound.fileHandleForWriting.close()
        // A microphone never ends by itself: the time limit (and a little for sox to finish) stops the recorder, and
        // so does Ctrl-C; sox then ends once the sound ends.
        let deadline = DispatchTime.now() + limit + 0.5
        var stopped = false
        watch.wait(until: listening) { interrupted in
            if interrupted || DispatchTime.now() > deadline, recorder.isRunning {
                stopped = stopped || interrupted
                recorder.terminate()
            }
            // If sox does not end within two seconds more, it is stopped too.
            if DispatchTime.now() > deadline + 2, listener.isRunning { listener.terminate() }
        }
        if recorder.isRunning { recorder.terminate() }
        recorder.waitUntilExit()
        if stopped { throw ShellError.listeningStopped }
        guard listener.terminationStatus == 0 else { throw ShellError.programFailed("sox", status: listener.terminationStatus) }
    }
}
