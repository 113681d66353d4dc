extension ConsentDocument {
    /// The terms of use and the privacy policy this build ships with: the shell shows them at registration and the
    /// server asks for these versions unless its operator gives it others. A changed text needs a new version.
    public static let bundled: [ConsentDocument] = [terms, privacy]

    static let terms = ConsentDocument(kind: .terms, version: "2026-11-27", text: Localized(
        ko: """
            Brainy 이용약관 (2026-11-27)
            1. Brainy는 퀴즈를 풀고, 기록을 보고, 그 기록을 서버와 동기화하는 서비스입니다.
            2. 계정은 본인만 사용하며, 비밀번호와 로그인 정보를 다른 사람과 나누지 않습니다.
            3. 리더보드에는 실제로 푼 퀴즈만 올립니다. 조작된 기록은 순위에서 빠지며, 남용하는 계정은 이용이 제한될 수 있습니다.
            4. 문제와 해설은 학습과 재미를 위한 것으로, 내용의 정확성을 보증하지 않습니다.
            5. 서비스는 점검이나 변경으로 멈출 수 있으며, 약관이 바뀌면 다음 로그인 때 다시 동의를 받습니다.
            6. 문의: 이 서버를 운영하는 곳의 연락처로 보내 주세요.
            """,
        en: """
            Brainy terms of use (2026-11-27)
            1. Brainy lets you play quizzes, look back at your results and sync them with a server.
            2. Your account is yours alone: do not share your password or sign-in with anyone.
            3. Only quizzes you really played go on the leaderboard. Forged results are left out of the ranking, and an
               account that abuses the service may be limited.
            4. Questions and explanations are for learning and fun; their accuracy is not guaranteed.
            5. The service may stop for maintenance or change; when these terms change, you are asked again at your next
               sign-in.
            6. Contact: the operator of the server you sign in to.
            """))

    static let privacy = ConsentDocument(kind: .privacy, version: "2026-11-27", text: Localized(
        ko: """
            Brainy 개인정보 처리방침 (2026-11-27)
            1. 수집하는 정보: 이메일 주소(또는 소셜 로그인 제공자가 알려 준 이메일과 계정 식별자), 비밀번호의 해시(비밀번호 자체는
               저장하지 않음), 퀴즈 결과와 진행 상황, 설정, 힌트 크레딧, 로그인 시각과 접속 주소.
            2. 이용 목적: 로그인, 기기 간 동기화와 복원, 일일 리더보드, 문제 난이도 평가, 남용 방지.
            3. 리더보드에는 표시 이름과 점수만 보입니다. 정보를 팔거나 광고 목적으로 다른 곳에 넘기지 않습니다.
            4. 보관: 계정이 있는 동안 보관하며, 계정을 삭제하면 함께 삭제됩니다. 계정 삭제는 서버 운영자에게 요청하세요.
            5. 이 기기의 기록은 기기의 데이터 폴더에 남으며, 로그인 토큰은 키링(없으면 본인만 읽을 수 있는 파일)에 둡니다.
            6. 처리방침이 바뀌면 다음 로그인 때 다시 동의를 받습니다. 문의: 이 서버를 운영하는 곳의 연락처.
            """,
        en: """
            Brainy privacy policy (2026-11-27)
            1. What is kept: your email address (or the email and account id your sign-in provider gives), a hash of your
               password (never the password itself), your quiz results and progress, settings, hint credits, and when
               and from which address you signed in.
            2. What for: signing in, syncing and restoring across devices, the daily leaderboard, rating how hard
               questions are, and stopping abuse.
            3. The leaderboard shows your display name and score only. Nothing is sold or handed on for advertising.
            4. How long: as long as the account exists; deleting the account deletes it too. Ask the server's operator
               to delete your account.
            5. Results on this device stay in its data folder; sign-in tokens are kept in the keyring (or, without one,
               in a file only you can read).
            6. When this policy changes, you are asked again at your next sign-in. Contact: the operator of the server
               you sign in to.
            """))
}
