import BrainyKit

/// Signing out on this device, without a word: the quiz in progress let go of (resumable from any shell), the device
/// session ended, the flow signed out and the default settings in force. What `logout` does after its server call,
/// and what the remote side does when the server no longer honours the sign-in.
struct LocalSignOut {
    let state: SessionState
    let repository: any BrainyRepository

    func run() throws {
        releaseHeldQuiz()
        try repository.endSession()
        try state.apply(.signedOut)
        state.applyUserSettings(nil)
    }

    /// A quiz left in progress stays resumable from any shell once this one lets go of it.
    func releaseHeldQuiz() {
        if let play = state.flow.play, play.quiz.status == .inProgress {
            repository.releaseQuiz(id: play.quiz.id)
        }
    }
}
