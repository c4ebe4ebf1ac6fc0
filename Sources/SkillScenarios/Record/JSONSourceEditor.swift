import Foundation

/// Applies ``RecordingPatch``es to a JSON file's text, changing only the bytes of the values they
/// name: indentation, member order, number spellings (`1.0`), string escapes and line breaks
/// everywhere else stay as the author wrote them.
///
/// New values are written as ``JSONValue/pretty`` does (short containers on one line), indented to
/// the line they start on; a list that gains or loses elements keeps the separators it had.
@available(SkillCheckTesting, *)
struct JSONSourceEditor {
    let document: JSONDocument
    let scalars: [Unicode.Scalar]
    /// The file's line break: new lines are written with the one it already uses.
    let newline: String

    /// A range of the original text and what replaces it.
    struct Splice {
        var range: Range<Int>
        var text: String
    }

    init(data: Data, file: String) throws(TranscriptError) {
        document = try JSONParser.parse(data, file: file)
        // The parser decoded these same bytes the same way, so its ranges index these scalars.
        scalars = Array((String(data: data, encoding: .utf8) ?? "").unicodeScalars)
        newline = scalars.contains("\r") ? "\r\n" : "\n"
    }

    /// The whole text with `patches` (each at a JSON pointer) applied.
    func text(applying patches: [(pointer: String, patch: RecordingPatch)]) -> String {
        render(0..<scalars.count, patches.flatMap { splices(for: $0.patch, at: $0.pointer) })
    }

    func render(_ range: Range<Int>, _ splices: [Splice]) -> String {
        var out = String.UnicodeScalarView()
        var cursor = range.lowerBound
        for splice in splices.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            out.append(contentsOf: scalars[cursor..<splice.range.lowerBound])
            out.append(contentsOf: splice.text.unicodeScalars)
            cursor = splice.range.upperBound
        }
        out.append(contentsOf: scalars[cursor..<range.upperBound])
        return String(out)
    }

    func text(_ range: Range<Int>) -> String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[range])
        return String(out)
    }

    func splices(for patch: RecordingPatch, at pointer: String) -> [Splice] {
        guard let range = document.valueRange(pointer) else { return [] }
        switch patch {
        case .keep, .held:
            return []
        case .replace(let value):
            return [Splice(range: range, text: format(value, indent: indentation(ofLineAt: range.lowerBound)))]
        case .children(let children):
            return children.flatMap { splices(for: $0.patch, at: pointer + "/" + JSONParser.escape($0.token)) }
        case .rebuilt(let entries):
            return [Splice(range: range, text: rebuild(pointer, range: range, entries: entries))]
        }
    }

    /// `value` as pretty JSON whose lines after the first are indented by `indent`.
    func format(_ value: JSONValue, indent: String) -> String {
        value.pretty.replacingOccurrences(of: "\n", with: newline + indent)
    }

    /// The spaces and tabs that begin the line holding `offset`.
    func indentation(ofLineAt offset: Int) -> String {
        var start = offset
        while start > 0, scalars[start - 1] != "\n" { start -= 1 }
        var end = start
        while end < scalars.count, scalars[end] == " " || scalars[end] == "\t" { end += 1 }
        return text(start..<end)
    }

    /// The text of a member (name, colon, value) or element at `pointer`.
    func entryRange(_ pointer: String) -> Range<Int>? {
        guard let value = document.valueRange(pointer) else { return nil }
        return (document.keyRange(pointer)?.lowerBound ?? value.lowerBound)..<value.upperBound
    }

    /// New text for a container whose members or elements changed, reusing the written ones' text and
    /// the written separators, leading and trailing whitespace.
    func rebuild(_ pointer: String, range: Range<Int>, entries: [RecordingPatch.Entry]) -> String {
        let open = text(range.lowerBound..<range.lowerBound + 1), close = text(range.upperBound - 1..<range.upperBound)
        let written = writtenEntries(at: pointer)
        guard !entries.isEmpty else { return open + close }
        guard let first = written.first, let last = written.last else {
            let value = RecordingPatch.rebuilt(entries).applied(to: .null)
            return format(value, indent: indentation(ofLineAt: range.lowerBound))
        }
        let leading = text(range.lowerBound + 1..<first.range.lowerBound)
        let trailing = text(last.range.upperBound..<range.upperBound - 1)
        let separators = zip(written, written.dropFirst()).map { text($0.range.upperBound..<$1.range.lowerBound) }
        let fallback = separators.last ?? ("," + (leading.contains("\n") ? leading : " "))
        var colon = ": "
        if let key = document.keyRange(first.pointer), let value = document.valueRange(first.pointer) {
            colon = text(key.upperBound..<value.lowerBound)
        }
        var out = open + leading
        for (offset, entry) in entries.enumerated() {
            let before = offset == 0 ? leading : (offset - 1 < separators.count ? separators[offset - 1] : fallback)
            if offset > 0 { out += before }
            if let source = entry.source, let original = written.first(where: { $0.token == source }) {
                out += render(original.range, splices(for: entry.patch, at: original.pointer))
            } else {
                let indent =
                    before.contains("\n")
                    ? String(before[before.index(after: before.lastIndex(of: "\n")!)...])
                    : indentation(ofLineAt: range.lowerBound)
                let value = entry.patch.applied(to: .null)
                out += (entry.key.map { JSONWriter.quote($0) + colon } ?? "") + format(value, indent: indent)
            }
        }
        return out + trailing + close
    }

    /// The written members or elements of the container at `pointer`, in the order they are written.
    func writtenEntries(at pointer: String) -> [(token: String, pointer: String, range: Range<Int>)] {
        let tokens: [String]
        switch document.value.value(at: Matcher.tokens(of: pointer)) {
        case .object(let pairs)?: tokens = pairs.map(\.key)
        case .array(let items)?: tokens = items.indices.map { "\($0)" }
        default: tokens = []
        }
        return tokens.compactMap { token in
            let child = pointer + "/" + JSONParser.escape(token)
            return entryRange(child).map { (token, child, $0) }
        }
    }
}
