import BrainyAPI
import BrainyKit
import Hummingbird

// The shared payload types stay free of Hummingbird; the server declares that it can send them.
extension CheckEmailResponse: ResponseEncodable {}
extension AuthResponse: ResponseEncodable {}
extension PackVersionResponse: ResponseEncodable {}
extension ResultUploadResponse: ResponseEncodable {}
extension LeaderboardResponse: ResponseEncodable {}
extension QuestionRatingsResponse: ResponseEncodable {}
extension ResultSummaryResponse: ResponseEncodable {}
extension SocialProvidersResponse: ResponseEncodable {}
extension AdsResponse: ResponseEncodable {}
extension AdEventsResponse: ResponseEncodable {}
extension HouseAd: ResponseEncodable {}
extension HouseAdsResponse: ResponseEncodable {}
extension AdReportResponse: ResponseEncodable {}
