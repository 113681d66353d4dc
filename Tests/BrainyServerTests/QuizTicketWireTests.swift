import BrainyAPI
import BrainyKit
import Foundation
import Testing

/// A dealt ticket is the device's `HeldQuizTicket` and the day: on the wire, one flat object, as docs/openapi.yaml
/// describes it and clients already read it.
@Suite struct QuizTicketWireTests {
    static let ticket = QuizTicket(
        id: "t1", seed: 42, category: .country, type: .multipleChoice, questionIds: ["q1", "q2"],
        issuedAt: Date(timeIntervalSince1970: 1_700_000_000), expiresAt: Date(timeIntervalSince1970: 1_700_600_000),
        day: "2023-11-14", token: "signed")

    @Test func aTicketIsOneFlatObjectWithTheDayBesideTheHeldFields() throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let object = try #require(
            try JSONSerialization.jsonObject(with: encoder.encode(Self.ticket)) as? [String: Any])
        #expect(Set(object.keys) == ["id", "seed", "category", "type", "questionIds", "issuedAt", "expiresAt", "day",
                                     "token"])
        #expect(object["day"] as? String == "2023-11-14")
        #expect(object["token"] as? String == "signed")
        #expect(object["issuedAt"] as? String == "2023-11-14T22:13:20Z")
    }

    @Test func aTicketAsAServerSendsItDecodesAndIsKeptAsItCame() throws {
        let json = """
            {"id":"t1","seed":42,"category":"country","type":"mc","questionIds":["q1","q2"],
             "issuedAt":"2023-11-14T22:13:20Z","expiresAt":"2023-11-21T20:53:20Z","day":"2023-11-14","token":"signed"}
            """
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let decoded = try decoder.decode(QuizTicket.self, from: Data(json.utf8))
        #expect(decoded == Self.ticket)
        #expect(HeldQuizTicket(decoded) == Self.ticket.held)
        #expect(decoded.questionIds == ["q1", "q2"])
    }

    @Test func aTicketWithoutItsDayIsRefused() {
        let json = """
            {"id":"t1","seed":42,"category":"country","type":"mc","questionIds":[],
             "issuedAt":"2023-11-14T22:13:20Z","expiresAt":"2023-11-21T20:53:20Z","token":"signed"}
            """
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(throws: DecodingError.self) { try decoder.decode(QuizTicket.self, from: Data(json.utf8)) }
    }
}
