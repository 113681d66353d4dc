import Foundation

extension Process {
    /// Starts the program, reads `pipe` to its end and waits for the program to end; a program still running
    /// `seconds` after it started is ended with SIGKILL (which no signal mask inherited from the test runner holds
    /// back). A program that should end on its own but waits instead (a server that started serving, a prompt) then
    /// fails its test rather than hang it: `endedAtDeadline` says so. What `pipe` carried.
    func runToEnd(within seconds: Double, reading pipe: Pipe) throws -> Data {
        try run()
        let pid = processIdentifier
        let deadline = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: deadline)
        let read = pipe.fileHandleForReading.readDataToEndOfFile()
        waitUntilExit()
        deadline.cancel()
        return read
    }

    /// Whether `runToEnd(within:reading:)` had to end the program.
    var endedAtDeadline: Bool { terminationReason == .uncaughtSignal && terminationStatus == SIGKILL }
}
