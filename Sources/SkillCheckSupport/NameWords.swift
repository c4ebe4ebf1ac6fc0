/// The words of a name as people write names of settings and parameters: split at `_`, `-` and `.`, and where a
/// lower-case letter or a digit meets a capital.
///
/// ```swift
/// NameWords.of("openaiApiKey")        // ["openai", "Api", "Key"]
/// NameWords.of("SMART_TOKEN_LIMIT")   // ["SMART", "TOKEN", "LIMIT"]
/// ```
package enum NameWords {
    package static func of(_ name: String) -> [String] {
        var words: [String] = []
        var word = ""
        for character in name {
            if "_-.".contains(character) {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else if character.isUppercase, let last = word.last, last.isLowercase || last.isNumber {
                words.append(word)
                word = String(character)
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
