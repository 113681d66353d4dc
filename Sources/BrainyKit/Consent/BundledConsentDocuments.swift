extension ConsentDocument {
    /// The terms of use and the privacy policy this build ships with: the shell shows them at registration and the
    /// server asks for these versions unless its operator gives it others (`brainy-server --consent-documents`). A
    /// changed text needs a new version. Each line fits 78 columns and both texts with the question fit a terminal of
    /// 24 rows, so that the person sees all of them where they answer.
    public static let bundled: [ConsentDocument] = [terms, privacy]

    static let terms = ConsentDocument(kind: .terms, version: "2026-11-27", text: Localized(
        ko: """
            Brainy 이용약관 (2026-11-27)
            1. Brainy는 퀴즈를 풀고 기록을 보고 서버와 동기화하는 서비스입니다.
            2. 계정은 본인만 쓰며, 비밀번호와 로그인 정보를 남과 나누지 않습니다.
            3. 실제로 푼 퀴즈만 순위에 오릅니다. 조작된 기록은 빠지고, 남용하는
               계정은 이용이 제한될 수 있습니다.
            4. 문제와 해설은 학습과 재미를 위한 것이며 정확성을 보증하지 않습니다.
            5. 서비스는 멈추거나 바뀔 수 있고, 약관이 바뀌면 다음 로그인 때 묻습니다.
            6. 문의: 로그인하는 서버의 운영자.
            """,
        en: """
            Brainy terms of use (2026-11-27)
            1. Brainy lets you play quizzes, see your results and sync them with a server.
            2. Your account is yours alone: do not share your password or sign-in.
            3. Only quizzes you really played rank; forged results are left out, and an
               account that abuses the service may be limited.
            4. Questions are for learning and fun; their accuracy is not guaranteed.
            5. The service may pause or change; new terms are asked at your next sign-in.
            6. Contact: the operator of the server you sign in to.
            """))

    static let privacy = ConsentDocument(kind: .privacy, version: "2026-11-27", text: Localized(
        ko: """
            Brainy 개인정보 처리방침 (2026-11-27)
            1. 보관: 이메일(또는 소셜 로그인 제공자의 이메일과 계정 식별자), 비밀번호의
               해시(비밀번호 자체는 아님), 퀴즈 결과와 진행, 설정, 힌트 크레딧, 로그인
               시각과 접속 주소.
            2. 목적: 로그인, 기기 간 동기화, 일일 순위표, 문제 난이도, 남용 방지.
               정보를 팔거나 광고주에게 넘기지 않습니다.
            3. 순위표에는 표시 이름과 점수만 보입니다.
            4. 계정이 있는 동안 보관하고, 계정을 지우면 함께 지웁니다(서버 운영자에게
               요청). 로그인 토큰은 키링이나 본인만 읽는 파일에 둡니다.
            5. 처리방침이 바뀌면 다음 로그인 때 묻습니다. 문의: 서버 운영자.
            """,
        en: """
            Brainy privacy policy (2026-11-27)
            1. Kept: your email (or your sign-in provider's email and account id), a hash
               of your password (never the password), quiz results and progress, settings,
               hint credits, and when and from which address you signed in.
            2. For: signing in, syncing across devices, the daily leaderboard, question
               difficulty, and stopping abuse. Nothing is sold or given to advertisers.
            3. The leaderboard shows only your display name and score.
            4. Kept while the account exists; deleting the account deletes it (ask the
               server's operator). Sign-in tokens stay in your keyring or a private file.
            5. A new policy is asked at your next sign-in. Contact: the server's operator.
            """))
}
