import Foundation

/// What the shell needs to know of a WAV file: how long it plays and how loud it is (speech, not silence).
struct WAVFile {
    let sampleRate: Int
    let channels: Int
    let bitsPerSample: Int
    /// The sound itself (16-bit PCM samples, little-endian).
    private let sound: Data

    init?(contentsOf url: URL) {
        guard let data = try? Data(contentsOf: url, options: .mappedIfSafe), data.count > 44 else { return nil }
        let bytes = [UInt8](data.prefix(4096))
        guard String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF", String(decoding: bytes[8..<12], as: UTF8.self) == "WAVE"
        else { return nil }
        func integer(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(data[data.startIndex + offset + $1]) << (8 * $1) }
        }
        var offset = 12
        var format: (rate: Int, channels: Int, bits: Int)?
        var sound: Data?
        while offset + 8 <= data.count {
            let id = String(decoding: data[data.startIndex + offset..<data.startIndex + offset + 4], as: UTF8.self)
            // eSpeak NG writes 0x7FFFFFFF as the data size when it streams: the data then runs to the end.
            let size = min(integer(offset + 4, 4), data.count - offset - 8)
            let body = offset + 8
            if id == "fmt " {
                format = (integer(body + 4, 4), integer(body + 2, 2), integer(body + 14, 2))
            } else if id == "data" {
                sound = data[data.startIndex + body..<data.startIndex + body + size]
            }
            offset = body + size + (size % 2)
        }
        guard let format, let sound, format.bits == 16, format.rate > 0, format.channels > 0 else { return nil }
        sampleRate = format.rate
        channels = format.channels
        bitsPerSample = format.bits
        self.sound = sound
    }

    /// Seconds of sound.
    var duration: Double { Double(sound.count / 2) / Double(sampleRate * channels) }

    /// Root mean square amplitude, from 0 (silence) to 1.
    var rms: Double {
        let sum = sound.withUnsafeBytes { raw -> Double in
            let samples = raw.bindMemory(to: Int16.self)
            return samples.reduce(0.0) { $0 + Double(Int16(littleEndian: $1)) * Double(Int16(littleEndian: $1)) }
        }
        let count = sound.count / 2
        return count == 0 ? 0 : (sum / Double(count)).squareRoot() / Double(Int16.max)
    }
}
