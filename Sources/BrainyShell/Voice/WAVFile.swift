import Foundation

/// What the shell needs to know of a WAV file: how long it plays and how loud it is (speech, not silence). The bytes
/// come from outside (`answer --audio`, `speak --from`): every field is read only after the bytes it needs are known
/// to be there, and a file that lies about its sizes, is cut short, or is larger or longer than an answer can be is
/// refused with the reason, before anything else (sox, the recognizer) sees it.
struct WAVFile {
    /// A recorded answer is at most this large (bytes) …
    static let largestFile = 8 << 20
    /// … and this long (seconds): `speak` listens at most as long.
    static let longestSound = 30.0
    /// eSpeak NG (and other streaming writers) put these in a size they do not know yet: the chunk runs to the end.
    static let streamingSizes: Set<Int> = [0x7FFF_FFFF, 0xFFFF_FFFF]

    let sampleRate: Int
    let channels: Int
    let bitsPerSample: Int
    /// The file's bytes as read (what sox is given, so that it converts what was checked).
    let bytes: Data
    /// The sound itself (16-bit PCM samples, little-endian, whole frames).
    private let sound: Data

    /// Reads and checks the file at `url`: its size is looked at before any byte is read, and a file that is not a
    /// regular file is refused.
    static func read(_ url: URL, largest: Int = largestFile, longest: Double = longestSound) throws -> WAVFile {
        let path = url.path
        let attributes: [FileAttributeKey: Any]
        // A link is followed to what it names: a link to a device is a device.
        do { attributes = try FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path) } catch {
            throw ShellError.fileNotReadable(path)
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else { throw VoiceError.audioNotAFile(path) }
        let declared = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard declared <= largest else { throw VoiceError.audioTooLarge(path, bytes: declared, limit: largest) }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            // One byte more than allowed: a file that grew since it was looked at is still caught.
            data = try handle.read(upToCount: largest + 1) ?? Data()
        } catch {
            throw ShellError.fileNotReadable(path)
        }
        guard data.count <= largest else { throw VoiceError.audioTooLarge(path, bytes: data.count, limit: largest) }
        let wav: WAVFile
        do { wav = try WAVFile(parsing: data) } catch { throw VoiceError.badWAV(path, error) }
        guard wav.duration <= longest else { throw VoiceError.audioTooLong(path, seconds: wav.duration, limit: longest) }
        return wav
    }

    /// The shell's own files (the speech cache): nil when unreadable.
    init?(contentsOf url: URL) {
        guard let wav = try? Self.read(url, largest: 64 << 20, longest: .infinity) else { return nil }
        self = wav
    }

    /// Parses `data`, checking each bound before it reads.
    init(parsing data: Data) throws(WAVDefect) {
        let data = Data(data)  // indices from 0
        guard data.count >= 12 else { throw .tooShort(bytes: data.count) }
        func integer(_ offset: Int, _ size: Int) -> Int {
            // Callers have checked offset + size <= data.count.
            (0..<size).reduce(0) { $0 | Int(data[offset + $1]) << (8 * $1) }
        }
        func text(_ offset: Int) -> String {
            String(decoding: data[offset..<offset + 4].map { (32...126).contains($0) ? $0 : UInt8(ascii: "?") },
                   as: UTF8.self)
        }
        guard text(0) == "RIFF", text(8) == "WAVE" else { throw .notRIFF }
        var offset = 12
        var format: (tag: Int, channels: Int, rate: Int, block: Int, bits: Int, subformat: Int?)?
        var sound: Data?
        // Each pass moves on by at least 8 bytes: the loop ends within count / 8 passes.
        while offset + 8 <= data.count {
            let id = text(offset)
            let declared = integer(offset + 4, 4)
            let body = offset + 8
            let left = data.count - body
            var size = declared
            if declared > left {
                // Only the sound may run to the end, and only when its writer said it did not know its size.
                guard id == "data", Self.streamingSizes.contains(declared) else {
                    throw .chunkPastEnd(id: id, declared: declared, left: left)
                }
                size = left
            }
            if id == "fmt " {
                guard size >= 16 else { throw .formatTooShort(bytes: size) }
                // WAVE_FORMAT_EXTENSIBLE names its real format in the first two bytes of a GUID at 24.
                format = (integer(body, 2), integer(body + 2, 2), integer(body + 4, 4), integer(body + 12, 2),
                          integer(body + 14, 2), size >= 40 ? integer(body + 24, 2) : nil)
            } else if id == "data", sound == nil {
                sound = data[body..<body + size]
            }
            offset = body + size + (size % 2)
        }
        guard let format else { throw .noFormat }
        // 1: PCM; 0xFFFE: WAVE_FORMAT_EXTENSIBLE (as some programs write), whose sub-format must be PCM.
        guard format.tag == 1 || format.tag == 0xFFFE && format.subformat == 1 else { throw .notPCM(format: format.tag) }
        guard format.bits == 16 else { throw .unsupportedBits(format.bits) }
        guard (1...8).contains(format.channels) else { throw .absurdChannels(format.channels) }
        guard (8000...192_000).contains(format.rate) else { throw .absurdRate(format.rate) }
        guard format.block == format.channels * 2 else { throw .absurdBlock(format.block) }
        guard let found = sound else { throw .noData }
        let whole = found.count - found.count % format.block
        guard whole > 0 else { throw .noSound }
        sampleRate = format.rate
        channels = format.channels
        bitsPerSample = format.bits
        bytes = data
        self.sound = Data(found.prefix(whole))
    }

    /// Seconds of sound.
    var duration: Double { Double(sound.count / 2) / Double(sampleRate * channels) }

    /// The samples, for all channels interleaved.
    var samples: [Int16] {
        sound.withUnsafeBytes { raw in
            (0..<raw.count / 2).map { Int16(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self)) }
        }
    }

    /// The loudness of each 10 ms frame (root mean square, 0 to 1), channels mixed.
    func loudness() -> [Double] {
        let samples = self.samples
        let frame = max(sampleRate / 100, 1) * channels
        return stride(from: 0, to: samples.count - frame + 1, by: frame).map { start in
            let sum = samples[start..<start + frame].reduce(0.0) { $0 + Double($1) * Double($1) }
            return (sum / Double(frame)).squareRoot() / 32768
        }
    }

    /// Root mean square amplitude, from 0 (silence) to 1.
    var rms: Double {
        let samples = self.samples
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return samples.isEmpty ? 0 : (sum / Double(samples.count)).squareRoot() / Double(Int16.max)
    }
}
