/// Settings kept for the whole device rather than per user: the sync server, where voice mode writes its speech.
public enum DeviceSetting: String, CaseIterable, Sendable {
    case server
    case voiceOut = "voice-out"
    /// The language model AI mode asks for questions (an OpenAI-compatible chat-completions endpoint).
    case ai

    /// Words that turn a device setting off.
    public static func isOff(_ text: String) -> Bool { Switch(parsing: text) == .off }
}
