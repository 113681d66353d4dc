import Foundation
import Testing

/// Issue 25, item 11, through the built binary: a relative `XDG_DATA_HOME` is ignored (the XDG Base Directory
/// specification), and a file-size limit (`ulimit -f`) makes writes fail, said plainly with what to do, instead of
/// ending the shell with SIGXFSZ.
@Suite struct DataFolderEndToEndTests {
    let home: URL
    let workingFolder: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-xdg-\(UUID().uuidString)")
        workingFolder = home.appendingPathComponent("cwd")
        try FileManager.default.createDirectory(at: workingFolder, withIntermediateDirectories: true)
    }

    /// Runs `command` with /bin/sh in `workingFolder`, `brainy` standing for the built binary.
    func shell(_ command: String, environment: [String: String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command, "sh", PseudoTerminal.builtProduct(named: "brainy").path]
        process.currentDirectoryURL = workingFolder
        process.environment = ["HOME": home.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"].merging(environment) { $1 }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return (status, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test func aRelativeXDGDataHomeIsIgnored() throws {
        let result = try shell(#""$1" --lang en -c 'login guest'"#, environment: ["XDG_DATA_HOME": "relative/data"])
        #expect(result.status == 0, "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: workingFolder.appendingPathComponent("relative").path),
                "nothing is made under the folder the shell started in")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/brainy/brainy.sqlite").path))
    }

    @Test func anAbsoluteXDGDataHomeIsUsed() throws {
        let data = home.appendingPathComponent("data")
        let result = try shell(#""$1" --lang en -c 'login guest'"#, environment: ["XDG_DATA_HOME": data.path])
        #expect(result.status == 0, "\(result.err)")
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("brainy/brainy.sqlite").path))
    }

    /// 64 blocks is far less than the bundled pack needs: the first start cannot write its database.
    @Test func aFileSizeLimitIsAWriteErrorNotASignal() throws {
        let result = try shell(#"ulimit -f 64; "$1" --lang en -c 'login guest'"#, environment: [:])
        #expect(result.status != 128 + SIGXFSZ, "ended by SIGXFSZ: \(result.err)")
        #expect(result.status != 0)
        #expect(!result.err.isEmpty, "the shell says why it stopped")
        // Plainly: the limit, and what to do about it (not a disk error, nor a moved file).
        // (sh counts `ulimit -f` in blocks of 512 bytes: 64 is 32 KB.)
        #expect(result.err.contains("file size limit (ulimit -f, 32 KB)"), "\(result.err)")
        #expect(result.err.contains("ulimit -f unlimited"), "\(result.err)")
        let korean = try shell(#"ulimit -f 64; "$1" --lang ko -c 'login guest'"#,
                               environment: ["XDG_DATA_HOME": home.appendingPathComponent("ko").path])
        #expect(korean.err.contains("파일 크기 제한(ulimit -f, 32 KB)"), "\(korean.err)")
    }
}
