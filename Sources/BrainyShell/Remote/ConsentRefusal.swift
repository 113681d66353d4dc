import BrainyKit

/// A registration, a sign-in or a sync that did not go on because the terms of use and the privacy policy were not
/// accepted, or a server that asks for them before anything else: each says what became of the sign-in and how to
/// accept.
enum ConsentRefusal: Error, Equatable {
    /// Declined at `register`: no account was made.
    case declinedAtRegister
    /// Declined after a sign-in, or a typed no at `sync`: signed out again, tokens forgotten.
    case declinedAtSignIn
    /// Declined after a sign-in that listed every document (nothing of them ever accepted), and the server could not
    /// be asked to delete the account (unreachable, interrupted, a server without the operation): signed out as with
    /// `declinedAtSignIn`, and a first social sign-in's account, made before the question, may stay on the server.
    case declinedPerhapsNewAccount
    /// Declined after a first sign-in, and the server deleted the account that sign-in made (it held nothing else).
    case declinedAccountRemoved
    /// Declined after a sign-in that listed every document, and the server kept the account: it holds data, or
    /// accepted an earlier version. Only the sign-in ended.
    case declinedAccountKept
    /// The question after a sign-in got no answer (the input ended, Ctrl-C, or a script's next line that is neither a
    /// yes nor a no, `line`): the sign-in just made was ended, nothing else.
    case unansweredAtSignIn(line: String?)
    /// The server refused an operation until the account accepts a version it publishes now.
    case requiredByServer
    /// At `sync`, the question got no answer (the input ended, Ctrl-C, a line neither yes nor no): nothing synced,
    /// still signed in.
    case unansweredAtSync
    /// At `sync` without a terminal (a script, `-c`, cron): not asked, nothing synced, still signed in.
    case needsTerminal
    /// The server lists versions to accept that its own `GET /v1/auth/consent` does not serve (two instances that
    /// disagree, a version changed in between).
    case versionsDisagree
    /// At `register`, the server published a new version while the person read: no account was made.
    case changedWhileRegistering

    var message: Localized {
        let both = ConsentPrompt.bothNames
        switch self {
        case .declinedAtRegister:
            return Localized(ko: "계정을 만들지 않았습니다: \(both.ko)에 동의해야 계정이 만들어집니다. 다시 'register'를 하고 'y'로 답하세요 (스크립트에서는 비밀번호 두 줄 다음에 'y' 한 줄).",
                             en: "No account was made: it is made only once the \(both.en) are accepted. Run 'register' again and answer 'y' (in a script, a line 'y' after the two password lines).")
        case .declinedAtSignIn:
            return Localized(ko: "로그아웃했습니다: \(both.ko)에 동의하기 전에는 이 계정을 쓸 수 없습니다. 다시 로그인하고 'y'로 답하면 동의합니다 (스크립트에서는 로그인 다음 줄에 'y').",
                             en: "Signed out: this account cannot be used until the \(both.en) are accepted. Sign in again and answer 'y' to accept them (in a script, a line 'y' after the sign-in).")
        case .declinedPerhapsNewAccount:
            let signedOut = Self.declinedAtSignIn.message
            return Localized(ko: signedOut.ko + " 이번 로그인이 처음 만든 계정이라면 (Kakao, Naver, Apple, Google로 처음 로그인) 그 계정은 이메일만 담긴 채 쓰이지 않고 서버에 남아 있습니다. 지우려면 서버 운영자에게 요청하세요 (개인정보 처리방침의 연락처).",
                             en: signedOut.en + " If this sign-in made the account (a first sign-in with Kakao, Naver, Apple or Google), it stays on the server, unused, holding only your email: to have it deleted, ask the server's operator (the contact in the privacy policy).")
        case .declinedAccountRemoved:
            return Localized(ko: "로그아웃했습니다: \(both.ko)에 동의하지 않아서 이번 로그인이 처음 만든 계정을 서버에서 지웠습니다 (이메일도 남지 않습니다). 다시 로그인하면 새 계정이 만들어지고 다시 묻습니다.",
                             en: "Signed out: the \(both.en) were declined, so the account this first sign-in made was removed from the server (your email is not kept). Signing in again makes a new account and asks again.")
        case .declinedAccountKept:
            let signedOut = Self.declinedAtSignIn.message
            return Localized(ko: signedOut.ko + " 이 계정은 데이터가 있어서 (또는 전에 동의한 적이 있어서) 서버에 그대로 남아 있습니다.",
                             en: signedOut.en + " The account stays on the server because it holds data (or accepted them before).")
        case let .unansweredAtSignIn(line):
            let ko = line.map { "'\(OutsideText.clean($0))' 줄은 답이 아니라서 " } ?? "답이 없어서 "
            let en = line.map { "the line '\(OutsideText.clean($0))' is not an answer, so " } ?? "there was no answer, so "
            return Localized(ko: "로그인하지 않았습니다: \(both.ko) 질문에 \(ko)방금 한 로그인을 끝냈습니다 (다른 기기의 로그인은 그대로입니다). 다시 로그인하고 'y'로 답하세요 (스크립트에서는 로그인 다음 줄에 'y' 한 줄).",
                             en: "Not signed in: to the question of the \(both.en), \(en)the sign-in just made was ended (other devices' sign-ins are kept). Sign in again and answer 'y' (in a script, a line 'y' right after the sign-in).")
        case .requiredByServer:
            return Localized(ko: "서버가 새 \(both.ko)에 먼저 동의하라고 합니다. 터미널에서 'sync'를 하면 읽고 동의할 수 있습니다 (다시 로그인해도 됩니다).",
                             en: "The server asks this account to accept a new \(both.en) first. Run 'sync' at a terminal to read and accept them (or sign in again).")
        case .unansweredAtSync:
            return Localized(ko: "동기화하지 않았습니다: 새 \(both.ko)에 답하지 않았습니다. 로그인은 그대로입니다. 'sync'를 다시 하고 'y'(동의) 또는 'n'(동의하지 않고 로그아웃)으로 답하세요.",
                             en: "Nothing was synced: the new \(both.en) were not answered. You are still signed in. Run 'sync' again and answer 'y' to accept, or 'n' to decline and sign out.")
        case .needsTerminal:
            return Localized(ko: "동기화하지 않았습니다: 서버가 새 \(both.ko)에 동의하라고 하는데, 터미널이 아니어서 묻지 않았습니다. 로그인은 그대로입니다. 터미널에서 'sync'(또는 'login')를 하여 읽고 동의하세요.",
                             en: "Nothing was synced: the server asks this account to accept a new \(both.en), and this run is not at a terminal, so it was not asked. You are still signed in. Run 'sync' (or 'login') at a terminal to read and accept them.")
        case .versionsDisagree:
            return Localized(ko: "서버가 알려 준 \(both.ko) 버전이 서로 맞지 않습니다 (새 버전이 막 올라왔거나 서버 두 대가 다릅니다). 아무것도 바뀌지 않았습니다. 잠시 뒤 다시 해 보세요.",
                             en: "The server's versions of the \(both.en) disagree (a new version was just published, or two servers differ). Nothing was changed. Try again in a moment.")
        case .changedWhileRegistering:
            return Localized(ko: "계정을 만들지 않았습니다: 읽는 동안 서버가 \(both.ko)을 바꿨습니다. 'register'를 다시 하여 새 내용을 읽고 동의하세요.",
                             en: "No account was made: the server changed its \(both.en) while you read them. Run 'register' again to read and accept the new ones.")
        }
    }
}
