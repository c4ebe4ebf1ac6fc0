import Foundation
import SkillKit

/// Why a ``ScriptedLLMClient`` refused a request, or why its script was not played to the end.
///
/// Each says which turn (from 1), what the script expected, and what arrived:
///
/// ```text
/// turn 2 of 3 departs from the script: expected the last message to be the result of call call-1,
/// containing "晴"; arrived: tools [query_weather], last message user("北京天气")
///
/// the script has 3 turns; a 4th request arrived: tools [query_weather], last message toolResult(call-3 ...)
/// ```
///
/// ```swift
/// do { try model.verifyFinished() } catch let error as ScriptError { Issue.record("\(error)") }
/// ```
@available(SkillCheckTesting, *)
public enum ScriptError: Error, Hashable, CustomStringConvertible, LocalizedError {
    /// The request did not carry what its turn expects.
    ///
    /// `expected` lists each part that did not fit.
    case departed(ScriptedRequest, turnCount: Int, expected: [String])
    /// A request arrived after the script's last turn.
    case extraRequest(ScriptedRequest, turnCount: Int)
    /// The turn cannot be played as written, such as a chunk offset outside its text.
    case invalidTurn(turn: Int, reason: String)
    /// ``ScriptedLLMClient/verifyFinished()``: turns that no request reached, each described.
    case unfinished(played: Int, turnCount: Int, unplayed: [String])

    public var description: String {
        switch self {
        case .departed(let request, let count, let expected):
            "turn \(request.turn) of \(count) departs from the script: expected \(expected.joined(separator: "; and ")); arrived: \(request)"
        case .extraRequest(let request, let count):
            "the script has \(Self.turns(count)); a \(Self.ordinal(request.turn)) request arrived: \(request)"
        case .invalidTurn(let turn, let reason):
            "turn \(turn) of the script cannot be played: \(reason)"
        case .unfinished(let played, let count, let unplayed):
            "the script has \(Self.turns(count)) but only \(played) \(played == 1 ? "was" : "were") played; never reached: "
                + unplayed.joined(separator: "; ")
        }
    }

    public var errorDescription: String? { description }

    static func turns(_ count: Int) -> String { count == 1 ? "1 turn" : "\(count) turns" }

    /// 1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st.
    static func ordinal(_ number: Int) -> String {
        let suffix =
            switch (number % 10, number % 100) {
            case (_, 11...13): "th"
            case (1, _): "st"
            case (2, _): "nd"
            case (3, _): "rd"
            default: "th"
            }
        return "\(number)\(suffix)"
    }
}
