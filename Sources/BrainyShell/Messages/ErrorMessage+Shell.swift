import BrainyKit

/// The shell's own errors (`ShellError`): words typed, script and record files, voice answers, and the sync server,
/// the sign-in and the keyring as the shell sees them.
extension ErrorMessage {
    static func shell(_ error: ShellError) -> Localized {
        switch error {
        case let .commandNotAllowed(name, state, allowed):
            return notAllowed(name, state: state, allowed: allowed)
        case let .qaOnly(name):
            let command = name.rawValue
            return Localized(ko: "\(Josa.attach("'\(command)'", .topic)) QA 명령입니다. brainy를 --qa로 시작하면 쓸 수 있습니다.",
                             en: "'\(command)' is a QA command: start brainy with --qa to use it.")
        case let .unknownCommand(word, suggestion):
            let hint = suggestion.map { Localized(ko: " \(Josa.attach("'\($0)'", .object)) 입력하려던 건가요?", en: " Did you mean '\($0)'?") }
                ?? Localized(ko: "", en: "")
            return Localized(ko: "\(Josa.attach("'\(word)'", .topic)) 알 수 없는 명령입니다.", en: "'\(word)' is not a command.") + hint
                + Localized(ko: " 'help'로 지금 쓸 수 있는 명령을 보세요.", en: " Type 'help' for the commands you can use now.")
        case let .missingArgument(command, usage):
            return Localized(ko: "'\(command)'에 필요한 값이 빠졌습니다. 사용법: \(usage)",
                             en: "'\(command)' needs more. Usage: \(usage)")
        case let .invalidArgument(command, value, expected):
            let list = expected.joined(separator: ", ")
            return Localized(ko: "'\(command)'에 \(Josa.attach("'\(value)'", .topic)) 쓸 수 없습니다. 가능한 값: \(list)",
                             en: "'\(value)' is not valid for '\(command)'. Expected one of: \(list)")
        case let .tooManyArguments(command, usage):
            // Only the commands that ask a password say where it goes (the extra word may have been one).
            guard let asking = CommandName(rawValue: command), [.login, .register].contains(asking) else {
                return Localized(ko: "'\(command)'에 값이 너무 많습니다. 사용법: \(usage)",
                                 en: "Too many words for '\(command)'. Usage: \(usage)")
            }
            return Localized(ko: "'\(command)'에 값이 너무 많습니다 (비밀번호는 따로 묻습니다). 사용법: \(usage)",
                             en: "Too many words for '\(command)' (the password is asked separately). Usage: \(usage)")
        case .alreadyAnswered:
            return Localized(ko: "이 문제에는 이미 답했습니다. 'next'로 다음 문제로 가세요.",
                             en: "You already answered this question. Type 'next' to go on.")
        case let .mistypedCommand(typed, command):
            return Localized(
                ko: "\(Josa.attach("'\(command)'", .object)) 입력하려던 건가요? \(Josa.attach("'\(typed)'", .object)) 답으로 내려면 \(Josa.attach("'answer \(typed)'", .object)) 입력하세요 (문제는 그대로입니다).",
                en: "Did you mean '\(command)'? To answer '\(typed)', type 'answer \(typed)' (the question is still open).")
        case .inputEnded:
            return Localized(ko: "입력이 끝났습니다.", en: "The input ended.")
        case .cancelled:
            return Localized(ko: "취소했습니다.", en: "Cancelled.")
        case let .fileNotReadable(path):
            return Localized(ko: "\(Josa.attach(path, .object)) 읽을 수 없습니다. 경로와 권한을 확인하세요.", en: "Cannot read \(path). Check the path and its permissions.")
        case let .fileNotUTF8(path):
            return Localized(ko: "\(Josa.attach(path, .topic)) UTF-8 텍스트가 아닙니다. 스크립트는 UTF-8로 저장하세요 (예: iconv -t UTF-8).",
                             en: "\(path) is not UTF-8 text. Save the script as UTF-8 (e.g. with iconv -t UTF-8).")
        case let .lineTooLong(limit):
            return Localized(ko: "줄이 너무 깁니다(\(limit / 1024) KiB 넘음). 실행하지 않았습니다.",
                             en: "The line is too long (over \(limit / 1024) KiB); it was not run.")
        case let .fileNotWritable(path):
            return Localized(ko: "\(path)에 쓸 수 없습니다. 폴더와 권한을 확인하세요.", en: "Cannot write \(path). Check the folder and its permissions.")
        case let .notARegularFile(path):
            return Localized(ko: "\(path)은(는) 일반 파일이 아닙니다 (장치, 폴더 또는 파이프). 기록할 파일 이름을 주세요.",
                             en: "\(path) is not a regular file (a device, a folder or a pipe). Give the name of a file to record to.")
        case let .sourcedFileFailed(path, failures):
            return Localized(ko: "\(path)의 명령 \(failures)개가 실패했습니다 (위에 줄 번호와 함께 보였습니다).",
                             en: "\(failures) command\(failures == 1 ? "" : "s") in \(path) failed (shown above with their lines).")
        case let .sourceNestedTooDeep(path, limit):
            return Localized(ko: "\(Josa.attach(path, .object)) 읽지 않았습니다: source가 \(limit)단계 넘게 겹쳤습니다. 파일이 자기 자신을 부르는지 확인하세요.",
                             en: "Did not read \(path): source nested more than \(limit) deep. Check that the file does not source itself.")
        case let .placeholderPath(placeholder):
            return Localized(ko: "\(Josa.attach(placeholder, .topic)) 사용법의 자리 표시입니다. 파일 이름을 주세요. 예: record session.transcript",
                             en: "\(placeholder) is the usage's placeholder: give a file name, e.g. record session.transcript")
        case let .alreadyRecording(path):
            return Localized(ko: "이미 \(path)에 기록 중입니다. 'record stop'으로 먼저 멈추세요.", en: "Already recording to \(path). Type 'record stop' first.")
        case let .programMissing(program, package):
            return Localized(ko: "\(Josa.attach(program, .object)) 찾을 수 없습니다. Debian/Ubuntu에서는 'apt-get install \(package)'로 설치하세요 (scripts/setup이 설치합니다).",
                             en: "\(program) is not installed. On Debian or Ubuntu: apt-get install \(package) (scripts/setup does it).")
        case let .programFailed(program, status):
            return Localized(ko: "\(program) 실행이 실패했습니다 (종료 코드 \(status)). 다시 시도하거나 답을 입력하세요.",
                             en: "\(program) failed (exit status \(status)). Try again, or type the answer.")
        case let .noRecognizer(language):
            return Localized(ko: "\(language == .ko ? "한국어" : language.rawValue) 음성 인식 모델이 없습니다. 답을 입력하세요 (--lang en으로 영어 음성 답을 쓸 수 있습니다).",
                             en: "There is no speech recognition model for \(language == .ko ? "Korean" : language.rawValue) here. Type your answer (English spoken answers work with --lang en).")
        case let .notAWAVFile(path):
            return Localized(ko: "\(Josa.attach(path, .topic)) 16비트 PCM WAV 파일이 아닙니다. 예: sox in.mp3 -b 16 answer.wav",
                             en: "\(path) is not a 16-bit PCM WAV file. Convert it, e.g. sox in.mp3 -b 16 answer.wav")
        case .nothingHeard:
            return Localized(ko: "답을 알아듣지 못했습니다. 다시 말하거나 답을 입력하세요.",
                             en: "I did not catch an answer. Say it again, or type it.")
        case .noMicrophone:
            return Localized(ko: "이 컴퓨터에는 마이크가 없습니다. 녹음한 답은 'answer --audio 파일.wav'로 내거나, 답을 입력하세요.",
                             en: "No microphone on this machine. Give a recorded answer with 'answer --audio FILE.wav', or type it.")
        case .listeningStopped:
            return Localized(ko: "듣기를 멈췄습니다. 문제는 그대로 열려 있습니다.",
                             en: "Stopped listening. The question is still open.")
        case let .knowledgeBaseMissing(path):
            return Localized(ko: "AI모드의 지식 베이스를 읽을 수 없습니다 (\(path)). 설치를 확인하거나 다른 모드를 고르세요.",
                             en: "AI mode's knowledge base cannot be read (\(path)). Check the installation, or choose another mode.")
        case let .transcriptionFailed(reason):
            return Localized(ko: "음성 인식 서버(--asr-url)가 답하지 못했습니다 (\(reason)). 다시 말하거나 답을 입력하세요.",
                             en: "The speech recognition server (--asr-url) failed (\(reason)). Say it again, or type your answer.")
        case .noServer:
            return Localized(
                ko: "동기화 서버가 정해지지 않았습니다. --server URL로 셸을 시작하거나 'settings server URL'로 정하세요. 결과는 이 기기에 그대로 있습니다.",
                en: "No sync server is set. Start the shell with --server URL or set one with 'settings server URL'. Your results stay on this device.")
        case let .needsServer(provider):
            return Localized(
                ko: "\(provider.name.ko) 로그인은 동기화 서버를 거칩니다. --server URL로 셸을 시작하거나 'settings server URL'로 서버를 정하세요. 서버 없이는 'login guest'나 'login email'을 쓰세요.",
                en: "\(provider.name.en) sign-in goes through the sync server. Start the shell with --server URL or set one with 'settings server URL'. Without a server, use 'login guest' or 'login email'.")
        case let .invalidServerURL(text):
            return Localized(ko: "\(Josa.attach("'\(text)'", .topic)) 서버 주소가 아닙니다. http://127.0.0.1:8080 처럼 쓰세요.",
                             en: "'\(text)' is not a server address. Write it like http://127.0.0.1:8080.")
        case let .invalidSeconds(variable, value, fallback):
            return Localized(
                ko: "\(variable)=\(Josa.attach("'\(value)'", .topic)) 0.1초에서 3600초 사이의 숫자가 아니어서 \(fallback)초를 씁니다.",
                en: "\(variable)='\(value)' is not a number of seconds from 0.1 to 3600; using \(fallback).")
        case let .serverUnreachable(url):
            return Localized(
                ko: "서버(\(url))에 연결할 수 없습니다. 서버가 켜져 있는지, 주소가 맞는지 확인하세요. 결과는 이 기기에 그대로 남아 있습니다.",
                en: "Cannot reach the server at \(url). Check that it is running and that the address is right. Nothing was lost: your results stay on this device.")
        case let .serverTimedOut(url, seconds):
            return Localized(
                ko: "서버(\(url))가 \(seconds)초 안에 답하지 않았습니다. 잠시 뒤에 다시 시도하세요. 결과는 이 기기에 그대로 남아 있습니다.",
                en: "The server at \(url) did not answer within \(seconds) s. Try again later. Nothing was lost: your results stay on this device.")
        case let .serverFailed(url, status):
            let code = status.map { " (HTTP \($0))" } ?? ""
            return Localized(
                ko: "서버(\(url))에 문제가 생겼습니다\(code). 잠시 뒤에 다시 시도하세요. 결과는 이 기기에 그대로 남아 있습니다.",
                en: "The server at \(url) had a problem\(code). Try again later. Nothing was lost: your results stay on this device.")
        case let .serverBusy(url):
            return Localized(
                ko: "서버(\(url))가 지금 바쁩니다. 잠시 뒤에 다시 시도하세요. 올리지 못한 것은 모두 이 기기에 남아 다음 'sync' 때 올라갑니다.",
                en: "The server at \(url) is busy, try again in a moment. Nothing was lost: everything not sent stays on this device for the next 'sync'.")
        case let .serverRefused(code, message):
            return Localized(ko: "서버가 요청을 거절했습니다 (\(code)): \(message)", en: "The server refused the request (\(code)): \(message)")
        case .remoteSessionEnded:
            return Localized(
                ko: "서버의 로그인이 끝났습니다 (만료되었거나 다른 곳에서 로그아웃됨). 다시 로그인하세요. 이 기기의 기록은 그대로 있고, 로그인한 뒤 동기화됩니다.",
                en: "Your sign-in on the server has ended (it expired or was signed out elsewhere). Sign in again; your data on this device is kept and will sync afterwards.")
        case .keyringUnavailable:
            return Localized(
                ko: "로그인 토큰을 가진 키링에 닿을 수 없습니다 (잠겨 있거나, 이 키링이 있는 데스크톱 세션이 아님). 서버의 로그인은 그대로입니다. 키링의 잠금을 풀거나 (예: '암호 및 키' 앱) 데스크톱 세션에서 brainy를 실행한 뒤 다시 시도하세요. 이 기기의 기록은 그대로 있습니다.",
                en: "The keyring that holds your sign-in's tokens cannot be reached (it is locked, or this is not the desktop session that has it). Your sign-in on the server is still good. Unlock the keyring (for example in Passwords and Keys) or run brainy in your desktop session, then try again; your data on this device is kept.")
        case .keyringUnavailableAtLogout:
            return Localized(
                ko: "로그아웃하지 않았습니다: 로그인 토큰을 가진 키링에 닿을 수 없습니다 (잠겨 있거나, 이 키링이 있는 데스크톱 세션이 아님). 지금 로그아웃하면 서버에 알리지 못해 로그인이 살아 있게 됩니다. 키링의 잠금을 풀거나 (예: '암호 및 키' 앱) 데스크톱 세션에서 brainy를 실행한 뒤 다시 'logout' 하세요.",
                en: "Not signed out: the keyring that holds your sign-in's tokens cannot be reached (it is locked, or this is not the desktop session that has it). Signing out now could not tell the server, and the sign-in would stay valid. Unlock the keyring (for example in Passwords and Keys) or run brainy in your desktop session, then 'logout' again.")
        case .secretToolMissing:
            return Localized(
                ko: "로그인 토큰은 키링에 있는데, 키링을 여는 프로그램 secret-tool이 설치되어 있지 않습니다. libsecret-tools를 설치한 뒤 (예: 'sudo apt install libsecret-tools') 다시 시도하세요. 서버의 로그인은 그대로이고 이 기기의 기록도 그대로 있습니다. 이 기기에서만 로그아웃하려면 'logout'.",
                en: "Your sign-in's tokens are in the keyring, but secret-tool, the program brainy reaches the keyring with, is not installed. Install libsecret-tools (for example 'sudo apt install libsecret-tools'), then try again; your sign-in on the server is still good and your data on this device is kept. To sign out on this device only, 'logout'.")
        case .signedOutWithoutSecretTool:
            return Localized(
                ko: "secret-tool이 설치되어 있지 않아 키링의 토큰을 읽지 못했습니다. 이 기기에서만 로그아웃합니다: 서버에는 알리지 못해 서버의 로그인은 만료될 때까지 유효하고, 키링에는 'Brainy sign-in' 항목이 남습니다 ('암호 및 키' 앱에서 지울 수 있음).",
                en: "secret-tool is not installed, so the keyring's tokens could not be read: signing out on this device only. The server was not told, so its sign-in stays valid until it expires, and the keyring keeps its 'Brainy sign-in' item (Passwords and Keys can remove it).")
        case .guestCannotSync:
            return Localized(
                ko: "게스트 기록은 이 기기에만 있습니다. 동기화하려면 'register'나 'login email'로 로그인하세요. 로그인할 때 게스트 기록을 계정으로 옮길 수 있습니다.",
                en: "A guest plays on this device only. To sync, sign in with 'register' or 'login email'; the guest's history can move to the account when you do.")
        case let .notOnServer(email):
            return Localized(
                ko: "\(Josa.attach(email, .topic)) 이 기기에서만 만든 계정이라 서버에 없습니다. 'register \(email)'로 서버에 같은 계정을 만들면 이 기기의 기록이 그 계정으로 옮겨집니다.",
                en: "\(email) was made on this device only, so the server does not know it. 'register \(email)' makes it on the server, and this device's history moves to it.")
        case let .providerNotOffered(provider):
            return Localized(
                ko: "이 서버는 \(provider.name.ko) 로그인을 제공하지 않습니다. 'login email'이나 'login guest'를 쓰세요.",
                en: "This server does not offer \(provider.name.en) sign-in. Use 'login email' or 'login guest'.")
        case let .signInDenied(provider):
            return Localized(ko: "\(provider.name.ko) 로그인이 거절되었습니다. 다시 시도하거나 다른 방법으로 로그인하세요.",
                             en: "\(provider.name.en) sign-in was denied. Try again or use another method.")
        case let .signInTimedOut(provider):
            return Localized(ko: "\(provider.name.ko) 로그인 코드가 만료되었습니다. 'login \(provider.rawValue)'로 다시 시도하세요.",
                             en: "The \(provider.name.en) sign-in code expired. Try 'login \(provider.rawValue)' again.")
        case let .browserSignInRefused(provider, reason):
            // The server's reason is outside text: one line, without terminal controls.
            let why = OutsideText.clean(reason).trimmingCharacters(in: .whitespaces)
            return Localized(
                ko: "\(provider.name.ko) 로그인이 거절되었습니다\(why.isEmpty ? "" : " (서버: \(why))"). 'login \(provider.rawValue)'로 다시 시도하거나 다른 방법으로 로그인하세요.",
                en: "\(provider.name.en) sign-in was refused\(why.isEmpty ? "" : " (the server says: \(why))"). Try 'login \(provider.rawValue)' again or use another method.")
        case let .signInNotSetUp(provider):
            let flags = Self.signInFlags(provider)
            return Localized(
                ko: "이 서버는 \(provider.name.ko) 로그인을 제공하지 않습니다. 서버 운영자가 brainy-server를 \(flags)로 시작하면 켜집니다 (시연용으로는 --dev-idp). 그동안은 'login email'이나 'login guest'를 쓰세요.",
                en: "This server does not offer \(provider.name.en) sign-in. Its operator turns it on by starting brainy-server with \(flags) (or --dev-idp for a demo). Meanwhile, use 'login email' or 'login guest'.")
        case let .signedInOnOtherServer(current, wanted):
            return Localized(
                ko: "이 계정은 다른 서버(\(current))에 로그인되어 있습니다. \(wanted)를 쓰려면 그 서버에 다시 로그인하세요 ('login'). 이 기기의 기록은 그대로 있습니다.",
                en: "This account is signed in on another server (\(current)). To use \(wanted), sign in again there ('login'). Your data on this device is kept.")
        }
    }

    /// The brainy-server flags that turn a provider's sign-in on.
    static func signInFlags(_ provider: AuthProvider) -> String {
        switch provider {
        case .kakao: "--kakao-client-id, --public-url"
        case .naver: "--naver-client-id, --naver-client-secret, --public-url"
        case .apple: "--apple-client-id, --apple-client-secret, --public-url"
        case .google: "--google-client-id (device flow) or --google-web-client-id, --google-web-client-secret, --public-url"
        case .guest, .email: "--dev-idp"
        }
    }
}
