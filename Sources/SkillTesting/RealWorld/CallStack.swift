import Foundation
internal import SkillCheckInterposer
import SkillCheckSupport

@available(SkillCheckTesting, *)
@_silgen_name("swift_demangle")
private func swiftDemangle(
    _ mangled: UnsafePointer<CChar>?, _ length: Int, _ output: UnsafeMutablePointer<CChar>?,
    _ outputSize: UnsafeMutablePointer<Int>?, _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?

/// A call stack the interposer captured, as functions, and who in it made the call.
///
/// The innermost frame that is neither the toolchain's (the standard library, Foundation, Dispatch, C) nor
/// the kit's decides: the kit's own reads (its scheduler, its fakes, its report writer) are not findings, and
/// a read the skill asked for, however deep in Foundation it happened, is one.
@available(SkillCheckTesting, *)
struct CallStack: Sendable {
    /// One function of the stack.
    struct Frame: Sendable, Hashable {
        /// The module of a Swift function; `nil` for C and for frames without a symbol.
        var module: String?
        /// `Type.method(label:)`, or the C symbol.
        var function: String
    }

    /// The symbols of the stack, innermost first: what its module is read from without demangling.
    private let symbols: [String]

    /// The frames, innermost first, demangled and shortened (each symbol once per process).
    var frames: [Frame] { symbols.map(Self.frame(named:)) }

    /// The modules whose reads are the kit's own. `SkillKit` is not one: it is the contract a skill calls and
    /// ships inside its app, and what a skill asks of it is the skill's (`NoteItem(content:)` draws its id
    /// from `UUID()` and its date from `Date()`).
    static let kitModules: Set<String> = [
        "SkillEngine", "SkillTesting", "SkillScenarios", "SkillConformance", "SkillConformanceTesting",
        "SkillCheckSupport", "SkillCheckCommand", "Testing", "XCTest",
    ]
    /// The toolchain's modules: a read inside them belongs to whoever called them.
    static let toolchainModules: Set<String> = [
        "Swift", "_Concurrency", "Foundation", "FoundationEssentials", "FoundationInternationalization",
        "FoundationNetworking", "FoundationXML", "Dispatch", "Glibc", "Musl", "Darwin", "_StringProcessing",
        "RegexBuilder", "Synchronization", "Observation", "Distributed", "_FoundationCShims", "__C",
    ]

    /// C functions whose reads are the toolchain's bookkeeping, never a result: ICU stamps every calendar it
    /// opens with the current time before the caller sets the date it wants (`ISO8601DateFormatter`,
    /// `Calendar.dateComponents`), so a formatter that formats a given date reads the wall clock.
    static let bookkeeping: [String] = ["uprv_getUTCtime", "uprv_getRawUTCtime"]

    /// Whether the toolchain made the read for itself (``bookkeeping``).
    var isBookkeeping: Bool {
        symbols.prefix(8).contains { symbol in Self.bookkeeping.contains { symbol.hasSuffix($0) } }
    }

    /// The functions that read the wall clock to stamp a log line, by a part of their mangled names: Foundation's
    /// `NSLog` and `NSLogv`, swift-log's `StreamLogHandler.timestamp()`. A log line's time is no part of what the
    /// skill answers or stores.
    static let logStamps = ["10Foundation5NSLog", "10Foundation6NSLogv", "16StreamLogHandlerV9timestamp"]

    /// Whether the read stamps a log line (``logStamps``).
    var isLogStamp: Bool {
        symbols.prefix(16).contains { symbol in Self.logStamps.contains { symbol.contains($0) } }
    }

    /// Who made the call: the innermost function of the skill's side, `nil` when the kit made it or no frame
    /// names anyone. `skillModules`, when known, are preferred as the call site, the outer function in
    /// another module (a library the skill links) becoming `via`. Only the frames it returns are demangled.
    func caller(skillModules: Set<String>) -> (callSite: Frame, via: Frame?)? {
        var api: String?
        for (index, symbol) in symbols.enumerated() {
            guard let module = Frame.module(ofMangled: symbol) else { continue }
            if Self.toolchainModules.contains(module) {
                api = symbol
                continue
            }
            if Self.kitModules.contains(module) { return nil }
            if skillModules.isEmpty || skillModules.contains(module) { return (Self.frame(named: symbol), api.map(Self.frame(named:))) }
            let own = symbols[(index + 1)...].first { Frame.module(ofMangled: $0).map(skillModules.contains) ?? false }
            return (Self.frame(named: own ?? symbol), Self.frame(named: symbol))
        }
        return nil
    }

    /// The stack without the kit's frames that reported it (its scheduler, its dispatch hook, the interposer's C
    /// functions between them): a real sleep is reported from inside the kit, which then stands for the caller.
    var withoutReporter: CallStack {
        guard let first = symbols.firstIndex(where: { Frame.module(ofMangled: $0).map(Self.kitModules.contains) ?? false }) else {
            return self
        }
        let rest = symbols[first...].drop { symbol in Frame.module(ofMangled: symbol).map(Self.kitModules.contains) ?? true }
        return CallStack(symbols: Array(rest))
    }

    /// The callers of a real sleep the kit reported from its scheduler: the sleeping task's async callers when the
    /// interposer found them (addresses marked as resume functions: the thread's own frames below them are the
    /// kit's and the executor's, which ran the sleeper), else the thread's stack without the kit's frames that
    /// reported it.
    init(reportedSleep addresses: [UInt64]) {
        let callers = addresses.filter { $0 & Self.resumeMark != 0 }
        self = callers.isEmpty ? CallStack(addresses: addresses).withoutReporter : CallStack(addresses: callers)
    }

    /// The function outside the toolchain and the kit that the calling task returns to once it resumes, read while
    /// it suspends (a real sleep's caller, which is on no thread's stack); `nil` where the kit cannot read it.
    static func suspendingTaskCaller() -> String? {
        var frames = [UInt64](repeating: 0, count: 32)
        let count = frames.withUnsafeMutableBufferPointer { skillcheck_suspending_task_callers($0.baseAddress, Int32($0.count)) }
        guard count > 0 else { return nil }
        return CallStack(addresses: Array(frames.prefix(Int(count)))).caller(skillModules: [])?.callSite.function
    }

    /// The stack of `addresses`, innermost first; an address with bit 63 set is an async resume function.
    init(addresses: [UInt64]) {
        symbols = addresses.compactMap { Self.symbol(at: $0) }
    }

    /// A stack of known symbols, innermost first.
    init(symbols: [String]) { self.symbols = symbols }

    private static let tables = Locked<[String: ELFSymbolTable?]>([:])
    private static let symbolsByAddress = Locked<[UInt64: String?]>([:])
    private static let framesBySymbol = Locked<[String: Frame]>([:])
    /// The bit the interposer sets on an async resume function's address (a start, not a return address).
    private static let resumeMark: UInt64 = 1 << 63

    /// The frame of `symbol`, demangled and shortened once per process.
    private static func frame(named symbol: String) -> Frame {
        if let known = framesBySymbol.withLock({ $0[symbol] }) { return known }
        let frame = Frame(mangled: symbol)
        framesBySymbol.withLock { $0[symbol] = frame }
        return frame
    }

    /// The symbol at `raw`, looked up once per process.
    private static func symbol(at raw: UInt64) -> String? {
        if let known = symbolsByAddress.withLock({ $0[raw] }) { return known }
        let found = lookUp(raw)
        symbolsByAddress.withLock { $0[raw] = .some(found) }
        return found
    }

    private static func lookUp(_ raw: UInt64) -> String? {
        let isResume = raw & resumeMark != 0
        let address = raw & ~resumeMark
        // A return address points after its call: look up the call itself.
        let lookup = isResume ? address : address &- 1
        guard let pointer = UnsafeRawPointer(bitPattern: UInt(lookup)) else { return nil }
        var file: UnsafePointer<CChar>?, base: UnsafeRawPointer?, exported: UnsafePointer<CChar>?
        guard skillcheck_object_at(pointer, &file, &base, &exported) != 0 else { return nil }
        var path = file.map { String(cString: $0) } ?? ""
        if path.isEmpty || !path.hasPrefix("/") { path = "/proc/self/exe" }
        let table = tables.withLock { cache in
            if let known = cache[path] { return known }
            let read = ELFSymbolTable(path: path)
            cache[path] = read
            return read
        }
        var name: String?
        if let table {
            let loaded = UInt64(UInt(bitPattern: base))
            name = table.function(at: table.isAbsolute ? lookup : lookup &- loaded)
        }
        if name == nil, let exported { name = String(cString: exported) }
        return name
    }
}

@available(SkillCheckTesting, *)
extension CallStack.Frame {
    /// The frame of a symbol: a Swift one demangled and shortened to `Type.method(label:)`, a C one as it is.
    init(mangled name: String) {
        guard let module = Self.module(ofMangled: name), let demangled = Self.demangle(name) else {
            self.init(module: nil, function: name)
            return
        }
        self.init(module: module, function: Self.shorten(demangled, module: module))
    }

    /// The module a Swift symbol belongs to, read from its mangling (`$s<length><module>…`, `$ss…` for Swift).
    static func module(ofMangled name: String) -> String? {
        var rest = Substring(name)
        if rest.hasPrefix("_") { rest = rest.dropFirst() }
        guard rest.hasPrefix("$s") || rest.hasPrefix("$S") else { return nil }
        rest = rest.dropFirst(2)
        guard let first = rest.first else { return nil }
        if first == "s" || first == "S" { return "Swift" }
        let digits = rest.prefix(while: \.isNumber)
        guard let length = Int(digits), length > 0 else { return nil }
        let module = rest.dropFirst(digits.count).prefix(length)
        return module.count == length ? String(module) : nil
    }

    static func demangle(_ name: String) -> String? {
        name.withCString { text -> String? in
            guard let result = swiftDemangle(text, strlen(text), nil, nil, 0) else { return nil }
            defer { free(result) }
            return String(cString: result)
        }
    }

    /// `(1) await resume partial function for Skills.Tool.execute(arguments: Foundation.Data) async throws -> Swift.String`
    /// becomes `Tool.execute(arguments:)`.
    static func shorten(_ demangled: String, module: String) -> String {
        // A private type's discriminator: `(StrangerCode in _0A1B…)` is `StrangerCode`.
        var text = Substring(demangled.replacing(/\((\w+) in _[0-9A-F]+\)/) { $0.output.1 })
        if text.hasPrefix("("), let end = text.range(of: " function for ") { text = text[end.upperBound...] }
        // `function signature specialization <Arg[0] = Dead> of UUID.init()` is `UUID.init()`.
        while let specialization = text.firstMatch(of: #/^[a-z ]*specialization <(?:[^<>]|<[^<>]*>)*> of /#) {
            text = text[specialization.range.upperBound...]
        }
        for prefix in ["merged ", "specialized ", "outlined ", "reabstraction thunk helper from ", "static "] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
        }
        // `closure #1 (Swift.CheckedContinuation<(), Swift.Never>) -> () in Tool.execute(…)` is `closure #1 in Tool.execute(…)`.
        if let closure = text.firstMatch(of: /^(?:implicit )?closure #[0-9]+ (?=\()/),
            let signatureEnd = endOfSignature(text[closure.range.upperBound...])
        {
            text = text[..<closure.range.upperBound] + text[signatureEnd...]
        }
        var result = ""
        var depth = 0
        var labels: [String] = []
        var current = ""
        var index = text.startIndex
        scan: while index < text.endIndex {
            let character = text[index]
            if character == "(" && depth == 0 && !result.isEmpty && !result.hasSuffix(" ") {
                depth = 1
                labels = []
                current = ""
            } else if depth > 0 {
                switch character {
                case "(", "[", "<":
                    depth += 1
                    current.append(character)
                case ")", "]", ">":
                    depth -= 1
                    if depth == 0 {
                        if !current.isEmpty { labels.append(current) }
                        let names = labels.map { parameter -> String in
                            let label = parameter.split(separator: ":", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) }
                            guard let label, parameter.contains(":"), !label.contains(" "), !label.isEmpty else { return "_:" }
                            return label + ":"
                        }
                        result += "(" + names.joined() + ")"
                        // What follows the parameters is the signature (async, throws, the result), up to " in ".
                        let rest = text[text.index(after: index)...]
                        if let inside = rest.range(of: " in ") {
                            result += " in "
                            index = inside.upperBound
                            continue scan
                        }
                        break scan
                    } else {
                        current.append(character)
                    }
                case "," where depth == 1:
                    labels.append(current)
                    current = ""
                default: current.append(character)
                }
            } else {
                result.append(character)
            }
            index = text.index(after: index)
        }
        if let typed = result.range(of: " : ") { result = String(result[..<typed.lowerBound]) }
        return withoutGenerics(result).replacingOccurrences(of: module + ".", with: "")
    }

    /// Where `in …` begins after a closure's signature (its parameters in parentheses, then `-> result`): the first
    /// ` in ` outside every bracket.
    private static func endOfSignature(_ text: Substring) -> Substring.Index? {
        var depth = 0
        var previous: Character = " "
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where previous != "-": depth -= 1
            case " " where depth == 0 && text[index...].hasPrefix(" in "): return text.index(after: index)
            default: break
            }
            previous = character
            index = text.index(after: index)
        }
        return nil
    }

    /// `(extension in Swift):Swift.Task< where A == Swift.Never, B == Swift.Never>.sleep<A where A1: Swift.Clock>`
    /// is `Swift.Task.sleep`: a reader looks for the type and the function, not the constraints of the extension
    /// that declares it.
    private static func withoutGenerics(_ name: String) -> String {
        let text = name.replacing(/\(extension in \w+\):/, with: "")
        var result = ""
        var depth = 0
        var previous: Character = " "
        for character in text {
            defer { previous = character }
            // A generic clause follows a name; `<` elsewhere is an operator's, and `>` after `-` is an arrow.
            if character == "<", depth > 0 || previous.isLetter || previous.isNumber || previous == "_" {
                depth += 1
            } else if character == ">", depth > 0, previous != "-" {
                depth -= 1
            } else if depth == 0 {
                result.append(character)
            }
        }
        return depth == 0 ? result : text
    }
}
