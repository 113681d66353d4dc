@testable import BrainyResources
import Foundation
import Testing

/// The executables find their resources without SwiftPM's `Bundle.module`: an installed binary has no build folder.
@Suite struct ResourceFolderTests {
    /// A prefix laid out like an install, in a new temporary folder: `bin/brainy`, and the resources where asked.
    struct Layout {
        let root: URL
        var executable: URL { root.appendingPathComponent("bin/brainy") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-resources-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("bin"), withIntermediateDirectories: true)
        }

        /// Puts a core pack's manifest under `folder` (relative to the root), which makes it a resource folder.
        func resources(at folder: String) throws -> URL {
            let url = root.appendingPathComponent(folder, isDirectory: true)
            let pack = url.appendingPathComponent("Packs/core")
            try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: pack.appendingPathComponent("manifest.json"))
            return url.standardizedFileURL
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test func anInstallFindsShareBrainyBesideItsBinFolderBeforeSwiftPMsBundle() throws {
        let layout = try Layout()
        defer { layout.remove() }
        _ = try layout.resources(at: "bin/Brainy_BrainyResources.resources")
        let installed = try layout.resources(at: "share/brainy")
        let found = try ResourceFolder.locate(environment: [:], executable: layout.executable)
        #expect(found.url.path == installed.path)
        #expect(found.corePackDirectory.path == installed.appendingPathComponent("Packs/core").path)
    }

    @Test func aBuildFolderFindsSwiftPMsBundleBesideTheExecutable() throws {
        let layout = try Layout()
        defer { layout.remove() }
        let bundle = try layout.resources(at: "bin/Brainy_BrainyResources.resources")
        #expect(try ResourceFolder.locate(environment: [:], executable: layout.executable).url.path == bundle.path)
    }

    @Test func theEnvironmentNamesTheFolderOutrightAndAWrongOneIsAnError() throws {
        let layout = try Layout()
        defer { layout.remove() }
        _ = try layout.resources(at: "share/brainy")
        let elsewhere = try layout.resources(at: "elsewhere")
        #expect(try ResourceFolder.locate(environment: ["BRAINY_RESOURCES": elsewhere.path], executable: layout.executable).url.path
                == elsewhere.path)
        let missing = layout.root.appendingPathComponent("missing").path
        #expect(throws: ResourcesNotFound(searched: [missing])) {
            try ResourceFolder.locate(environment: ["BRAINY_RESOURCES": missing], executable: layout.executable)
        }
    }

    @Test func withNoneTheErrorNamesEveryFolderTriedInBothLanguages() throws {
        let layout = try Layout()
        defer { layout.remove() }
        do {
            _ = try ResourceFolder.locate(environment: [:], executable: layout.executable)
            Issue.record("found resources in an empty prefix")
        } catch {
            let share = layout.root.appendingPathComponent("share/brainy").path
            #expect(error.searched == [share, layout.root.appendingPathComponent("bin/Brainy_BrainyResources.resources").path])
            #expect(error.message.ko.contains("찾지 못했습니다") && error.message.ko.contains(share))
            #expect(error.message.en.contains("were not found") && error.message.en.contains(share))
        }
    }
}
