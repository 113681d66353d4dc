import BrainyAPI
import BrainyKit
import Foundation

/// Stage progress at `sync`: how far this device got goes up (after the quizzes that prove it), the account's
/// furthest comes back, and a new device continues each category's stages where the player was.
struct StageSync {
    let remote: RemoteSession
    let repository: any BrainyRepository

    /// How many categories' stages moved on here; nil when the server keeps no stage progress.
    func run(_ api: any RemoteAPI, _ watch: InterruptibleWait, userId: String) throws -> Int? {
        let request = StagesRequest(stages: try repository.stagesReached(userId: userId))
        let answer: StagesResponse? = try remote.authorized(api, watch) { api, token in
            do {
                return try await api.call(API.syncStages, request, accessToken: token)
            } catch let error as RemoteError where error.status == 404 {
                return nil
            }
        }
        guard let response = answer else { return nil }
        return try repository.keepStagesReached(response.stages, userId: userId)
    }
}
