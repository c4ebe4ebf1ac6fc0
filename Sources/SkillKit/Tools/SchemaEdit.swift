import Foundation

/// A fix the kit prints for a schema (TOOL-2's problems, TOOL-7's provider refusals), as an edit a program
/// makes: a test applies every printed fix to the schema it was printed for and checks the result.
///
/// Pointers name the schema the edit changes (`/properties/unit`), as the finding does; the empty pointer is
/// the root.
package enum SchemaEdit: Sendable, Hashable {
    /// `keyword` set to `value` in the schema at `pointer`.
    case set(_ keyword: String, to: JSON, at: String)
    /// `keyword` taken out of the schema at `pointer`.
    case remove(_ keyword: String, at: String)
    /// `keyword` renamed `newName` in the schema at `pointer`.
    case rename(_ keyword: String, to: String, at: String)
    /// The value at `pointer` replaced by `value`.
    case replace(at: String, with: JSON)
    /// `name` taken out of `required` in the object schema at `pointer`.
    case unrequire(_ name: String, at: String)
    /// Every property of the object schema at `pointer` listed in `required`, those that were not made
    /// nullable (as the strict variant does): `"type": [T, "null"]`, `null` added to an `enum`.
    case requireAllAsNullable(at: String)
    /// The property `name` of the object schema at `pointer` renamed `newName`, in `required` too.
    case renameProperty(_ name: String, to: String, at: String)
    /// The tool renamed: no change to the schema.
    case renameTool(to: String)

    /// What a fix says when no edit will do, so a reader knows a person must decide.
    package static let byHand = "the kit cannot make this change for you"

    /// `schema` with this edit made; a pointer that names nothing leaves it as it was.
    package func applied(to schema: JSON) -> JSON {
        switch self {
        case .set(let keyword, let value, let pointer):
            return Self.updating(schema, at: pointer) { members in members[keyword] = value }
        case .remove(let keyword, let pointer):
            return Self.updating(schema, at: pointer) { members in members[keyword] = nil }
        case .rename(let keyword, let newName, let pointer):
            return Self.updating(schema, at: pointer) { members in
                guard let value = members.removeValue(forKey: keyword) else { return }
                members[newName] = value
            }
        case .replace(let pointer, let value):
            return Self.replacing(schema, tokens: JSONSchema.tokens(of: pointer)[...]) { _ in value }
        case .unrequire(let name, let pointer):
            return Self.updating(schema, at: pointer) { members in
                guard case .array(let names)? = members["required"] else { return }
                let kept = names.filter { $0 != .string(name) }
                members["required"] = kept.isEmpty ? nil : .array(kept)
            }
        case .requireAllAsNullable(let pointer):
            return Self.updating(schema, at: pointer) { members in
                guard case .object(var properties)? = members["properties"] else { return }
                let required = Set(JSONSchema.strings(members["required"] ?? []) ?? [])
                for name in properties.keys where !required.contains(name) {
                    properties[name] = VariantDerivation.nullable(properties[name]!)
                }
                members["properties"] = .object(properties)
                members["required"] = .array(properties.keys.sorted().map { .string($0) })
            }
        case .renameProperty(let name, let newName, let pointer):
            return Self.updating(schema, at: pointer) { members in
                guard case .object(var properties)? = members["properties"], let property = properties.removeValue(forKey: name) else {
                    return
                }
                properties[newName] = property
                members["properties"] = .object(properties)
                if case .array(let names)? = members["required"] {
                    members["required"] = .array(names.map { $0 == .string(name) ? .string(newName) : $0 })
                }
            }
        case .renameTool:
            return schema
        }
    }

    /// `schema` with the object schema at `pointer` changed by `change`.
    static func updating(_ schema: JSON, at pointer: String, _ change: (inout [String: JSON]) -> Void) -> JSON {
        replacing(schema, tokens: JSONSchema.tokens(of: pointer)[...]) { value in
            guard case .object(var members) = value else { return value }
            change(&members)
            return .object(members)
        }
    }

    static func replacing(_ value: JSON, tokens: ArraySlice<String>, _ change: (JSON) -> JSON) -> JSON {
        guard let token = tokens.first else { return change(value) }
        switch value {
        case .object(var members):
            guard let child = members[token] else { return value }
            members[token] = replacing(child, tokens: tokens.dropFirst(), change)
            return .object(members)
        case .array(var items):
            guard let index = Int(token), items.indices.contains(index) else { return value }
            items[index] = replacing(items[index], tokens: tokens.dropFirst(), change)
            return .array(items)
        default:
            return value
        }
    }
}
