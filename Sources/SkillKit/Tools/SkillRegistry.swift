import Foundation
import SkillCheckSupport

/// The tool skills a model can see and call (seed 002 §2.3).
///
/// Registered in packs, shown per scene (§5.5), each permission-gated skill switchable by the user (§6.1).
///
/// ```swift
/// let registry = SkillRegistry()
/// registry.register(WeatherTool())
/// registry.register(CalendarTool(), in: "calendar")
/// registry.showPacks([.general])            // the chat screen: calendar hidden
/// registry.visibleSchemas().map(\.name)     // ["query_weather"]
/// let result = try await registry.execute(call)
/// ```
///
/// Until ``showPacks(_:)`` is called every pack is shown. Schemas come in registration order, so the
/// model sees the same list every run.
public final class SkillRegistry: Sendable {
    private struct Entry {
        var skill: any ToolSkill
        var pack: SkillPack
    }

    private struct State {
        var entries: [Entry] = []
        var shownPacks: Set<SkillPack>?
        var switchedOff: Set<String> = []
    }

    private let state = Locked(State())

    public init() {}

    /// Adds `skill` to `pack`; a skill with the same id is replaced in place.
    public func register(_ skill: any ToolSkill, in pack: SkillPack = .general) {
        state.withLock { state in
            let entry = Entry(skill: skill, pack: pack)
            if let index = state.entries.firstIndex(where: { $0.skill.id == skill.id }) {
                state.entries[index] = entry
            } else {
                state.entries.append(entry)
            }
        }
    }

    /// Removes the skill with this id; returns whether there was one.
    @discardableResult
    public func unregister(id: String) -> Bool {
        state.withLock { state in
            guard let index = state.entries.firstIndex(where: { $0.skill.id == id }) else { return false }
            state.entries.remove(at: index)
            return true
        }
    }

    /// Every registered skill, in registration order, shown or not.
    public var skills: [any ToolSkill] { state.withLock { $0.entries.map(\.skill) } }

    /// The pack `skill` was registered in.
    package func pack(ofSkill id: String) -> SkillPack? {
        state.withLock { $0.entries.first { $0.skill.id == id }?.pack }
    }

    /// Shows only these packs to the model from now on, as a screen changes scene.
    public func showPacks(_ packs: Set<SkillPack>) {
        state.withLock { $0.shownPacks = packs }
    }

    /// The packs shown.
    ///
    /// `nil` while every pack is.
    public var shownPacks: Set<SkillPack>? { state.withLock { $0.shownPacks } }

    /// The user's switch for a skill that ``ToolSkill/requiresPermission``: `false` hides it from the model and refuses its calls.
    ///
    /// Skills that need no permission have no switch and are not affected.
    public func setPermission(_ granted: Bool, for id: String) {
        state.withLock { state in
            if granted { state.switchedOff.remove(id) } else { state.switchedOff.insert(id) }
        }
    }

    /// Whether the user allows the skill with this id.
    package func isPermitted(_ id: String) -> Bool {
        state.withLock { state in
            guard let entry = state.entries.first(where: { $0.skill.id == id }) else { return false }
            return !entry.skill.requiresPermission || !state.switchedOff.contains(id)
        }
    }

    /// The schemas of the skills the model may call now: in a shown pack and permitted.
    public func visibleSchemas() -> [ToolSchema] {
        state.withLock { state in state.entries.filter { Self.isVisible($0, in: state) }.map(\.skill.toolSchema) }
    }

    /// The schemas of the skills the model may call now, each in `dialect`'s variant.
    ///
    /// ```swift
    /// registry.visibleSchemas(for: .geminiParameters)   // what a Gemini client sends as parameters
    /// ```
    public func visibleSchemas(for dialect: SchemaDialect) -> [ToolSchema] {
        state.withLock { state in state.entries.filter { Self.isVisible($0, in: state) }.map { $0.skill.toolSchema(for: dialect) } }
    }

    /// The names more than one visible skill has, each with those skills' ids in registration order.
    ///
    /// A model API refuses a tool list that names two tools alike, and a call by that name could not say which
    /// one it meant; `ToolCallingEngine` fails a run before it sends such a list.
    ///
    /// ```swift
    /// registry.register(WeatherTool(), in: .general)
    /// registry.register(TravelWeatherTool(), in: "travel")      // also named "query_weather"
    /// registry.visibleNameClashes()    // [ToolNameClash(name: "query_weather", skillIDs: ["weather.query", "travel.weather"])]
    /// registry.showPacks([.general])
    /// registry.visibleNameClashes()    // []
    /// ```
    public func visibleNameClashes() -> [ToolNameClash] {
        state.withLock { state in
            var idsByName: [String: [String]] = [:]
            var names: [String] = []
            for entry in state.entries where Self.isVisible(entry, in: state) {
                if idsByName[entry.skill.name] == nil { names.append(entry.skill.name) }
                idsByName[entry.skill.name, default: []].append(entry.skill.id)
            }
            return names.compactMap { name in
                guard let ids = idsByName[name], ids.count > 1 else { return nil }
                return ToolNameClash(name: name, skillIDs: ids)
            }
        }
    }

    /// The skill a call names, when the model may call it now; else the reason it may not.
    package func resolve(_ call: ToolCall) -> Result<any ToolSkill, ToolCallError> {
        state.withLock { state in
            // Two packs may each have a tool of this name: the one the model can see takes the call.
            let named = state.entries.filter { $0.skill.name == call.name }
            guard let entry = named.first(where: { Self.isVisible($0, in: state) }) ?? named.first else {
                let shown = state.entries.filter { Self.isVisible($0, in: state) }.map(\.skill.name)
                return .failure(.unknownSkill(call.name, available: shown))
            }
            if let shown = state.shownPacks, !shown.contains(entry.pack) {
                return .failure(.notVisible(call.name, pack: entry.pack))
            }
            if entry.skill.requiresPermission, state.switchedOff.contains(entry.skill.id) {
                return .failure(.permissionDenied(call.name))
            }
            return .success(entry.skill)
        }
    }

    /// Runs the skill the call names with its arguments.
    ///
    /// Throws ``ToolCallError`` when no skill may take the call, and whatever the skill throws.
    public func execute(_ call: ToolCall) async throws -> String {
        let skill = try resolve(call).get()
        return try await skill.execute(arguments: call.arguments)
    }

    private static func isVisible(_ entry: Entry, in state: State) -> Bool {
        (state.shownPacks?.contains(entry.pack) ?? true)
            && (!entry.skill.requiresPermission || !state.switchedOff.contains(entry.skill.id))
    }
}

/// A tool name that more than one visible skill has (``SkillRegistry/visibleNameClashes()``).
public struct ToolNameClash: Sendable, Hashable, Codable {
    /// The name the model would see twice.
    public var name: String
    /// The ids of the skills with that name, in registration order.
    public var skillIDs: [String]

    package init(name: String, skillIDs: [String]) {
        self.name = name
        self.skillIDs = skillIDs
    }
}
