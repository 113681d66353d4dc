/// Signs and checks quiz tickets (`QuizTicketClaims`).
typealias QuizTickets = TokenSigner<QuizTicketClaims>

extension TokenSigner where Claims == QuizTicketClaims {
    init(signingKey: [UInt8]) {
        self.init(signingKey: signingKey, use: "quiz-ticket", maxLength: 4_096)
    }
}
