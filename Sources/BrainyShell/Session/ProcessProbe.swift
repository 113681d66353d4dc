import Foundation

/// Tells whether a process is a running brainy shell (to leave a quiz open in another shell alone).
enum ProcessProbe {
    static func isBrainy(_ pid: Int32) -> Bool {
        guard Platform.processExists(pid) else { return false }
        guard let name = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return true }
        return name.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("brainy")
    }
}
