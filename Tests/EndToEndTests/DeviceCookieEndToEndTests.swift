import Foundation
import Testing

/// Issue 24: the owner always gets in. The built `brainy` signs in to the built `brainy-server` on loopback, keeps the
/// device cookie the server gave it, and sends it at its next sign-in: guesses from another device on the same
/// address lock that device out, not the owner's. The other device, which has no cookie, is the twin that shows the
/// lock is real.
@Suite(.serialized) struct DeviceCookieEndToEndTests {
    let home: URL
    let server: ServerProcess
    static let email = "owner@example.com"
    static let password = "correct horse battery"

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-cookie-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        server = try ServerProcess(folder: home)
    }

    /// `brainy` on the device whose database is `device`, the lines on standard input.
    func run(on device: String, _ lines: [String]) throws -> (status: Int32, out: String, err: String) {
        try BrainyProcess.run(["--db", home.appendingPathComponent(device).path, "--lang", "en", "--server", server.url],
                              stdin: lines.joined(separator: "\n") + "\n")
    }

    func signIn(on device: String, email: String = email, password: String = password) throws
        -> (status: Int32, out: String, err: String) {
        try run(on: device, ["login email \(email)", password])
    }

    /// Six wrong passwords for `email` from another device (a script stops at its first error: one run each);
    /// what the last one said.
    func guess(_ email: String) throws -> String {
        var said = ""
        for n in 1...6 { said = try signIn(on: "thief.sqlite", email: email, password: "wrong guess \(n)").err }
        return said
    }

    @Test func theOwnersDeviceGetsInWhileAnotherDeviceOnItsAddressIsLockedOut() throws {
        let registered = try run(on: "owner.sqlite", ["register \(Self.email)", Self.password, Self.password, "y", "logout"])
        #expect(registered.status == 0, "\(registered.err)")

        // Another device on the same address guesses until the account is locked for that address.
        let guessed = try guess(Self.email)
        #expect(guessed.contains("Too many failed sign-ins"), "\(guessed)")
        // The lock is real: without the owner's cookie, even the right password is refused from this address.
        let thiefWithPassword = try signIn(on: "thief.sqlite")
        #expect(thiefWithPassword.err.contains("Too many failed sign-ins"), "\(thiefWithPassword.err)")
        #expect(!thiefWithPassword.out.contains("Signed in as"))

        // The owner's device, signed out since it registered, sends the cookie it kept: it gets in.
        let owner = try signIn(on: "owner.sqlite")
        #expect(owner.status == 0, "\(owner.err)")
        #expect(owner.out.contains("Signed in as \(Self.email)"), "\(owner.out)\n\(owner.err)")
        // And again after another sign-out: the cookie the sign-in gave back was kept too.
        let again = try run(on: "owner.sqlite", ["logout", "login email \(Self.email)", Self.password])
        #expect(again.status == 0, "\(again.err)")
        #expect(again.out.contains("Signed in as \(Self.email)"), "\(again.out)\n\(again.err)")
    }

    @Test func aDeviceTrustedForOneAccountIsNotTrustedForAnother() throws {
        // The device keeps a cookie for the owner's account: signing in there as someone else, whose email is
        // locked for this address, gets no pass from it.
        #expect(try run(on: "device.sqlite", ["register \(Self.email)", Self.password, Self.password, "y", "logout"])
            .status == 0)
        #expect(try run(on: "other.sqlite", ["register second@example.com", Self.password, Self.password, "y"]).status == 0)
        #expect(try guess("second@example.com").contains("Too many failed sign-ins"))
        let crossed = try run(on: "device.sqlite", ["login email second@example.com", Self.password])
        #expect(crossed.err.contains("Too many failed sign-ins"), "\(crossed.out)\n\(crossed.err)")
    }
}
