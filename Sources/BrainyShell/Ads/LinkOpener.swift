import Foundation

/// Opens an ad's link in the browser on a desktop (a display and a terminal); elsewhere the printed link is all.
enum LinkOpener {
    static let xdgOpen = ExternalProgram(name: "xdg-open", package: "xdg-utils")

    static func openIfDesktop(_ link: String) {
        let environment = ProcessInfo.processInfo.environment
        let hasDisplay = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
        guard hasDisplay, Platform.isTerminal(.output), link.hasPrefix("http") else { return }
        // Without xdg-open the link printed above is enough: an ad never raises an error.
        try? xdgOpen.start([link])
    }
}
