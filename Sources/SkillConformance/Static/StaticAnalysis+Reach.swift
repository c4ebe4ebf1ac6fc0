import Foundation

@available(SkillCheckTesting, *)
extension StaticAnalysis {
    /// What the code of `start` (types, as `module.name`) reaches in the package beyond them: the top-level
    /// functions it calls and the package's top-level types it names (`Helper()`, `Helper.shared`), then what
    /// those call and name in turn. Each with how it is reached, for a finding to say
    /// (`fetchWithRetries(…), which MarketCloseTool calls`).
    ///
    /// Read from the code as text, as the rest of the scan is: a call is a name followed by `(` that is not a
    /// member (`.name(`); a type is named when followed by `(`, `.` or `<`. A real read in a helper that the
    /// skill calls is the skill's, on whatever path it runs: a retry's sleep, a fallback's `Date()`.
    func reach(from start: Set<String>) -> (types: [String: String], functions: [FunctionSpan: String]) {
        var types: [String: String] = [:]
        var functions: [FunctionSpan: String] = [:]
        let candidates = index.types.filter { !$0.name.contains(".") && !start.contains($0.module + "." + $0.name) }
        // The code still to search, and whose it is.
        var frontier: [(code: String, who: String)] = start.sorted().map { (code(of: $0), Self.shortName($0)) }
        while let (code, who) = frontier.popLast() {
            guard !code.isEmpty else { continue }
            for function in self.functions where functions[function] == nil && Self.calls(code, function.name) {
                functions[function] = "`\(function.name)(…)`, which \(who) calls"
                frontier.append((function.lines.map { line(function.file, $0) }.joined(separator: "\n"), "`\(function.name)(…)`"))
            }
            for type in candidates where types[type.module + "." + type.name] == nil && Self.names(code, type.name) {
                let qualified = type.module + "." + type.name
                types[qualified] = "`\(type.name)`, which \(who) uses"
                frontier.append((self.code(of: qualified), "`\(type.name)`"))
            }
        }
        return (types, functions)
    }

    /// The code of the type `qualified` (`module.name`) and the types nested in it, outside top-level functions.
    private func code(of qualified: String) -> String {
        var code: [Substring] = []
        for (file, lines) in codeLines.sorted(by: { $0.key < $1.key }) {
            let owners = lineOwners[file] ?? []
            for (offset, text) in lines.enumerated() where offset < owners.count {
                guard let owner = owners[offset] else { continue }
                if owner == qualified || owner.hasPrefix(qualified + ".") { code.append(text) }
            }
        }
        return code.joined(separator: "\n")
    }

    private func line(_ file: String, _ number: Int) -> Substring {
        guard let lines = codeLines[file], lines.indices.contains(number - 1) else { return "" }
        return lines[number - 1]
    }

    /// Whether `code` calls a function called `name` that is not a member (`name(`, not `.name(`).
    static func calls(_ code: String, _ name: String) -> Bool {
        occurs(code, name, followedBy: ["("])
    }

    /// Whether `code` names the type `name`: `Name(`, `Name.` or `Name<`, not as a member.
    static func names(_ code: String, _ name: String) -> Bool {
        occurs(code, name, followedBy: ["(", ".", "<"])
    }

    private static func occurs(_ code: String, _ name: String, followedBy: Set<Character>) -> Bool {
        var searched = code[...]
        while let range = searched.range(of: name) {
            defer { searched = searched[range.upperBound...] }
            let before = range.lowerBound == code.startIndex ? nil : code[code.index(before: range.lowerBound)]
            if let before, before == "." || before == "_" || before.isLetter || before.isNumber { continue }
            // Its own declaration (`func name(`, a method of the same name) is not a call.
            var start = range.lowerBound
            for _ in 0..<12 where start > code.startIndex { start = code.index(before: start) }
            if code[start..<range.lowerBound].trimmingCharacters(in: .whitespaces).hasSuffix("func") { continue }
            let after = code[range.upperBound...].first { !$0.isWhitespace }
            if let after, followedBy.contains(after) { return true }
        }
        return false
    }

    private static func shortName(_ qualified: String) -> String {
        qualified.split(separator: ".").dropFirst().joined(separator: ".")
    }
}
