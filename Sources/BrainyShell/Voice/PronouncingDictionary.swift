import Foundation

/// The pronunciations the recognizer needs for one question's grammar, as a small dictionary file: each word from the
/// CMU dictionary that PocketSphinx ships and from eSpeak NG's phonemes mapped to the dictionary's ARPAbet (the only
/// source for the words the CMU dictionary lacks: names such as "Klimt", "Gyeongju", numbers such as "1592"). A small
/// file also loads faster than the whole dictionary.
struct PronouncingDictionary {
    /// `word` → its pronunciations in ARPAbet (`["N AH G OY AH"]`).
    private(set) var entries: [String: [String]] = [:]

    /// Looks each word up in `cmu`, and asks `espeak` too; words neither can say are left out. Each phrase
    /// of `phrases` (token → text, see `AnswerGrammar.texts`) with a word `cmu` lacks is also pronounced whole, from
    /// its text: "23.5°" is said "twenty three point five degrees", which its words alone ("23", "5") do not say.
    init(words: Set<String>, phrases: [String: String] = [:], cmu: URL, espeak: ExternalProgram = .espeak) {
        let dictionary = try? Data(contentsOf: cmu, options: .mappedIfSafe)
        var missing: [String] = []
        for word in words.sorted() {
            let found = dictionary.map { Self.lookUp(word, in: $0) } ?? []
            if found.isEmpty { missing.append(word) } else { entries[word] = found }
        }
        // eSpeak NG's pronunciation of every word: the only one of a word the CMU dictionary lacks, a further variant
        // of one it has (a word said another way than the CMU dictionary's is still heard as itself).
        for (word, phonemes) in Self.spoken(words.sorted(), espeak: espeak) {
            let arpabet = ESpeakPhonemes.arpabet(phonemes)
            if !arpabet.isEmpty, !entries[word, default: []].contains(arpabet) { entries[word, default: []].append(arpabet) }
        }
        let lacking = Set(missing)
        for (token, text) in phrases.sorted(by: { $0.key < $1.key })
        where token.split(separator: "_").contains(where: { lacking.contains(String($0)) }) {
            guard let phonemes = try? espeak.run(["-q", "-x", "-v", "en-us", "--", text]) else { continue }
            // Clauses ("Plzeň, Brno") come back one a line: the phrase is said as one.
            let arpabet = ESpeakPhonemes.arpabet(phonemes.split(whereSeparator: \.isWhitespace).joined(separator: " "))
            if !arpabet.isEmpty, !entries[token, default: []].contains(arpabet) { entries[token, default: []].append(arpabet) }
        }
    }

    /// The words it can pronounce.
    var words: Set<String> { Set(entries.keys) }

    /// In the CMU format: `word  PH ON EMES`, variants as `word(2)`.
    var text: String {
        entries.keys.sorted().flatMap { word in
            entries[word, default: []].enumerated().map { index, phones in
                (index == 0 ? word : "\(word)(\(index + 1))") + " " + phones
            }
        }.joined(separator: "\n") + "\n"
    }

    /// The lines `word …` and `word(2) …` of the CMU dictionary.
    static func lookUp(_ word: String, in dictionary: Data) -> [String] {
        var found: [String] = []
        for key in [word + " "] + (2...4).map({ "\(word)(\($0)) " }) {
            let needle = Data(key.utf8)
            let start: Data.Index?
            if dictionary.starts(with: needle) {
                start = dictionary.startIndex
            } else {
                start = dictionary.range(of: Data("\n".utf8) + needle).map { $0.lowerBound + 1 }
            }
            guard let start else { break }
            let lineEnd = dictionary[start...].firstIndex(of: UInt8(ascii: "\n")) ?? dictionary.endIndex
            let line = String(decoding: dictionary[start..<lineEnd], as: UTF8.self)
            found.append(line.dropFirst(key.count).trimmingCharacters(in: .whitespaces))
        }
        return found
    }

    /// eSpeak NG's phonemes (`-x`) for each word, asked in one run: words separated by commas come back one a line.
    static func spoken(_ words: [String], espeak: ExternalProgram) -> [(String, String)] {
        guard !words.isEmpty else { return [] }
        let voice = ["-q", "-x", "-v", "en-us", "--"]
        if let output = try? espeak.run(voice + [words.joined(separator: ", ")]) {
            let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if lines.count == words.count { return Array(zip(words, lines)) }
        }
        // eSpeak joined or split some clauses: ask word by word.
        return words.compactMap { word in
            (try? espeak.run(voice + [word])).map { (word, $0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }
}

/// eSpeak NG's phoneme mnemonics (its `-x` output for the en-us voice) as the CMU dictionary's ARPAbet.
enum ESpeakPhonemes {
    /// Longest mnemonics first, so that `aI@` wins over `aI` and `tS` over `t`.
    private static let table: [(String, String)] = [
        ("aI@", "AY ER"), ("aI3", "AY ER"), ("aU@", "AW ER"), ("i@3", "IY ER"),
        ("A:", "AA"), ("A@", "AA R"), ("aI", "AY"), ("aU", "AW"), ("a#", "AH"), ("@L", "AH L"), ("@2", "AH"),
        ("@5", "AH"), ("3:", "ER"), ("E2", "EH"), ("E#", "EH"), ("e@", "EH R"), ("eI", "EY"), ("I2", "IH"),
        ("I#", "IH"), ("i:", "IY"), ("i@", "IH R"), ("O:", "AO"), ("O@", "AO R"), ("o@", "AO R"), ("OI", "OY"),
        ("oU", "OW"), ("U@", "UH R"), ("u:", "UW"), ("tS", "CH"), ("dZ", "JH"), ("t#", "T"), ("n-", "N"),
        ("l/", "L"), ("r-", "R"),
        ("a", "AE"), ("@", "AH"), ("3", "ER"), ("E", "EH"), ("I", "IH"), ("i", "IY"), ("0", "AA"), ("O", "AO"),
        ("U", "UH"), ("u", "UW"), ("V", "AH"),
        ("p", "P"), ("b", "B"), ("t", "T"), ("d", "D"), ("k", "K"), ("g", "G"), ("f", "F"), ("v", "V"),
        ("T", "TH"), ("D", "DH"), ("s", "S"), ("z", "Z"), ("S", "SH"), ("Z", "ZH"), ("h", "HH"), ("m", "M"),
        ("n", "N"), ("N", "NG"), ("l", "L"), ("r", "R"), ("w", "W"), ("j", "Y"), ("x", "K"), ("C", "HH"),
    ]

    /// `nag'OI@` → `N AE G OY AH`; stress marks, pauses and anything unknown are skipped.
    static func arpabet(_ phonemes: String) -> String {
        var output: [String] = []
        var rest = Substring(phonemes)
        while !rest.isEmpty {
            if let (mnemonic, phones) = table.first(where: { rest.hasPrefix($0.0) }) {
                output.append(phones)
                rest = rest.dropFirst(mnemonic.count)
            } else {
                rest = rest.dropFirst()
            }
        }
        return output.joined(separator: " ")
    }
}
