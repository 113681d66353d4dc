import Foundation

/// The start-up file: `$XDG_CONFIG_HOME/brainy/brainyrc`, or `$HOME/.config/brainy/brainyrc`; nil when it is absent.
enum StartupFile {
    static func resolve(_ environment: [String: String]) -> URL? {
        let base: URL
        // A relative XDG_CONFIG_HOME is ignored, as the XDG Base Directory specification says.
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg)
        } else if let home = environment["HOME"], !home.isEmpty {
            base = URL(fileURLWithPath: home).appendingPathComponent(".config")
        } else {
            base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
        }
        let file = base.appendingPathComponent("brainy/brainyrc")
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }
}
