import BrainyKit

/// In short answer a bare line is the answer, so a mistyped command (`hnit`, `nxet`, `skpi`) would cost the question.
/// A one-word line one edit away from a command's name, and far from every accepted answer, is asked about instead;
/// `answer hnit` still answers it.
enum MistypedCommand {
    /// The command `line` most likely meant, or nil when the line should be graded as typed.
    static func meant(by line: String, acceptedForms: [String]) -> String? {
        let typed = line.trimmingBlanks.lowercased()
        guard typed.count >= 3, typed.allSatisfy(\.isLetter), typed.allSatisfy(\.isASCII) else { return nil }
        guard let command = nearestCommand(to: typed) else { return nil }
        guard !AnswerGrader.isCorrect(typed, acceptedForms: acceptedForms) else { return nil }
        // Far: more edits from every accepted answer than a typo makes (one, or a third of the word when longer).
        let given = AnswerNormalizer.normalize(typed)
        let farEnough = max(1, given.count / 3)
        let isFar = acceptedForms.allSatisfy { form in
            let expected = AnswerNormalizer.normalize(form)
            return expected.isEmpty || EditDistance.between(given, expected) > farEnough
        }
        return isFar ? command : nil
    }

    /// The command name exactly one edit away from `word`. QA commands are left out, as in suggestions, and so are
    /// aliases and names shorter than four letters: "cat", "set" or "ad" are a letter from too many real answers.
    private static func nearestCommand(to word: String) -> String? {
        CommandName.allCases.lazy.filter { !$0.isQA }.map { $0.rawValue }
            .first { $0.count >= 4 && EditDistance.between(word, $0) == 1 }
    }
}
