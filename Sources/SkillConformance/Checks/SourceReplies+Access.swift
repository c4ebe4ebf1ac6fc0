import Foundation

// Keys a skill reads out of a parsed reply without naming a type.

@available(SkillCheckTesting, *)
extension SourceReplies {
    /// The keys `source` reads out of a parsed reply by name alone, each with what its value is used as.
    ///
    /// A port of Python or JavaScript reads a reply through a helper that takes a document and a key, as
    /// `obj["key"]` or `obj.key` does there; a skill on a dynamic JSON type reads it through a chain of
    /// subscripts. Neither names a type or casts each key, so ``castDocuments(in:)`` alone finds nothing, the
    /// kit's stock replies fail at the first key, and no check ever reaches the skill's work.
    ///
    /// ```swift
    /// func pyGetItem(_ obj: Any?, _ key: String) throws -> Any { … }
    /// func pyList(_ obj: Any?) throws -> [Any] { … }
    /// for hit in try pyList(pyGetItem(pyGetItem(raw, "query"), "search")) {
    ///     let title = try pyGetItem(hit, "title") as? String
    /// }
    /// // query: object, search: objects, title: string
    /// ```
    ///
    /// A key read through a helper is an object when its value is the document of another key read, a list
    /// when it is indexed, iterated or passed to a helper that casts to a list, and otherwise what it is cast
    /// to, else a string. So is a variable bound to it. In a subscript chain (`json["query"]?["search"]?[0]`,
    /// `json["name"].stringValue`) the next subscript or accessor says the same.
    static func accessedCasts(in source: String) -> [(key: String, cast: Cast)] {
        let raw = Array(source)
        let code = Array(SourceScanner.code(of: source))
        guard raw.count == code.count else { return [] }
        let text = String(code)
        let helpers = AccessHelpers(in: text, code: code)
        // In the order read; castDocuments(in:) keeps a key's first type, or its first composite one.
        var casts: [(key: String, cast: Cast)] = []
        func note(_ key: String, _ cast: Cast) { casts.append((key, cast)) }
        // Keys nothing says more of: strings, unless another read of the key says what it is.
        var unsaid: [String] = []
        if !helpers.isEmpty {
            let reads = helpers.reads(in: code, raw: raw, text: text)
            // Each read's document argument as written, without `try` and the marks around it: once, not per comparison.
            let receivers = reads.map { Self.bare(String(raw[$0.receiver])) }
            var bound: [Binding] = []
            for read in reads {
                guard let key = read.key else { continue }
                if let cast = use(of: read, among: zip(reads, receivers), code: code, raw: raw, bound: &bound) {
                    note(key, cast)
                } else {
                    unsaid.append(key)
                }
            }
            // A variable bound to a key's value and then read as a document, indexed or iterated, where it is in scope.
            for (read, receiver) in zip(reads, receivers) {
                for binding in bound where binding.variable == receiver && binding.covers(read.call.lowerBound) {
                    if let cast = read.receiverCast { note(binding.key, cast) }
                }
            }
            for loop in text.matches(of: /\bfor\s+(?:\w+|\([^)]*\))\s+in\s+(?:try[?!]?\s+)?([A-Za-z_]\w*)\b/) {
                let at = text.distance(from: text.startIndex, to: loop.range.lowerBound)
                for binding in bound where binding.variable == loop.output.1 && binding.covers(at) { note(binding.key, .objects) }
            }
            // Or cast where it is in scope: `func pyInt(_ value: Any)` reading `value as? NSNumber` makes the key it is
            // handed (`pyInt(try getItem(json, "num"))`) a number.
            for cast in text.matches(of: /\b([A-Za-z_]\w*)\s+as\s*[?!]\s*(\[[^\]\n]*\]|[A-Za-z_]\w*)/) {
                let at = text.distance(from: text.startIndex, to: cast.range.lowerBound)
                for binding in bound where binding.variable == cast.output.1 && binding.covers(at) {
                    note(binding.key, Self.cast(spelled: cast.output.2.filter { !$0.isWhitespace }))
                }
            }
        }
        for (key, cast) in subscriptChains(in: source) { note(key, cast) }
        let said = Set(casts.map(\.key))
        return casts + unsaid.filter { !said.contains($0) }.map { ($0, .string) }
    }

    /// A name that holds a key's value: a `let` bound to a read (anywhere in the source, as before), or the first
    /// parameter of a function the read is handed to (only in that function's body).
    struct Binding {
        var variable: String
        var key: String
        var scope: Range<Int>?

        func covers(_ offset: Int) -> Bool { scope?.contains(offset) ?? true }
    }

    /// What a helper's read gives its key: the receiver of another read, a list helper's argument, a cast, a
    /// `for … in`; `nil` when nothing says. A `let` bound to it, or the parameter of a function it is handed to, goes
    /// into `bound`.
    private static func use(
        of read: AccessHelpers.Read, among reads: Zip2Sequence<[AccessHelpers.Read], [String]>, code: [Character], raw: [Character],
        bound: inout [Binding]
    ) -> Cast? {
        let call = String(raw[read.call])
        if let outer = reads.first(where: { $0.1 == call })?.0, let cast = outer.receiverCast {
            return cast
        }
        if let cast = castAfter(read.call, in: code) { return cast }
        let before = String(code[max(0, read.call.lowerBound - 80)..<read.call.lowerBound])
        if before.contains(/\bfor\s+\w+\s+in\s+(?:try[?!]?\s+)?(?:await\s+)?$/) { return .objects }
        guard let key = read.key else { return nil }
        if let binding = before.firstMatch(of: /\b(?:let|var)\s+([A-Za-z_]\w*)\s*(?::[^=\n]+)?=\s*(?:try[?!]?\s+)?(?:await\s+)?$/) {
            bound.append(Binding(variable: String(binding.output.1), key: key))
        } else if let callee = before.firstMatch(of: /([A-Za-z_]\w*)\s*\(\s*(?:[A-Za-z_]\w*\s*:\s*)?(?:try[?!]?\s+)?(?:await\s+)?$/),
            let (parameter, body) = firstParameter(of: String(callee.output.1), in: code)
        {
            // Handed to a function of the source as its first argument (`api.cleanResults(pyGetItem(raw, "results"))`): what
            // that function's body does with its parameter says what the key is. (No `\b` before the name: Unicode's word
            // boundaries run through `api.cleanResults`.)
            bound.append(Binding(variable: parameter, key: key, scope: body))
        }
        return nil
    }

    /// The name the function `name` declared in `code` gives its first parameter (`results` in
    /// `func cleanResults(_ results: PyValue)`), and the range of its body, if the code declares one function of that name.
    static func firstParameter(of name: String, in code: [Character]) -> (String, Range<Int>)? {
        let text = String(code)
        let declarations = text.matches(of: /\bfunc\s+([A-Za-z_]\w*)\s*(?:<[^>{]*>)?\s*\(\s*(?:[A-Za-z_]\w*\s+)?([A-Za-z_]\w*)\s*:[^{]*\{/)
            .filter { $0.output.1 == name }
        guard declarations.count == 1 else { return nil }
        let open = text.distance(from: text.startIndex, to: declarations[0].range.upperBound) - 1
        guard let close = AccessHelpers.closing(code, from: open) else { return nil }
        return (String(declarations[0].output.2), open..<close)
    }

    /// What the code right after `call` casts its value to (`as? [String: Any]`, `as! Double`), if anything.
    static func castAfter(_ call: Range<Int>, in code: [Character]) -> Cast? {
        let after = String(code[call.upperBound..<min(code.count, call.upperBound + 60)])
        let pattern =
            /\s*[?!]?\s*as\s*[?!]\s*(\[\s*\[\s*String\s*:\s*Any\w*\s*\]\s*\]|\[\s*String\s*:\s*Any\w*\s*\]|\[\s*\w+\s*\]|NSDictionary|NSArray|String|Int|Double|Float|Bool|NSNumber)/
        return after.prefixMatch(of: pattern).map { cast(spelled: $0.output.1.filter { !$0.isWhitespace }) }
    }

    /// `try? (x)!` gives `x`: an expression without the words and marks around a value.
    static func bare(_ expression: String) -> String {
        var text = expression.trimmingCharacters(in: .whitespacesAndNewlines)
        while true {
            let before = text
            for word in ["try?", "try!", "try", "await"] where text.hasPrefix(word + " ") { text = String(text.dropFirst(word.count + 1)) }
            while let last = text.last, last == "!" || last == "?" { text.removeLast() }
            if text.hasPrefix("("), text.hasSuffix(")") { text = String(text.dropFirst().dropLast()) }
            text = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if text == before { return text }
        }
    }

    /// What `spelled` (a cast's type without spaces) says of a value.
    static func cast(spelled: String) -> Cast {
        switch spelled {
        case "String": .string
        case "Int": .integer
        case "Double", "Float", "NSNumber": .number
        case "Bool": .boolean
        case "[String]": .strings
        case "[Int]": .integers
        case "[Double]": .numbers
        case "NSDictionary": .object
        case "NSArray": .list
        default: spelled.hasPrefix("[[") ? .objects : spelled.hasPrefix("[String:") ? .object : .list
        }
    }

    /// Keys in chains of subscripts (`json["query"]?["search"]?[0]`), and keys read with a typed accessor of a
    /// dynamic JSON type (`json["name"].stringValue`, `json["items"].arrayValue`); a lone `dict["key"]` says nothing.
    private static func subscriptChains(in source: String) -> [(key: String, cast: Cast)] {
        var found: [(key: String, cast: Cast)] = []
        for match in source.matches(of: /\[\s*"([^"\\\n]+)"\s*\]\s*[?!]?/) {
            let key = String(match.output.1)
            let rest = source[match.range.upperBound...].prefix(40)
            let previous = source[..<match.range.lowerBound].suffix(1)
            let chained = previous == "]" || previous == "?" || previous == "!"
            let cast: Cast? =
                if rest.hasPrefix("[") {
                    rest.dropFirst().drop(while: \.isWhitespace).first == "\"" ? .object : .objects
                } else if let accessor = rest.prefixMatch(of: /\s*\.(\w+)\b/) {
                    switch accessor.output.1 {
                    case "arrayValue", "array", "arrayObject": .objects
                    case "dictionaryValue", "dictionary", "dictionaryObject", "objectValue": .object
                    case "stringValue", "string": .string
                    case "intValue", "int", "integerValue", "int64", "int64Value": .integer
                    case "doubleValue", "double", "numberValue", "number", "floatValue": .number
                    case "boolValue", "bool": .boolean
                    default: chained ? .string : nil
                    }
                } else if rest.prefixMatch(of: /\s*as\s*[?!]/) != nil {
                    nil // castDocuments(in:) reads it
                } else {
                    chained ? .string : nil
                }
            if let cast { found.append((key, cast)) }
        }
        return found
    }
}

/// The functions of a source that read a document by key or index, or turn it into a list or an object, as a
/// port's `pyGetItem(_:_:)`, `jsProp(_:_:)` and `pyList(_:)` do: their first parameter is a dynamic value (`Any`,
/// `[String: Any]`, a JSON type).
@available(SkillCheckTesting, *)
struct AccessHelpers {
    /// One call of a helper: the key it reads (`nil` for an index or a conversion), the call's characters,
    /// and its document argument's.
    struct Read {
        var key: String?
        var call: Range<Int>
        var receiver: Range<Int>
        /// What the call says its document is: an object for a key, a list for an index or a list helper.
        var receiverCast: SourceReplies.Cast?
    }

    var byKey: Set<String> = []
    var byIndex: Set<String> = []
    var toList: Set<String> = []
    var toObject: Set<String> = []

    var isEmpty: Bool { byKey.isEmpty && byIndex.isEmpty }

    init(in text: String, code: [Character]) {
        let dynamic = /Any|JSON|Json|Dictionary|\[\s*String\s*:|NSDictionary|NSArray|Object|Value/
        let twoParameters =
            /\bfunc\s+([A-Za-z_]\w*)\s*(?:<[^>{]*>)?\s*\(\s*(?:[A-Za-z_]\w*\s+)?[A-Za-z_]\w*\s*:\s*([^,()]+?)\s*,\s*(?:[A-Za-z_]\w*\s+)?[A-Za-z_]\w*\s*:\s*(String|Int|Any|AnyHashable)\s*\)\s*(?:async\s*)?(?:throws|rethrows)?\s*(?:->\s*([^{]+?))?\s*\{/
        // A helper that answers a question of the value (`strictEquals(value, "OK") -> Bool`) or gives nothing back reads no key.
        for match in text.matches(of: twoParameters)
        where match.output.2.contains(dynamic) && !(match.output.4.map { $0.hasPrefix("Bool") || $0.hasPrefix("Void") } ?? true) {
            // A key of any type (Python's `obj[key]`, `getItem(_ object: Any, _ key: Any)`) reads by key or by index, as
            // each call's literal says.
            if match.output.3 == "Int" { byIndex.insert(String(match.output.1)) } else { byKey.insert(String(match.output.1)) }
        }
        let oneParameter = /\bfunc\s+([A-Za-z_]\w*)\s*(?:<[^>{]*>)?\s*\(\s*(?:[A-Za-z_]\w*\s+)?[A-Za-z_]\w*\s*:\s*([^,()]+?)\s*\)([^{]*)\{/
        var counted = (0, text.startIndex)
        for match in text.matches(of: oneParameter) where match.output.2.contains(dynamic) {
            counted.0 += text.distance(from: counted.1, to: match.range.upperBound)
            counted.1 = match.range.upperBound
            guard let close = Self.closing(code, from: counted.0 - 1) else { continue }
            let body = String(code[counted.0..<close])
            // `func pyIter(_ object: PyValue) throws -> [PyValue]`: it gives a list of the value, whatever its body does.
            let givesList = match.output.3.contains(/->\s*\[\s*[^:\]]+\]\s*$/)
            if givesList || body.contains(/\bas\s*[?!]\s*(?:\[\s*(?:\[|Any|\w+\s*\])|NSArray|Array)/) {
                toList.insert(String(match.output.1))
            } else if body.contains(/\bas\s*[?!]\s*(?:\[\s*String\s*:|NSDictionary)/) {
                toObject.insert(String(match.output.1))
            }
        }
    }

    /// Every call of a helper in the source, in order.
    func reads(in code: [Character], raw: [Character], text: String) -> [Read] {
        let names = byKey.union(byIndex).union(toList).union(toObject)
        var reads: [Read] = []
        var counted = (0, text.startIndex)
        for match in text.matches(of: /\b([A-Za-z_]\w*)\s*\(/) {
            counted.0 += text.distance(from: counted.1, to: match.range.upperBound)
            counted.1 = match.range.upperBound
            let name = String(match.output.1)
            guard names.contains(name) else { continue }
            let open = counted.0 - 1
            let start = open - text.distance(from: match.range.lowerBound, to: match.range.upperBound) + 1
            if String(code[max(0, start - 5)..<start]).hasSuffix("func ") { continue }
            guard let close = Self.closing(code, from: open) else { continue }
            let arguments = Self.arguments(code, inside: (open + 1)..<close)
            guard let first = arguments.first else { continue }
            let call = start..<(close + 1)
            if byKey.contains(name), arguments.count == 2 {
                var literal = String(raw[arguments[1]]).trimmingCharacters(in: .whitespacesAndNewlines)
                if let label = literal.prefixMatch(of: /[A-Za-z_]\w*\s*:\s*/) { literal.removeSubrange(label.range) }
                if literal.count > 2, literal.hasPrefix("\""), literal.hasSuffix("\""),
                    literal.dropFirst().dropLast().allSatisfy({ $0.isASCII && $0.isNumber })
                {
                    // `prop(results, "0")`, JavaScript's `results[0]` as a port spells it: an index into a list.
                    reads.append(Read(key: nil, call: call, receiver: first, receiverCast: .objects))
                } else if literal.count > 2, literal.hasPrefix("\""), literal.hasSuffix("\""), !literal.contains("\\(") {
                    reads.append(Read(key: String(literal.dropFirst().dropLast()), call: call, receiver: first, receiverCast: .object))
                } else if !literal.isEmpty, literal.allSatisfy({ $0.isASCII && $0.isNumber }) {
                    // `getItem(results, 0)` through a helper whose key is of any type: an index into a list.
                    reads.append(Read(key: nil, call: call, receiver: first, receiverCast: .objects))
                } else if literal.contains(/^[A-Za-z_][\w.]*$/) {
                    // A key the skill computes (`pyGetItem(pages, pageid)`): the document is keyed by data.
                    let element = SourceReplies.castAfter(call, in: code)
                    reads.append(Read(key: nil, call: call, receiver: first, receiverCast: .keyed(element: element)))
                }
            } else if byIndex.contains(name), arguments.count == 2 {
                reads.append(Read(key: nil, call: call, receiver: first, receiverCast: .objects))
            } else if toList.contains(name), arguments.count == 1 {
                reads.append(Read(key: nil, call: call, receiver: first, receiverCast: .objects))
            } else if toObject.contains(name), arguments.count == 1 {
                reads.append(Read(key: nil, call: call, receiver: first, receiverCast: .object))
            }
        }
        return reads
    }

    /// The index of the bracket that closes the one at `open`, in code whose strings are blanked.
    static func closing(_ code: [Character], from open: Int) -> Int? {
        guard open >= 0, open < code.count else { return nil }
        var depth = 0
        for index in open..<code.count {
            switch code[index] {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// The ranges of the arguments inside a call's parentheses, split at commas outside nested brackets.
    static func arguments(_ code: [Character], inside range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var depth = 0
        var start = range.lowerBound
        for index in range {
            switch code[index] {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "," where depth == 0:
                parts.append(start..<index)
                start = index + 1
            default: break
            }
        }
        parts.append(start..<range.upperBound)
        return parts.count == 1 && String(code[range]).allSatisfy(\.isWhitespace) ? [] : parts
    }
}
