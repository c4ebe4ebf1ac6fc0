import Foundation
import SkillKit

/// An `Encoder` that builds a ``JSONValue`` directly: what `JSONEncoder` (sorted keys, ISO 8601 dates)
/// would write, then ``JSONParser`` read back, without the text in between. Replay converts every engine
/// event it observes this way, so the round trip through text was a sixth of replay time.
///
/// Keys are sorted as `JSONEncoder`'s `.sortedKeys` sorts them; dates are ISO 8601 strings, `Data`
/// base64, non-finite numbers an error, as there.
///
/// ```swift
/// let value = try JSONValueEncoder.encode(event)   // the same as JSONValue(encoding: event)
/// ```
@available(SkillCheckTesting, *)
enum JSONValueEncoder {
    static func encode<Value: Encodable>(_ value: Value) throws -> JSONValue {
        let box = Box()
        try encode(value, into: box, path: [])
        return box.value ?? .object([])
    }

    /// Where one value goes: filled by a single-value, keyed or unkeyed container.
    final class Box {
        enum Content {
            case value(JSONValue)
            case object([String: Box])
            case array([Box])
        }

        var content: Content?

        var value: JSONValue? {
            switch content {
            case .value(let value): value
            case .object(let members):
                .object(
                    members.sorted { JSONValueEncoder.precedes($0.key, $1.key) }.map { ($0.key, $0.value.value ?? .object([])) })
            case .array(let items): .array(items.map { $0.value ?? .object([]) })
            case nil: nil
            }
        }

        func object() -> Box {
            if case .object = content { return self }
            content = .object([:])
            return self
        }

        func member(_ key: String) -> Box {
            guard case .object(var members) = content else { return Box() }
            if let box = members[key] { return box }
            let box = Box()
            members[key] = box
            content = .object(members)
            return box
        }

        func array() -> Box {
            if case .array = content { return self }
            content = .array([])
            return self
        }

        func append() -> Box {
            guard case .array(var items) = content else { return Box() }
            let box = Box()
            items.append(box)
            content = .array(items)
            return box
        }

        var count: Int {
            if case .array(let items) = content { return items.count }
            return 0
        }
    }

    /// `JSONEncoder`'s `.sortedKeys` order. Two plain ASCII names (letters, `_`, no digits: what coding
    /// keys are) compare without Foundation, letter case ignored first, then as `forcedOrdering` breaks
    /// ties; anything else goes through Foundation's comparison itself.
    static func precedes(_ a: String, _ b: String) -> Bool {
        func plain(_ text: String) -> Bool {
            text.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F }
        }
        guard plain(a), plain(b) else {
            return a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering]) == .orderedAscending
        }
        func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
        if a.utf8.lazy.map(folded).elementsEqual(b.utf8.lazy.map(folded)) {
            return a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering]) == .orderedAscending
        }
        return a.utf8.lazy.map(folded).lexicographicallyPrecedes(b.utf8.lazy.map(folded))
    }

    static func encode<Value: Encodable>(_ value: Value, into box: Box, path: [any CodingKey]) throws {
        switch value {
        case let date as Date:
            box.content = .value(.string(JSONSchema.text(of: date)))
        case let data as Data:
            box.content = .value(.string(data.base64EncodedString()))
        case let url as URL:
            box.content = .value(.string(url.absoluteString))
        case let decimal as Decimal:
            box.content = .value(.number(NSDecimalNumber(decimal: decimal).doubleValue))
        default:
            try value.encode(to: ValueEncoder(box: box, codingPath: path))
        }
    }

    struct ValueEncoder: Encoder {
        let box: Box
        var codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(Keyed(box: box.object(), codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            Unkeyed(box: box.array(), codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(box: box, codingPath: codingPath)
        }
    }

    static func number(_ value: Double, at path: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "\(value) is not a JSON number"))
        }
        return .number(value)
    }

    struct Single: SingleValueEncodingContainer {
        let box: Box
        var codingPath: [any CodingKey]

        mutating func encodeNil() throws { box.content = .value(.null) }
        mutating func encode(_ value: Bool) throws { box.content = .value(.bool(value)) }
        mutating func encode(_ value: String) throws { box.content = .value(.string(value)) }
        mutating func encode(_ value: Double) throws { box.content = .value(try JSONValueEncoder.number(value, at: codingPath)) }
        // As `JSONEncoder` writes a Float (its shortest text) and the parser reads that text back.
        mutating func encode(_ value: Float) throws { try encode(Double("\(value)") ?? Double(value)) }
        mutating func encode(_ value: Int) throws { box.content = .value(.number(Double(value))) }
        mutating func encode(_ value: Int8) throws { try encode(Int(value)) }
        mutating func encode(_ value: Int16) throws { try encode(Int(value)) }
        mutating func encode(_ value: Int32) throws { try encode(Int(value)) }
        mutating func encode(_ value: Int64) throws { box.content = .value(.number(Double(value))) }
        mutating func encode(_ value: UInt) throws { box.content = .value(.number(Double(value))) }
        mutating func encode(_ value: UInt8) throws { try encode(UInt(value)) }
        mutating func encode(_ value: UInt16) throws { try encode(UInt(value)) }
        mutating func encode(_ value: UInt32) throws { try encode(UInt(value)) }
        mutating func encode(_ value: UInt64) throws { box.content = .value(.number(Double(value))) }
        mutating func encode<T: Encodable>(_ value: T) throws { try JSONValueEncoder.encode(value, into: box, path: codingPath) }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: Box
        var codingPath: [any CodingKey]

        func single(_ key: Key) -> Single { Single(box: box.member(key.stringValue), codingPath: codingPath + [key]) }

        mutating func encodeNil(forKey key: Key) throws {
            var container = single(key)
            try container.encodeNil()
        }
        mutating func encode(_ value: Bool, forKey key: Key) throws {
            var container = single(key)
            try container.encode(value)
        }
        mutating func encode(_ value: String, forKey key: Key) throws {
            var container = single(key)
            try container.encode(value)
        }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            var container = single(key)
            try container.encode(value)
        }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            var container = single(key)
            try container.encode(value)
        }
        mutating func encode(_ value: Int, forKey key: Key) throws {
            var container = single(key)
            try container.encode(value)
        }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try encode(Int(value), forKey: key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try encode(Int(value), forKey: key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try encode(Int(value), forKey: key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws {
            var container = single(key)
            try container.encode(value)
        }
        mutating func encode(_ value: UInt, forKey key: Key) throws {
            var container = single(key)
            try container.encode(value)
        }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try encode(UInt(value), forKey: key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try encode(UInt(value), forKey: key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try encode(UInt(value), forKey: key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws {
            var container = single(key)
            try container.encode(value)
        }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try JSONValueEncoder.encode(value, into: box.member(key.stringValue), path: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        )
            -> KeyedEncodingContainer<NestedKey>
        {
            KeyedEncodingContainer(Keyed<NestedKey>(box: box.member(key.stringValue).object(), codingPath: codingPath + [key]))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Unkeyed(box: box.member(key.stringValue).array(), codingPath: codingPath + [key])
        }

        mutating func superEncoder() -> any Encoder { ValueEncoder(box: box.member("super"), codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            ValueEncoder(box: box.member(key.stringValue), codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let box: Box
        var codingPath: [any CodingKey]
        var count: Int { box.count }

        struct Index: CodingKey {
            var intValue: Int?
            var stringValue: String { "\(intValue ?? 0)" }
            init(_ index: Int) { intValue = index }
            init?(stringValue: String) { nil }
            init?(intValue: Int) { self.intValue = intValue }
        }

        mutating func single() -> Single { Single(box: box.append(), codingPath: codingPath + [Index(count)]) }

        mutating func encodeNil() throws {
            var container = single()
            try container.encodeNil()
        }
        mutating func encode(_ value: Bool) throws {
            var container = single()
            try container.encode(value)
        }
        mutating func encode(_ value: String) throws {
            var container = single()
            try container.encode(value)
        }
        mutating func encode(_ value: Double) throws {
            var container = single()
            try container.encode(value)
        }
        mutating func encode(_ value: Int) throws {
            var container = single()
            try container.encode(value)
        }
        mutating func encode<T: Encodable>(_ value: T) throws {
            let path = codingPath + [Index(count)]
            try JSONValueEncoder.encode(value, into: box.append(), path: path)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keyed<NestedKey>(box: box.append().object(), codingPath: codingPath + [Index(count)]))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            Unkeyed(box: box.append().array(), codingPath: codingPath + [Index(count)])
        }

        mutating func superEncoder() -> any Encoder { ValueEncoder(box: box.append(), codingPath: codingPath) }
    }
}
