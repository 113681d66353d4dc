import Foundation

/// What the shell needs to know of a WAV file: how long it plays and how loud it is (speech, not silence).
struct WAVFile {
    let sampleRate: Int
    let channels: Int
    let bitsPerSample: Int
    /// The samples (16-bit PCM), as read.
    let samples: [Int16]

    init?(contentsOf url: URL) {
        guard let data = try? Data(contentsOf: url), data.count > 44,
              String(decoding: data[0..<4], as: UTF8.self) == "RIFF",
              String(decoding: data[8..<12], as: UTF8.self) == "WAVE" else { return nil }
        func integer(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(data[data.startIndex + offset + $1]) << (8 * $1) }
        }
        var offset = 12
        var format: (rate: Int, channels: Int, bits: Int)?
        var samples: [Int16]?
        while offset + 8 <= data.count {
            let id = String(decoding: data[offset..<offset + 4], as: UTF8.self)
            let size = integer(offset + 4, 4)
            let body = offset + 8
            if id == "fmt " {
                format = (integer(body + 4, 4), integer(body + 2, 2), integer(body + 14, 2))
            } else if id == "data" {
                let end = min(data.count, body + size)
                samples = stride(from: body, to: end - 1, by: 2).map { Int16(truncatingIfNeeded: integer($0, 2)) }
            }
            offset = body + size + (size % 2)
        }
        guard let format, let samples, format.bits == 16, format.rate > 0, format.channels > 0 else { return nil }
        sampleRate = format.rate
        channels = format.channels
        bitsPerSample = format.bits
        self.samples = samples
    }

    /// Seconds of sound.
    var duration: Double { Double(samples.count) / Double(sampleRate * channels) }

    /// Root mean square amplitude, from 0 (silence) to 1.
    var rms: Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot() / Double(Int16.max)
    }
}
