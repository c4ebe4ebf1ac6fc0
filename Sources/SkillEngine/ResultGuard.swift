import Foundation

/// Keeps a skill's result from flooding the model's context (seed 002 §5.1).
public enum ResultGuard {
    /// The first bytes of `result` that fit in `limit` with a note of how long it was, cut on a
    /// character boundary: `…（结果共 5120 字节，超过上限 2048 字节，只保留开头）`.
    ///
    /// ```swift
    /// ResultGuard.truncate(String(repeating: "日程", count: 2000), 2048, .zhHans).utf8.count <= 2048   // true
    /// ```
    @Sendable
    public static func truncate(_ result: String, _ limit: Int, _ catalog: MessageCatalog) -> String {
        let total = result.utf8.count
        guard total > limit else { return result }
        let note =
            catalog.language == .zhHans
            ? "…（结果共 \(total) 字节，超过上限 \(limit) 字节，只保留开头）"
            : "… (the result was \(total) bytes, over the \(limit)-byte limit; only its start is kept)"
        var kept = ""
        var used = 0
        let budget = max(0, limit - note.utf8.count)
        for character in result {
            let size = character.utf8.count
            guard used + size <= budget else { break }
            kept.append(character)
            used += size
        }
        return budget == 0 ? String(note.prefix(limit)) : kept + note
    }
}
