import SkillKit

/// Inputs for a skill that declares no samples, derived from its keywords so that at least one gets past
/// its input checks to its real work. A skill that wants text after its keyword rejects the keyword
/// alone with `SkillError.invalidInput` before any I/O, and a check run on that alone never reaches
/// the bug it is there to find.
///
/// For each of the first three keywords, in this order of shapes (each kept only when `canHandle` is true):
///
/// | shape | after a Han keyword (`记一下`) | after a Latin one (`note`) |
/// |---|---|---|
/// | the keyword alone | `记一下` | `note` |
/// | followed by ordinary content in the keyword's script | `记一下 明天下午三点和团队开会` | `note buy milk and eggs tomorrow` |
/// | inside a sentence | `请帮我记一下：明天下午三点开会` | `please note this for me: team meeting at 3 tomorrow` |
/// | with a number | `记一下 200` | `note 200` |
/// | with a place name | `北京记一下` | `note in London` |
///
/// Keywords in another script (Cyrillic, Hangul, kana, …) get the Latin shapes.
///
/// ```swift
/// SampleDerivation.candidates(keywords: ["天气"]) { _ in true }.prefix(2)   // ["天气", "天气 明天下午三点和团队开会"]
/// ```
@available(SkillCheckTesting, *)
enum SampleDerivation {
    /// At most this many keywords give derived inputs.
    static let keywordLimit = 3

    /// The derived inputs for `keywords`, shape by shape, that `canHandle` accepts, without repeats.
    static func candidates(keywords: [String], canHandle: (String) -> Bool) -> [String] {
        let keywords = keywords.filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }.prefix(keywordLimit)
        var seen: Set<String> = []
        var found: [String] = []
        for shape in Shape.allCases {
            for keyword in keywords {
                let text = shape.text(keyword, han: isHan(keyword))
                if seen.insert(text).inserted && canHandle(text) { found.append(text) }
            }
        }
        return found
    }

    /// The shapes, in the order they are tried.
    enum Shape: CaseIterable {
        case alone, content, sentence, number, place

        func text(_ keyword: String, han: Bool) -> String {
            switch (self, han) {
            case (.alone, _): keyword
            case (.content, true): "\(keyword) 明天下午三点和团队开会"
            case (.content, false): "\(keyword) buy milk and eggs tomorrow"
            case (.sentence, true): "请帮我\(keyword)：明天下午三点开会"
            case (.sentence, false): "please \(keyword) this for me: team meeting at 3 tomorrow"
            case (.number, _): "\(keyword) 200"
            case (.place, true): "北京\(keyword)"
            case (.place, false): "\(keyword) in London"
            }
        }
    }

    /// Whether most of the keyword's letters are Han characters.
    static func isHan(_ keyword: String) -> Bool {
        let letters = keyword.unicodeScalars.filter { $0.properties.isAlphabetic }
        let han = letters.filter { (0x3400...0x9FFF).contains($0.value) || (0x20000...0x2FA1F).contains($0.value) }
        return !letters.isEmpty && han.count * 2 >= letters.count
    }
}
