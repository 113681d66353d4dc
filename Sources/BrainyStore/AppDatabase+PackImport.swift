import BrainyKit
import BrainyPacks
import Foundation

extension AppDatabase {
    /// Imports the pack in `directory` when its version differs from the one imported last. Returns the number of
    /// questions imported (0 when already up to date). `shipped`: the pack's manifest as shipped, used without
    /// decoding when the file is unchanged.
    @discardableResult
    public func importPackIfNewer(from directory: URL, shipped: PackLoader.ShippedManifest? = nil,
                                  now: Date) throws(StoreError) -> Int {
        try importPackIfNewer(fromFolder: directory.path, shipped: shipped, now: now)
    }

    /// `importPackIfNewer(from:)` for a folder's path (the start-up's).
    @discardableResult
    public func importPackIfNewer(fromFolder folder: String, shipped: PackLoader.ShippedManifest? = nil,
                                  now: Date) throws(StoreError) -> Int {
        let manifest = try PackLoader.manifest(inFolder: folder, shipped: shipped)
        if try importedVersion(ofPack: manifest.id) == manifest.version { return 0 }
        // Under the setup lock, looked at again: shells starting together on a new file import it once, the others
        // waiting for it instead of each importing it in turn (and giving up, busy, after a few).
        return try Self.withSetupLock(path) { () throws(StoreError) -> Int in
            if try importedVersion(ofPack: manifest.id) == manifest.version { return 0 }
            return try importPack(PackLoader.load(from: URL(fileURLWithPath: folder, isDirectory: true)), now: now)
        }
    }
}
