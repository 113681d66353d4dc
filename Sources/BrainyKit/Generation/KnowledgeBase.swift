import Foundation
import Synchronization

/// The typed facts AI mode generates questions from (Resources/Knowledge, issue 11): countries, people, artists and
/// their songs or works, and TV dramas, each in Korean and English. The schema and the uniqueness rules are in
/// Resources/Knowledge/README.md.
///
/// Immutable once made: the question drafts the templates make from it are kept with it (made once per category,
/// on first use), so a shell that keeps one knowledge base generates quickly.
public struct KnowledgeBase: Sendable, Equatable {
    public let countries: [Country]
    public let people: [Person]
    public let artists: [Artist]
    public let songs: [Song]
    public let dramas: [Drama]
    /// The `version` of each file, by file name without extension (`countries`, `people`, `music`, `dramas`).
    public let versions: [String: String]
    /// Every name, title and term of the knowledge base normalised once (`AnswerNormalizer`), for the templates.
    private let normalizedForms: [String: String]
    /// The drafts of each category, made on first use.
    let drafts = DraftCache()

    public static func == (lhs: KnowledgeBase, rhs: KnowledgeBase) -> Bool {
        lhs.countries == rhs.countries && lhs.people == rhs.people && lhs.artists == rhs.artists
            && lhs.songs == rhs.songs && lhs.dramas == rhs.dramas && lhs.versions == rhs.versions
    }

    public init(countries: [Country], people: [Person], artists: [Artist], songs: [Song], dramas: [Drama],
                versions: [String: String] = [:]) {
        self.countries = countries
        self.people = people
        self.artists = artists
        self.songs = songs
        self.dramas = dramas
        self.versions = versions
        var forms: [String: String] = [:]
        for form in Self.allForms(countries: countries, people: people, artists: artists, songs: songs, dramas: dramas)
        where forms[form] == nil {
            forms[form] = AnswerNormalizer.normalize(form)
        }
        normalizedForms = forms
    }

    /// `AnswerNormalizer.normalize(text)`, looked up for the knowledge base's own names and terms.
    public func normalized(_ text: String) -> String {
        normalizedForms[text] ?? AnswerNormalizer.normalize(text)
    }

    /// Every form of every named value, in both languages.
    private static func allForms(countries: [Country], people: [Person], artists: [Artist], songs: [Song],
                                 dramas: [Drama]) -> [String] {
        var named: [Named] = []
        for country in countries {
            named += [country.name, country.capital, country.currency] + country.languages
        }
        for person in people { named += [person.name] + person.notable }
        named += artists.map(\.name)
        for song in songs { named += [song.title] + song.featuring }
        for drama in dramas { named += [drama.title, drama.network] + drama.cast }
        let extra = Continent.allCases.flatMap { [$0.name.ko, $0.name.en] + $0.alternatives.ko + $0.alternatives.en }
        return named.flatMap(\.allForms) + extra
    }

    /// Why a knowledge base could not be read: the file, and what went wrong in plain English.
    public struct LoadError: Error, Equatable, CustomStringConvertible {
        public var file: String
        public var reason: String
        public var description: String { "\(file): \(reason)" }
    }

    /// Reads `countries.json`, `people.json`, `music.json` and `dramas.json` from `folder`.
    public static func load(from folder: URL) throws -> KnowledgeBase {
        let countries: CountriesFile = try read("countries.json", in: folder)
        let people: PeopleFile = try read("people.json", in: folder)
        let music: MusicFile = try read("music.json", in: folder)
        let dramas: DramasFile = try read("dramas.json", in: folder)
        return KnowledgeBase(
            countries: countries.countries, people: people.people, artists: music.artists, songs: music.songs,
            dramas: dramas.dramas,
            versions: ["countries": countries.version, "people": people.version, "music": music.version,
                       "dramas": dramas.version]
        )
    }

    private static func read<T: Decodable>(_ name: String, in folder: URL) throws -> T {
        let url = folder.appendingPathComponent(name)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LoadError(file: name, reason: "cannot be read at \(url.path)")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw LoadError(file: name, reason: "'\(key.stringValue)' is missing at \(path(context.codingPath))")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
                let DecodingError.dataCorrupted(context) {
            throw LoadError(file: name, reason: "\(context.debugDescription) at \(path(context.codingPath))")
        } catch {
            throw LoadError(file: name, reason: "\(error)")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "the top" : keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }

    private struct CountriesFile: Decodable { var version: String; var countries: [Country] }
    private struct PeopleFile: Decodable { var version: String; var people: [Person] }
    private struct MusicFile: Decodable { var version: String; var artists: [Artist]; var songs: [Song] }
    private struct DramasFile: Decodable { var version: String; var dramas: [Drama] }
}

// MARK: - Shared shapes

extension KnowledgeBase {
    /// Other spellings that deserve the point in a short answer.
    public struct Alternatives: Decodable, Sendable, Equatable {
        public var ko: [String]
        public var en: [String]

        public init(ko: [String] = [], en: [String] = []) {
            self.ko = ko
            self.en = en
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            ko = try container.decodeIfPresent([String].self, forKey: .ko) ?? []
            en = try container.decodeIfPresent([String].self, forKey: .en) ?? []
        }

        private enum CodingKeys: String, CodingKey { case ko, en }
    }

    /// A caveat in both languages, material for an explanation.
    public struct Note: Decodable, Sendable, Equatable {
        public var ko: String
        public var en: String
    }

    /// A named value: the canonical forms a template shows, the alternatives a short answer accepts, and the
    /// optional extras some values carry (`note`, a capital's `ambiguous`, a currency's ISO `code`).
    public struct Named: Decodable, Sendable, Equatable {
        public var ko: String
        public var en: String
        public var alternatives: Alternatives
        public var note: Note?
        /// For a capital: split or in transition; never asked about nor used as a distractor.
        public var ambiguous: Bool
        /// For a currency: the ISO 4217 code.
        public var code: String?
        /// For a person's notable entry: a deed, not a title (the theory of relativity, the Gettysburg Address, the
        /// gold medal at…): said as it is after "known for", in its own words and articles, never quoted like a work.
        public var deed: Bool

        public init(ko: String, en: String, alternatives: Alternatives = Alternatives(), note: Note? = nil,
                    ambiguous: Bool = false, code: String? = nil) {
            self.ko = ko
            self.en = en
            self.alternatives = alternatives
            self.note = note
            self.ambiguous = ambiguous
            self.code = code
            self.deed = false
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            ko = try container.decode(String.self, forKey: .ko)
            en = try container.decode(String.self, forKey: .en)
            alternatives = try container.decodeIfPresent(Alternatives.self, forKey: .alternatives) ?? Alternatives()
            note = try container.decodeIfPresent(Note.self, forKey: .note)
            ambiguous = try container.decodeIfPresent(Bool.self, forKey: .ambiguous) ?? false
            code = try container.decodeIfPresent(String.self, forKey: .code)
            deed = try container.decodeIfPresent(Bool.self, forKey: .deed) ?? false
        }

        private enum CodingKeys: String, CodingKey { case ko, en, alternatives, note, ambiguous, code, deed }

        /// Every form in one language, canonical first.
        public func forms(_ language: Language) -> [String] {
            language == .ko ? [ko] + alternatives.ko : [en] + alternatives.en
        }

        /// Every form in both languages.
        public var allForms: [String] { forms(.ko) + forms(.en) }
    }

    public enum Continent: String, Decodable, Sendable, CaseIterable {
        case asia, europe, africa
        case northAmerica = "north-america"
        case southAmerica = "south-america"
        case oceania

        public var name: Localized {
            switch self {
            case .asia: Localized(ko: "아시아", en: "Asia")
            case .europe: Localized(ko: "유럽", en: "Europe")
            case .africa: Localized(ko: "아프리카", en: "Africa")
            case .northAmerica: Localized(ko: "북아메리카", en: "North America")
            case .southAmerica: Localized(ko: "남아메리카", en: "South America")
            case .oceania: Localized(ko: "오세아니아", en: "Oceania")
            }
        }

        /// Other names a short answer accepts.
        public var alternatives: KnowledgeBase.Alternatives {
            switch self {
            case .northAmerica: KnowledgeBase.Alternatives(ko: ["북미"], en: [])
            case .southAmerica: KnowledgeBase.Alternatives(ko: ["남미"], en: [])
            default: KnowledgeBase.Alternatives()
            }
        }
    }
}

// MARK: - Entities

extension KnowledgeBase {
    public struct Country: Decodable, Sendable, Equatable, Identifiable {
        public var id: String
        public var name: Named
        public var capital: Named
        public var continent: Continent
        /// Present for transcontinental countries: their continent is never asked.
        public var otherContinents: [Continent]
        public var currency: Named
        /// Official or main languages, most widely used first.
        public var languages: [Named]
        /// Present where the list of languages is abridged.
        public var languagesNote: Note?
        /// The languages are the country's by use, not by law (Australia, the United Kingdom, Japan: no official
        /// language): asked and explained as the main language, never as "the official language".
        public var languagesDeFacto: Bool
        public var asOf: Int
        public var source: String

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            name = try container.decode(Named.self, forKey: .name)
            capital = try container.decode(Named.self, forKey: .capital)
            continent = try container.decode(Continent.self, forKey: .continent)
            otherContinents = try container.decodeIfPresent([Continent].self, forKey: .otherContinents) ?? []
            currency = try container.decode(Named.self, forKey: .currency)
            languages = try container.decode([Named].self, forKey: .languages)
            languagesNote = try container.decodeIfPresent(Note.self, forKey: .languagesNote)
            languagesDeFacto = try container.decodeIfPresent(Bool.self, forKey: .languagesDeFacto) ?? false
            asOf = try container.decode(Int.self, forKey: .asOf)
            source = try container.decode(String.self, forKey: .source)
        }

        private enum CodingKeys: String, CodingKey {
            case id, name, capital, continent, otherContinents, currency, languages, languagesNote, languagesDeFacto, asOf,
                 source
        }
    }

    public struct Person: Decodable, Sendable, Equatable, Identifiable {
        public var id: String
        public var name: Named
        public var birthYear: Int
        public var deathYear: Int?
        /// A country id: the country the person is chiefly identified with, by its present-day name.
        public var nationality: String
        /// Other country ids: the nationality of such a person is never asked.
        public var alsoNationality: [String]
        /// The state of the person's own time, by its name then (조선 for King Sejong and Yi Sun-sin): how the person
        /// is described. Without it, a person born before 1900 is described without a country (today's would often be
        /// false: 대한민국 for a king of the fifteenth century); today's country is named only for people born since.
        public var state: Named?
        public var field: String
        public var sport: String?
        /// Works or achievements, each belonging to this person alone.
        public var notable: [Named]
        public var note: Note?
        public var source: String

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            name = try container.decode(Named.self, forKey: .name)
            birthYear = try container.decode(Int.self, forKey: .birthYear)
            deathYear = try container.decodeIfPresent(Int.self, forKey: .deathYear)
            nationality = try container.decode(String.self, forKey: .nationality)
            alsoNationality = try container.decodeIfPresent([String].self, forKey: .alsoNationality) ?? []
            state = try container.decodeIfPresent(Named.self, forKey: .state)
            field = try container.decode(String.self, forKey: .field)
            sport = try container.decodeIfPresent(String.self, forKey: .sport)
            notable = try container.decode([Named].self, forKey: .notable)
            note = try container.decodeIfPresent(Note.self, forKey: .note)
            source = try container.decode(String.self, forKey: .source)
        }

        private enum CodingKeys: String, CodingKey {
            case id, name, birthYear, deathYear, nationality, alsoNationality, state, field, sport, notable, note, source
        }
    }

    public struct Artist: Decodable, Sendable, Equatable, Identifiable {
        public var id: String
        public var name: Named
        /// `solo` or `group`.
        public var kind: String
        public var nationality: String
        public var genre: String
        public var birthYear: Int?
        public var deathYear: Int?
        public var debutYear: Int?
        public var formedYear: Int?
        /// For composers: the same person's id in people.json.
        public var person: String?
        public var source: String

        /// The year the artist's career is dated from: debut, formation, or twenty years after birth.
        public var eraYear: Int { debutYear ?? formedYear ?? (birthYear.map { $0 + 20 } ?? 2000) }
    }

    public struct Song: Decodable, Sendable, Equatable, Identifiable {
        public var id: String
        public var title: Named
        /// An artist id (for classical works, the composer).
        public var artist: String
        /// `song`, `album` or `work`.
        public var kind: String
        public var year: Int
        /// `release`, `premiere`, `publication` or `composition`.
        public var yearOf: String
        public var genre: String
        public var featuring: [Named]
        public var note: Note?
        public var source: String

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            title = try container.decode(Named.self, forKey: .title)
            artist = try container.decode(String.self, forKey: .artist)
            kind = try container.decode(String.self, forKey: .kind)
            year = try container.decode(Int.self, forKey: .year)
            yearOf = try container.decode(String.self, forKey: .yearOf)
            genre = try container.decode(String.self, forKey: .genre)
            featuring = try container.decodeIfPresent([Named].self, forKey: .featuring) ?? []
            note = try container.decodeIfPresent(Note.self, forKey: .note)
            source = try container.decode(String.self, forKey: .source)
        }

        private enum CodingKeys: String, CodingKey {
            case id, title, artist, kind, year, yearOf, genre, featuring, note, source
        }
    }

    public struct Drama: Decodable, Sendable, Equatable, Identifiable {
        public var id: String
        public var title: Named
        /// The year of first broadcast or release.
        public var year: Int
        /// The original broadcaster or platform.
        public var network: Named
        /// One or two lead actors.
        public var cast: [Named]
        public var genre: String
        /// A country id: where the series was produced.
        public var country: String
        public var source: String
    }
}

// MARK: - Look-ups

extension KnowledgeBase {
    public func country(_ id: String) -> Country? { countries.first { $0.id == id } }
    public func person(_ id: String) -> Person? { people.first { $0.id == id } }
    public func artist(_ id: String) -> Artist? { artists.first { $0.id == id } }
}

/// The question drafts of each category, made once per knowledge base: they depend on nothing else.
final class DraftCache: Sendable {
    private let drafts = Mutex<[QuizCategory: [QuestionDraft]]>([:])

    /// The category's drafts, made by `make` under the lock the first time, so that two threads make them once.
    func drafts(for category: QuizCategory, make: () -> [QuestionDraft]) -> [QuestionDraft] {
        drafts.withLock { drafts in
            if let made = drafts[category] { return made }
            let made = make()
            drafts[category] = made
            return made
        }
    }
}
