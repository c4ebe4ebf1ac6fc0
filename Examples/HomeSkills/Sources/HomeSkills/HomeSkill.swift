import Foundation
import SkillKit

/// Where a skill shows up in the app's skill drawer.
public enum HomeArea: String, Sendable, CaseIterable {
    case kitchen
    case household
    case climate
    case security
    case info
}

/// A skill of the home assistant: an `AgentSkill` that says which part of the drawer it belongs to.
///
/// ```swift
/// let drawer = Dictionary(grouping: skills, by: \.area)
/// ```
public protocol HomeSkill: AgentSkill {
    var area: HomeArea { get }
}

extension HomeSkill {
    /// `text` without the trigger words and the punctuation around them:
    /// `strippingTriggers(["记一下"], from: "记一下：买灯泡")` is `"买灯泡"`.
    public func strippingTriggers(_ triggers: [String], from text: String) -> String {
        var remaining = text
        for trigger in triggers {
            remaining = remaining.replacingOccurrences(of: trigger, with: " ", options: .caseInsensitive)
        }
        return remaining.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
    }
}

/// The cities the assistant knows, and the one it assumes.
public enum HomeLocation {
    public static let defaultCity = "上海"
    public static let cities = ["上海", "北京", "杭州", "苏州", "南京", "广州", "深圳", "成都"]

    /// The known city mentioned first in `text`, if any.
    public static func city(in text: String) -> String? {
        cities.compactMap { city in text.range(of: city).map { (city, $0.lowerBound) } }
            .min { $0.1 < $1.1 }?.0
    }
}
