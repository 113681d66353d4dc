import Testing
@testable import BrainyKit

@Suite struct FlagScannerTests {
    @Test func flagsComeWithValuesWrittenEitherWay() {
        var scanner = FlagScanner(["--db", "a.sqlite", "--seed=7", "-c", "help", "--no-color", "--lang"])
        let db = scanner.next()
        #expect(db?.name == "--db")
        #expect(db.flatMap { scanner.value(of: $0) } == "a.sqlite")
        let seed = scanner.next()
        #expect(seed?.name == "--seed")
        #expect(seed?.inline == "7")
        #expect(seed.flatMap { scanner.value(of: $0) } == "7")
        let command = scanner.next()
        #expect(command?.name == "-c")
        #expect(command.flatMap { scanner.value(of: $0) } == "help")
        #expect(scanner.next()?.name == "--no-color")
        let lang = scanner.next()
        #expect(lang?.name == "--lang")
        #expect(lang.flatMap { scanner.value(of: $0) } == nil, "the command line ended before the value")
        #expect(scanner.next() == nil)
    }
}
