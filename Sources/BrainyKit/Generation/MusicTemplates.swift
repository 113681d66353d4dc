import Foundation

/// 음악 (music): who sang or composed a song or work, and when it came out.
enum MusicTemplates {
    static let all: [QuestionTemplate] = [songArtist, songYear]

    /// "Who sang 'Gangnam Style'?", "Who composed 'Carmen'?" (easy; classical works medium). When another song
    /// shares a form of the title, the year is added to the question. Distractors are artists of the same genre
    /// nearest in era (debut, formation or birth), then others; never a featured artist nor an artist with a song of
    /// the same title.
    /// "Symphony No. 9 'Choral'" → "Symphony No. 9".
    static func withoutNickname(_ title: String) -> String {
        guard let quote = title.firstIndex(where: { "'\"‘“(".contains($0) }) else { return title }
        return String(title[..<quote])
    }

    static let songArtist = QuestionTemplate(id: "song-artist", category: .music) { knowledge in
        let titleKeys = knowledge.songs.map { Set($0.title.allForms.map(knowledge.normalized)) }
        // A work's title without its nickname: Beethoven's and Dvořák's are both "Symphony No. 9", so neither composer
        // is offered for the other's (each wrote a ninth symphony).
        let workKeys = knowledge.songs.map { $0.kind == "work" ? knowledge.normalized(withoutNickname($0.title.en)) : "" }
        return knowledge.songs.indices.compactMap { index in
            let song = knowledge.songs[index]
            guard let artist = knowledge.artist(song.artist) else { return nil }
            let sameTitle = knowledge.songs.indices
                .filter { $0 != index && !titleKeys[$0].isDisjoint(with: titleKeys[index]) }
                .map { knowledge.songs[$0] }
            let sameWork = knowledge.songs.indices
                .filter { $0 != index && !workKeys[index].isEmpty && workKeys[$0] == workKeys[index] }
                .map { knowledge.songs[$0].artist }
            let barred = Set(sameTitle.map(\.artist) + sameWork)
            let featured = Set(song.featuring.flatMap(\.allForms).map(knowledge.normalized))
            let candidates = knowledge.artists
                .filter { $0.id != artist.id && !barred.contains($0.id) }
                .filter { !$0.name.allForms.contains { featured.contains(knowledge.normalized($0)) } }
                .stableSorted { rank($0, near: artist) }
                .map { Choice($0.name) }
            let year = sameTitle.isEmpty ? "" : "(\(song.year))"
            let titleKo = Phrase.quoted(song.title.ko) + year
            let titleEn = Phrase.quoted(song.title.en) + (year.isEmpty ? "" : " " + year)
            let text: Localized
            switch song.kind {
            case "work":
                text = Localized(ko: "\(Phrase.attach(titleKo, .object)) 작곡한 작곡가는 누구일까요?",
                                 en: "Who composed \(titleEn)?")
            case "album":
                // A jazz or classical player is no singer (Miles Davis): 음악가, as for their recordings below.
                let who = song.genre == "jazz" || song.genre == "classical" ? "음악가" : "가수"
                text = Localized(ko: "앨범 \(Phrase.attach(titleKo, .object)) 발표한 \(who)는 누구일까요?",
                                 en: "Which artist released the album \(titleEn)?")
            default:
                text = song.genre == "jazz" || song.genre == "classical"
                    ? Localized(ko: "\(Phrase.attach(titleKo, .object)) 발표한 음악가는 누구일까요?",
                                en: "Which artist recorded \(titleEn)?")
                    : Localized(ko: "\(Phrase.attach(titleKo, .object)) 부른 가수는 누구일까요?",
                                en: "Who sang \(titleEn)?")
            }
            return QuestionDraft(
                knowledge: knowledge,
                template: "song-artist", entity: song.id, category: .music,
                difficulty: song.genre == "classical" ? .medium : .easy,
                text: text, answer: Choice(artist.name), candidates: candidates, pool: 5,
                explanation: facts(song, by: artist)
            )
        }
    }

    /// "In which year was 'Gangnam Style' by PSY released?" (hard); for a classical work the year is what `yearOf`
    /// says (first performed, published, composed). Distractors are years within ten (the draw takes three of the ten
    /// nearest, so within five), never before the artist's debut, formation or tenth birthday, nor after 2026 (nor,
    /// for a composition, after the composer's death).
    static let songYear = QuestionTemplate(id: "song-year", category: .music) { knowledge in
        knowledge.songs.compactMap { song in
            guard let artist = knowledge.artist(song.artist) else { return nil }
            let earliest = artist.debutYear ?? artist.formedYear ?? artist.birthYear.map { $0 + 10 } ?? 1000
            // A work is composed in its composer's lifetime; a premiere or publication may come later.
            let latest = song.yearOf == "composition" ? max(song.year, artist.deathYear ?? 2026) : 2026
            let what = yearOf(song.yearOf)
            // A year the song's note names (the year it became a hit, the original's) is never a wrong option.
            let noted = Set((song.note?.en ?? "").split { !$0.isNumber }.map(String.init))
            let titleKo = Phrase.quoted(song.title.ko)
            let titleEn = Phrase.quoted(song.title.en)
            return QuestionDraft(
                knowledge: knowledge,
                template: "song-year", entity: song.id, category: .music, difficulty: .hard,
                text: Localized(ko: "\(artist.name.ko)의 \(Phrase.attach(titleKo, .subject)) \(what.koAdjective) 해는 언제일까요?",
                                en: "In which year was \(titleEn) by \(artist.name.en) \(what.en)?"),
                answer: .year(song.year),
                candidates: Phrase.nearYears(song.year, spread: 10, within: min(earliest, song.year)...latest)
                    .filter { !noted.contains($0.en) },
                pool: 10,
                explanation: facts(song, by: artist)
            )
        }
    }

    /// "'Gangnam Style' is a song PSY released in 2012." / "'Carmen' is a work by Georges Bizet, first performed in
    /// 1875.", with the song's note.
    static func facts(_ song: KnowledgeBase.Song, by artist: KnowledgeBase.Artist) -> Localized {
        let what = yearOf(song.yearOf)
        let titleKo = Phrase.quoted(song.title.ko)
        let titleEn = Phrase.quoted(song.title.en)
        let featuring = song.featuring.isEmpty ? Localized(ko: "", en: "")
            : Localized(ko: " 피처링: \(Phrase.list(song.featuring.map(\.ko), language: .ko)).",
                        en: " (featuring \(Phrase.list(song.featuring.map(\.en), language: .en)))")
        let text: Localized
        switch song.kind {
        case "work":
            text = Localized(
                ko: "\(Phrase.attach(titleKo, .topic)) \(artist.name.ko)의 작품으로, \(song.year)년에 \(what.koVerb).",
                en: "\(titleEn) is a work by \(artist.name.en), \(what.en) in \(song.year).")
        case "album":
            text = Localized(
                ko: "\(Phrase.attach(titleKo, .topic)) \(Phrase.attach(artist.name.ko, .subject)) \(song.year)년에 발표한 앨범입니다.",
                en: "\(titleEn) is an album \(artist.name.en) released in \(song.year).")
        default:
            text = Localized(
                ko: "\(Phrase.attach(titleKo, .topic)) \(Phrase.attach(artist.name.ko, .subject)) \(song.year)년에 발표한 곡입니다.\(featuring.ko)",
                en: "\(titleEn) is a song \(artist.name.en) released in \(song.year)\(featuring.en).")
        }
        return Phrase.withNote(text, song.note)
    }

    /// What a song's year is, in words.
    static func yearOf(_ kind: String) -> (en: String, koAdjective: String, koVerb: String) {
        switch kind {
        case "premiere": ("first performed", "초연된", "초연되었습니다")
        case "publication": ("first published", "출판된", "출판되었습니다")
        case "composition": ("composed", "작곡된", "작곡되었습니다")
        default: ("released", "발표된", "발표되었습니다")
        }
    }

    /// Same genre first, then same kind (solo or group), then nearest in era.
    /// Nearest first: a Korean artist's fellow Koreans before anyone else (a Korean title among Western stars'
    /// names gives the answer away: 조용필's 창밖의 여자 offered Whitney Houston, Celine Dion and Mariah Carey), and a
    /// foreign artist's foreigners; then the same genre, the same kind (solo, group), the nearest era.
    private static func rank(_ other: KnowledgeBase.Artist, near artist: KnowledgeBase.Artist) -> Int {
        ((other.nationality == "kr") == (artist.nationality == "kr") ? 0 : 40_000)
            + (other.genre == artist.genre ? 0 : 20_000) + (other.kind == artist.kind ? 0 : 10_000)
            + abs(other.eraYear - artist.eraYear)
    }
}
