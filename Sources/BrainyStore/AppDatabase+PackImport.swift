import BrainyKit
import BrainyPacks
import Foundation

extension AppDatabase {
    /// Imports the pack in `directory` when its version differs from the one imported last. Returns the number of
    /// questions imported (0 when already up to date).
    @discardableResult
    public func importPackIfNewer(from directory: URL, now: Date) throws(StoreError) -> Int {
        let manifest = try PackLoader.manifest(in: directory)
        if try importedVersion(ofPack: manifest.id) == manifest.version { return 0 }
        return try importPack(PackLoader.load(from: directory), now: now)
    }
}
