import Foundation

@available(SkillCheckTesting, *)
extension StaticAnalysis {
    /// What ``reach(from:root:)`` found, each with how it is reached.
    struct Reach {
        var types: [String: String] = [:]
        var functions: [FunctionSpan: String] = [:]
        /// Methods of the types `start` holds or names, called from the code reached.
        var members: [MemberFunction: String] = [:]
        /// Of the top-level variables asked about, those the code reached mentions.
        var globals: [String: String] = [:]
        /// The top-level variables the code reached mentions, whose initialisers it runs.
        var variables: [FunctionSpan: String] = [:]
    }

    /// What the code of `start` (types, as `module.name`) reaches in the package beyond them: the top-level
    /// functions it calls, the package's top-level types it names or mentions (`Helper()`, `Helper.shared`,
    /// `[String: TimerInfo]`), and the methods of those types and of `start`'s that it refers to; then what
    /// those call, mention and refer to in turn. Each with how it is reached, for a finding to say
    /// (`fetchWithRetries(…), which MarketCloseTool calls`).
    ///
    /// Read from the code as text, as the rest of the scan is: a call is a name followed by `(` that is not a
    /// member (`.name(`); a method is referred to as `.name` (matched by name, whatever the receiver). A real
    /// read in a helper that the skill calls is the skill's, on whatever path it runs: a retry's sleep, a
    /// fallback's `Date()`.
    ///
    /// `root`, the skill's own type, counts whole; of another type, its code outside methods counts (stored
    /// properties' initialisers, computed properties, initialisers), and a method counts once the code reached
    /// refers to it (`.name`, or `name(` inside the type): a tool that reads through a file-system helper is
    /// not answerable for the helper's write method, which only another tool calls. Of `globals`, top-level
    /// variables' names, those the code reached mentions.
    func reach(from start: Set<String>, root: String, globals: Set<String> = []) -> Reach {
        var reach = Reach()
        let candidates = index.types.filter { !$0.name.contains(".") && !start.contains($0.module + "." + $0.name) }
        func owned(_ owner: String, by type: String) -> Bool { owner == type || owner.hasPrefix(type + ".") }
        // The methods that may be reached: those of the types held or reached, not the skill's own.
        let held = start.subtracting([root])
        var methods = members.filter { member in held.contains { owned(member.owner, by: $0) } }
        let methodLines = Dictionary(grouping: members, by: \.file).mapValues { Set($0.flatMap { Array($0.lines) }) }
        var read: [(code: String, who: String)] = []
        var frontier: [(code: String, who: String)] = start.sorted().map { type in
            (type == root ? code(of: type) : code(of: type, outside: methodLines), Self.shortName(type))
        }
        func take(_ method: MemberFunction, from who: String) {
            let type = Self.shortName(method.owner)
            reach.members[method] = "`\(type).\(method.name)(…)`, which \(who) calls"
            frontier.append((method.lines.map { line(method.file, $0) }.joined(separator: "\n"), "`\(type).\(method.name)(…)`"))
        }
        while let (code, who) = frontier.popLast() {
            guard !code.isEmpty else { continue }
            read.append((code, who))
            for name in globals where reach.globals[name] == nil && Self.mentions(code, name) {
                reach.globals[name] = "`\(name)`, which \(who) uses"
            }
            for function in self.functions where reach.functions[function] == nil && Self.calls(code, function.name) {
                reach.functions[function] = "`\(function.name)(…)`, which \(who) calls"
                frontier.append((function.lines.map { line(function.file, $0) }.joined(separator: "\n"), "`\(function.name)(…)`"))
            }
            // A top-level variable's initialiser runs where it is first used: what it calls and names is reached too.
            for variable in self.variables where reach.variables[variable] == nil && Self.mentions(code, variable.name) {
                reach.variables[variable] = "`\(variable.name)`, which \(who) uses"
                frontier.append((variable.lines.map { line(variable.file, $0) }.joined(separator: "\n"), "`\(variable.name)`"))
            }
            // A type named (`Helper()`, `Helper.shared`) or only mentioned (`[String: TimerInfo]`: a value of it is
            // used) is reached: its computed properties and initialisers run.
            for type in candidates where reach.types[type.module + "." + type.name] == nil && Self.mentions(code, type.name) {
                let qualified = type.module + "." + type.name
                reach.types[qualified] = "`\(type.name)`, which \(who) uses"
                frontier.append((self.code(of: qualified, outside: methodLines), "`\(type.name)`"))
                // Its methods that code already read refers to.
                let newly = members.filter { owned($0.owner, by: qualified) }
                methods += newly
                for method in newly {
                    if let earlier = read.first(where: { Self.refers(to: method.name, in: $0.code) }) { take(method, from: earlier.who) }
                }
            }
            for method in methods where reach.members[method] == nil && Self.refers(to: method.name, in: code) {
                take(method, from: who)
            }
        }
        return reach
    }

    /// The code of the type `qualified` (`module.name`) and the types nested in it, outside top-level functions
    /// and outside the lines `methodLines` lists.
    private func code(of qualified: String, outside methodLines: [String: Set<Int>] = [:]) -> String {
        var code: [Substring] = []
        for (file, lines) in codeLines.sorted(by: { $0.key < $1.key }) {
            let owners = lineOwners[file] ?? []
            let skipped = methodLines[file] ?? []
            for (offset, text) in lines.enumerated() where offset < owners.count && !skipped.contains(offset + 1) {
                guard let owner = owners[offset] else { continue }
                if owner == qualified || owner.hasPrefix(qualified + ".") { code.append(text) }
            }
        }
        return code.joined(separator: "\n")
    }

    /// Whether `code` has `name` as a whole word, outside a member (`.name`).
    static func mentions(_ code: String, _ name: String) -> Bool {
        occurs(code, name, followedBy: nil)
    }

    /// Whether `code` refers to a method called `name`: as a member (`.name`), or called bare (`name(`) from
    /// inside its type; its own declaration is not a reference.
    static func refers(to name: String, in code: String) -> Bool {
        var searched = code[...]
        while let range = searched.range(of: name) {
            defer { searched = searched[range.upperBound...] }
            let after = code[range.upperBound...].first
            if let after, after == "_" || after.isLetter || after.isNumber { continue }
            let before = range.lowerBound == code.startIndex ? nil : code[code.index(before: range.lowerBound)]
            if before == "." { return true }
            if let before, before == "_" || before.isLetter || before.isNumber { continue }
            var start = range.lowerBound
            for _ in 0..<12 where start > code.startIndex { start = code.index(before: start) }
            if code[start..<range.lowerBound].trimmingCharacters(in: .whitespaces).hasSuffix("func") { continue }
            if code[range.upperBound...].first(where: { !$0.isWhitespace }) == "(" { return true }
        }
        return false
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

    private static func occurs(_ code: String, _ name: String, followedBy: Set<Character>?) -> Bool {
        var searched = code[...]
        while let range = searched.range(of: name) {
            defer { searched = searched[range.upperBound...] }
            let before = range.lowerBound == code.startIndex ? nil : code[code.index(before: range.lowerBound)]
            if let before, before == "." || before == "_" || before.isLetter || before.isNumber { continue }
            // Its own declaration (`func name(`, a method of the same name) is not a call.
            var start = range.lowerBound
            for _ in 0..<12 where start > code.startIndex { start = code.index(before: start) }
            if code[start..<range.lowerBound].trimmingCharacters(in: .whitespaces).hasSuffix("func") { continue }
            guard let followedBy else {
                let next = code[range.upperBound...].first
                if let next, next == "_" || next.isLetter || next.isNumber { continue }
                return true
            }
            let after = code[range.upperBound...].first { !$0.isWhitespace }
            if let after, followedBy.contains(after) { return true }
        }
        return false
    }

    private static func shortName(_ qualified: String) -> String {
        qualified.split(separator: ".").dropFirst().joined(separator: ".")
    }
}
