import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

/// The WAV reader over hostile files: every field is read only after its bytes are known to be there, and a file
/// that is cut short, lies about its sizes, or is larger or longer than an answer can be is refused with its reason.
@Suite struct WAVFileTests {
    /// A chunk: its id, its declared size (the real one unless told) and its body, padded to an even length.
    static func chunk(_ id: String, _ body: [UInt8], declaring size: UInt32? = nil, pad: Bool = true) -> [UInt8] {
        Array(id.utf8) + le32(size ?? UInt32(body.count)) + body + (pad && body.count % 2 == 1 ? [0] : [])
    }

    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

    static func format(tag: UInt16 = 1, channels: UInt16 = 1, rate: UInt32 = 16000, bits: UInt16 = 16,
                       block: UInt16? = nil) -> [UInt8] {
        let block = block ?? channels * bits / 8
        return chunk("fmt ", le16(tag) + le16(channels) + le32(rate) + le32(rate &* UInt32(block)) + le16(block) + le16(bits))
    }

    /// A RIFF file of these chunks, its RIFF size true unless told.
    static func riff(_ chunks: [UInt8]..., declaring size: UInt32? = nil) -> Data {
        let body = Array("WAVE".utf8) + chunks.flatMap { $0 }
        return Data(Array("RIFF".utf8) + le32(size ?? UInt32(body.count)) + body)
    }

    /// `seconds` of a 440 Hz tone at 16 kHz.
    static func tone(_ seconds: Double, rate: Int = 16000) -> [UInt8] {
        (0..<Int(seconds * Double(rate))).flatMap { index -> [UInt8] in
            le16(UInt16(bitPattern: Int16(8000 * sin(2 * Double.pi * 440 * Double(index) / Double(rate)))))
        }
    }

    static let good = riff(format(), chunk("data", tone(0.5)))

    @Test func aGoodFileIsReadWithItsLengthAndLoudness() throws {
        let wav = try WAVFile(parsing: Self.good)
        #expect(wav.sampleRate == 16000 && wav.channels == 1 && wav.bitsPerSample == 16)
        #expect(abs(wav.duration - 0.5) < 0.001)
        #expect(wav.rms > 0.1 && wav.rms < 0.2, "\(wav.rms)")
        #expect(wav.loudness().count == 50)
    }

    /// The file of issue 25: RIFF, size 56, WAVE, a JUNK chunk of 36 zero bytes, then `fmt ` of length 16 and no data.
    @Test func theSixtyFourByteFileThatKilledTheShellIsRefused() {
        let file = Self.riff(Self.chunk("JUNK", Array(repeating: 0, count: 36)), Array("fmt ".utf8) + Self.le32(16),
                             declaring: 56)
        #expect(file.count == 64)
        #expect(throws: WAVDefect.chunkPastEnd(id: "fmt ", declared: 16, left: 0)) { try WAVFile(parsing: file) }
    }

    @Test func aFileCutAtEveryByteIsRefusedOrReadNeverReadPastItsEnd() {
        let file = Self.riff(Self.chunk("LIST", Array("INFOISFT".utf8) + [1, 2, 3]), Self.format(),
                             Self.chunk("data", Self.tone(0.01)))
        for length in 0..<file.count {
            // Every prefix either fails with a reason or (once the data has begun) is refused as cut short.
            #expect(throws: WAVDefect.self, "cut at \(length)") { try WAVFile(parsing: file.prefix(length)) }
        }
        #expect((try? WAVFile(parsing: file)) != nil)
    }

    @Test(arguments: [
        // Sizes that lie: past the end, the largest possible, into the next chunk.
        (riff(format(), chunk("data", [1, 2, 3, 4], declaring: 400)), WAVDefect.chunkPastEnd(id: "data", declared: 400, left: 4)),
        (riff(chunk("fmt ", Array(format().dropFirst(8)), declaring: 0xFFFF_FFF0), chunk("data", [1, 2])),
         WAVDefect.chunkPastEnd(id: "fmt ", declared: 0xFFFF_FFF0, left: 26)),
        (riff(chunk("JUNK", [], declaring: 0x7FFF_FFFF), format(), chunk("data", [1, 2])),
         WAVDefect.chunkPastEnd(id: "JUNK", declared: 0x7FFF_FFFF, left: 34)),
        // Zero-length and short chunks.
        (riff(chunk("fmt ", []), chunk("data", [1, 2])), WAVDefect.formatTooShort(bytes: 0)),
        (riff(chunk("fmt ", Array(format().dropFirst(8).prefix(14))), chunk("data", [1, 2])), WAVDefect.formatTooShort(bytes: 14)),
        (riff(format(), chunk("data", [])), WAVDefect.noSound),
        (riff(format(), chunk("data", [7])), WAVDefect.noSound),
        (riff(format()), WAVDefect.noData),
        (riff(chunk("data", [1, 2])), WAVDefect.noFormat),
        (Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8), WAVDefect.noFormat),
        // Absurd formats.
        (riff(format(tag: 3, bits: 32), chunk("data", [1, 2, 3, 4])), WAVDefect.notPCM(format: 3)),
        (riff(format(bits: 8), chunk("data", [1, 2])), WAVDefect.unsupportedBits(8)),
        // WAVE_FORMAT_EXTENSIBLE without the extension that names its sub-format (sox refuses it).
        (riff(format(tag: 0xFFFE), chunk("data", [1, 2])), WAVDefect.notPCM(format: 0xFFFE)),
        (riff(format(channels: 0), chunk("data", [1, 2])), WAVDefect.absurdChannels(0)),
        (riff(format(channels: 300), chunk("data", [1, 2])), WAVDefect.absurdChannels(300)),
        (riff(format(rate: 0), chunk("data", [1, 2])), WAVDefect.absurdRate(0)),
        (riff(format(rate: 4_000_000_000), chunk("data", [1, 2])), WAVDefect.absurdRate(4_000_000_000)),
        (riff(format(block: 0), chunk("data", [1, 2])), WAVDefect.absurdBlock(0)),
        // Not a WAV at all.
        (Data("RIFF".utf8), WAVDefect.tooShort(bytes: 4)),
        (Data(), WAVDefect.tooShort(bytes: 0)),
        (Data("RIFX\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8), WAVDefect.notRIFF),
        (Data("ID3\u{4}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}".utf8), WAVDefect.notRIFF),
    ])
    func aHostileFileIsRefusedWithItsReason(file: Data, defect: WAVDefect) {
        #expect(throws: defect) { try WAVFile(parsing: file) }
    }

    @Test func oddChunksArePaddedAndUnknownChunksSkipped() throws {
        // An odd-sized chunk before the format, padded as RIFF says; a streaming writer's size on the sound.
        let file = Self.riff(Self.chunk("LIST", [1, 2, 3]), Self.format(), Self.chunk("fact", [0, 0, 0, 0]),
                             Self.chunk("data", Self.tone(0.1), declaring: 0x7FFF_FFFF))
        let wav = try WAVFile(parsing: file)
        #expect(abs(wav.duration - 0.1) < 0.001)
        // The same chunk without its pad byte: the format is then looked for one byte off, and not found.
        let unpadded = Self.riff(Self.chunk("LIST", [1, 2, 3], pad: false), Self.format(), Self.chunk("data", [1, 2]))
        #expect(throws: WAVDefect.self) { try WAVFile(parsing: unpadded) }
        // A sound of an odd number of bytes keeps its whole samples.
        #expect(try WAVFile(parsing: Self.riff(Self.format(), Self.chunk("data", [1, 2, 3]))).duration == 1.0 / 16000)
    }

    @Test func aFileLargerOrLongerThanAnAnswerIsRefusedBeforeItIsConverted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-wav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A sparse file of 4 GB: refused by its size alone, none of it read.
        let sparse = folder.appendingPathComponent("sparse.wav")
        FileManager.default.createFile(atPath: sparse.path, contents: Self.good)
        let handle = try FileHandle(forWritingTo: sparse)
        try handle.truncate(atOffset: 4 << 30)
        try handle.close()
        #expect(throws: VoiceError.audioTooLarge(sparse.path, bytes: 4 << 30, limit: WAVFile.largestFile)) {
            try WAVFile.read(sparse)
        }
        // 31 s of sound at 8 kHz (under the size limit): refused by its length.
        let long = folder.appendingPathComponent("long.wav")
        try Self.riff(Self.format(rate: 8000), Self.chunk("data", Array(repeating: 0, count: 31 * 8000 * 2))).write(to: long)
        #expect(throws: VoiceError.audioTooLong(long.path, seconds: 31, limit: 30)) { try WAVFile.read(long) }
        // A device and a folder are not files.
        #expect(throws: VoiceError.audioNotAFile("/dev/zero")) { try WAVFile.read(URL(fileURLWithPath: "/dev/zero")) }
        #expect(throws: VoiceError.audioNotAFile(folder.path)) { try WAVFile.read(folder) }
        #expect(throws: ShellError.fileNotReadable(folder.path + "/none.wav")) {
            try WAVFile.read(folder.appendingPathComponent("none.wav"))
        }
        // Each refusal says what to do, in both languages, with the limits.
        let large = ErrorMessage.of(VoiceError.audioTooLarge("x.wav", bytes: 4 << 30, limit: WAVFile.largestFile))
        #expect(large[.en].contains("8.0 MB") && large[.en].contains("30 s") && large[.ko].contains("30초"))
        let bad = ErrorMessage.of(VoiceError.badWAV("x.wav", .chunkPastEnd(id: "fmt ", declared: 16, left: 0)))
        #expect(bad[.en].contains("cut short") && bad[.ko].contains("잘렸거나"))
    }

    @Test func randomBytesNeverCrashTheReader() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            // A good file with a few bytes changed, or cut, or both (xorshift from a fixed seed: the same files each run).
            var bytes = [UInt8](Self.riff(Self.chunk("LIST", [1, 2, 3]), Self.format(), Self.chunk("data", Self.tone(0.01))))
            for _ in 0..<(1 + Int(seed % 4)) {
                seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
                bytes[Int(seed % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: seed >> 32)
            }
            let cut = seed % 3 == 0 ? Int(seed % UInt64(bytes.count)) : bytes.count
            if let wav = try? WAVFile(parsing: Data(bytes.prefix(cut))) {
                #expect(wav.duration >= 0 && wav.rms >= 0, "seed \(seed)")
            }
        }
    }
}
