import BrainyKit
import Foundation
import Testing

@Suite struct AdsConfigTests {
    static let withoutAds = #"""
        {"version": "old", "authMethodsEnabled": ["guest"], "guestModeEnabled": true, "passwordMinLength": 8,
         "sessionTimeoutMinutes": 60, "maxLoginAttempts": 5, "lockoutMinutes": 15, "minAppVersion": "0.1.0",
         "maintenanceMode": false, "featureFlags": {"aiQuiz": false, "voiceMode": true, "offlineMode": true},
         "categories": ["person"]}
        """#

    @Test func aConfigWrittenBeforeAdsGetsTheDefaults() throws {
        let config = try JSONDecoder().decode(RemoteConfig.self, from: Data(Self.withoutAds.utf8))
        #expect(config.ads == AdsConfig())
        #expect(config.ads.firstQuizOfDayFree)
        #expect(config.ads.fetchTimeoutMs == 300)
    }

    @Test func missingFieldsTakeTheirDefaultsAndNonsenseIsKeptInRange() throws {
        let json = Self.withoutAds.replacingOccurrences(of: #""categories": ["person"]}"#,
                                                        with: #""categories": ["person"], "ads": {"quizEndEvery": 0, "enabled": false}}"#)
        let ads = try JSONDecoder().decode(RemoteConfig.self, from: Data(json.utf8)).ads
        #expect(!ads.enabled)
        #expect(ads.quizEndEvery == 1)
        #expect(ads.rewardedDailyCap == AdsConfig().rewardedDailyCap)
    }

    @Test func aConfigRoundTrips() throws {
        let config = RemoteConfig(ads: AdsConfig(enabled: false, quizEndEvery: 5, rewardedDailyCap: 2))
        #expect(try JSONDecoder().decode(RemoteConfig.self, from: JSONEncoder().encode(config)) == config)
    }
}
