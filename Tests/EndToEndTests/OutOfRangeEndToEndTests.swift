import Foundation
import Testing

/// Out-of-range values on the built programs' command lines: a clear refusal (exit 2) that says what is allowed,
/// never a crash.
@Suite struct OutOfRangeEndToEndTests {
    static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("demos/first-time-player.brainy").path

    @Test(arguments: ["1e300", "inf"])
    func aDemoPaceTooLongToSleepIsRefusedNotACrash(_ pace: String) throws {
        let run = try BrainyProcess.run(["--lang", "en", "--demo", Self.demo, "--pace", pace])
        #expect(run.status == 2, "\(run.err)")
        #expect(run.err.contains("--pace takes"), "\(run.err)")
    }

    @Test(arguments: [["--database-timeout", "0"], ["--header-timeout", "99999999999999999999"],
                      ["--body-timeout", "inf"], ["--idle-timeout", "-1"], ["--port", "99999999999999999999"],
                      ["--rate-limit", "login=5/99999999999999999999"]])
    func aServerFlagOutOfRangeIsRefusedWithWhatIsAllowed(_ flag: [String]) throws {
        let process = Process()
        process.executableURL = PseudoTerminal.builtProduct(named: "brainy-server")
        // A flag of one value is given once (a second --port is refused as such).
        process.arguments = (flag[0] == "--port" ? [] : ["--port", "0"]) + flag
        let error = Pipe()
        process.standardError = error
        process.standardOutput = Pipe()
        try process.run()
        let said = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2, "\(said)")
        #expect(said.contains(flag[0]) && said.contains("'\(flag[1])'"), "\(said)")
    }
}
