/// What record mode changes in one value of a transcript, and nothing more.
///
/// A patch mirrors the value as written: everything it does not name keeps its text byte for byte
/// (``JSONSourceEditor`` splices only the named parts), and a value that a matcher governs is never
/// replaced by a literal.
@available(SkillCheckTesting, *)
indirect enum RecordingPatch: Sendable {
    /// The value stays as written.
    case keep
    /// A matcher governs the value and the observed value fails it: it stays as written, and recording
    /// reports it rather than write a literal over the matcher's placeholder. Holds what was observed.
    case held(JSONValue)
    /// New text for the whole value.
    case replace(JSONValue)
    /// The same members or elements as written, some of them patched (by member name or index).
    case children([(token: String, patch: RecordingPatch)])
    /// A container whose list of members or elements changed: each entry either reuses a written
    /// member or element (by its name or index, patched) or is new (`source == nil`, a `.replace`).
    case rebuilt([Entry])

    struct Entry: Sendable {
        /// The member name, in an object; `nil` in an array.
        var key: String?
        /// The written member or element this entry reuses, by name or index.
        var source: String?
        var patch: RecordingPatch
    }

    var isKeep: Bool { if case .keep = self { true } else { false } }

    /// The patch applied to the written value. A held value shows what was observed: this is the
    /// observed transcript of a failing run, where the matcher's failure must be visible.
    func applied(to value: JSONValue) -> JSONValue {
        switch self {
        case .keep: return value
        case .held(let observed), .replace(let observed): return observed
        case .children(let children):
            var result = value
            for (token, patch) in children { result = result.replacing(token, with: patch.applied(to: result.child(token) ?? .null)) }
            return result
        case .rebuilt(let entries):
            let values = entries.map { entry in
                entry.patch.applied(to: entry.source.flatMap { value.child($0) } ?? .null)
            }
            if entries.contains(where: { $0.key != nil }) {
                return .object(zip(entries, values).map { ($0.key ?? "", $1) })
            }
            return .array(values)
        }
    }

    /// JSON pointers (below `pointer`) of every value the patch holds rather than records.
    func held(at pointer: String) -> [String] {
        switch self {
        case .keep, .replace: return []
        case .held: return [pointer]
        case .children(let children):
            return children.flatMap { $0.patch.held(at: pointer + "/" + JSONParser.escape($0.token)) }
        case .rebuilt(let entries):
            return entries.enumerated().flatMap { offset, entry in
                entry.patch.held(at: pointer + "/" + JSONParser.escape(entry.key ?? "\(offset)"))
            }
        }
    }
}

@available(SkillCheckTesting, *)
extension JSONValue {
    /// The member `token` of an object, or the element at index `token` of an array.
    func child(_ token: String) -> JSONValue? {
        switch self {
        case .object(let pairs): return pairs.first { $0.key == token }?.value
        case .array(let items): return Int(token).flatMap { items.indices.contains($0) ? items[$0] : nil }
        default: return nil
        }
    }

    /// The value at `tokens` (a parsed JSON pointer), or `nil`.
    func value(at tokens: [String]) -> JSONValue? {
        tokens.reduce(Optional(self)) { $0?.child($1) }
    }

    /// This value with its child `token` replaced.
    func replacing(_ token: String, with child: JSONValue) -> JSONValue {
        switch self {
        case .object(var pairs):
            if let index = pairs.firstIndex(where: { $0.key == token }) { pairs[index].value = child }
            return .object(pairs)
        case .array(var items):
            if let index = Int(token), items.indices.contains(index) { items[index] = child }
            return .array(items)
        default: return self
        }
    }
}
