import Foundation
import SkillCheckSupport
import SkillKit

/// Where message ids come from.
///
/// ```swift
/// let engine = AgentEngine(context: context, configuration: .init(messageIDs: .sequential()))
/// // its messages' ids: 00000000-0000-0000-0000-000000000001, then …0002, …
/// ```
public struct IdentifierSource: Sendable {
    private let make: @Sendable () -> UUID

    public init(_ make: @escaping @Sendable () -> UUID) {
        self.make = make
    }

    package func next() -> UUID { make() }

    /// Random version 4 UUIDs: production wiring.
    public static var random: IdentifierSource { IdentifierSource { UUID() } }

    /// 1, 2, 3, … written into the last bytes of the UUID: the same every run.
    public static func sequential(startingAt first: UInt64 = 1) -> IdentifierSource {
        let counter = Locked(first)
        return IdentifierSource {
            let value = counter.withLock { value in
                defer { value &+= 1 }
                return value
            }
            return UUID(sequence: value)
        }
    }
}

extension UUID {
    /// `00000000-0000-0000-0000-00000000002a` for 42.
    package init(sequence value: UInt64) {
        let b = withUnsafeBytes(of: value.bigEndian) { Array($0) }
        self.init(uuid: (0, 0, 0, 0, 0, 0, 0, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]))
    }
}
