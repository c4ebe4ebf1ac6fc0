import Foundation
import SkillKit

/// Conversion factors for the units people use in the kitchen and on the road.
///
/// A class so that every conversion shares one table instead of copying the dictionary around.
final class UnitTable {
    struct Unit {
        let symbol: String
        let dimension: String
        /// How many of the dimension's base unit (metre, kilogram, litre) one of this is.
        let inBase: Double
    }

    /// Every way of saying a unit, longest first, so that "km" is matched before "m".
    let aliases: [(name: String, unit: Unit)]

    init() {
        let table: [(Unit, [String])] = [
            (Unit(symbol: "km", dimension: "长度", inBase: 1000), ["公里", "千米", "kilometers", "kilometres", "km"]),
            (Unit(symbol: "m", dimension: "长度", inBase: 1), ["米", "meters", "metres", "m"]),
            (Unit(symbol: "cm", dimension: "长度", inBase: 0.01), ["厘米", "centimeters", "cm"]),
            (Unit(symbol: "mi", dimension: "长度", inBase: 1609.344), ["英里", "miles", "mile", "mi"]),
            (Unit(symbol: "ft", dimension: "长度", inBase: 0.3048), ["英尺", "feet", "foot", "ft"]),
            (Unit(symbol: "in", dimension: "长度", inBase: 0.0254), ["英寸", "inches", "inch"]),
            (Unit(symbol: "kg", dimension: "重量", inBase: 1), ["公斤", "千克", "kilograms", "kg"]),
            (Unit(symbol: "g", dimension: "重量", inBase: 0.001), ["克", "grams", "gram", "g"]),
            (Unit(symbol: "斤", dimension: "重量", inBase: 0.5), ["斤"]),
            (Unit(symbol: "lb", dimension: "重量", inBase: 0.45359237), ["磅", "pounds", "pound", "lbs", "lb"]),
            (Unit(symbol: "oz", dimension: "重量", inBase: 0.028349523125), ["盎司", "ounces", "ounce", "oz"]),
            (Unit(symbol: "L", dimension: "容量", inBase: 1), ["升", "liters", "litres", "l"]),
            (Unit(symbol: "ml", dimension: "容量", inBase: 0.001), ["毫升", "milliliters", "ml"]),
            (Unit(symbol: "cup", dimension: "容量", inBase: 0.2365882365), ["杯", "cups", "cup"]),
        ]
        aliases = table.flatMap { unit, names in names.map { ($0, unit) } }
            .sorted { $0.0.count > $1.0.count }
    }

    /// The first two units mentioned in `text`, in order. English names count only as whole words.
    func units(in text: String) -> [Unit] {
        let lowered = text.lowercased()
        var found: [Unit] = []
        var index = lowered.startIndex
        while index < lowered.endIndex, found.count < 2 {
            let rest = lowered[index...]
            let before = index > lowered.startIndex ? lowered[lowered.index(before: index)] : " "
            let match = aliases.first { alias in
                guard rest.hasPrefix(alias.name) else { return false }
                guard alias.name.first?.isASCII == true else { return true }
                let after = rest.dropFirst(alias.name.count).first ?? " "
                return !(before.isASCII && before.isLetter) && !(after.isASCII && after.isLetter)
            }
            if let match {
                found.append(match.unit)
                index = lowered.index(index, offsetBy: match.name.count)
            } else {
                index = lowered.index(after: index)
            }
        }
        return found
    }
}

/// Converts between units: "换算 5 公里 到 英里", "convert 3 cups to ml".
public struct UnitConversionSkill: HomeSkill {
    public let id = "unit-conversion"
    public let displayName = "单位换算"
    public let description = "长度、重量、容量的单位换算，比如“换算 5 公里 到 英里”。"
    public let keywords = ["换算", "convert", "等于多少"]
    public let area = HomeArea.kitchen

    private let table = UnitTable()

    public init() {}

    public var samples: SkillSamples {
        SkillSamples(handled: ["换算 5 公里 到 英里", "convert 3 cups to ml", "2斤等于多少克"],
                     unhandled: ["计时5分钟", "今天天气怎么样"])
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        guard let amount = Self.firstNumber(in: input.rawText) else {
            throw SkillError.invalidInput("说一下要换算的数量和单位，比如“换算 5 公里 到 英里”")
        }
        let units = table.units(in: input.rawText)
        guard units.count == 2 else {
            throw SkillError.invalidInput("需要两个单位，比如“5 公里 到 英里”")
        }
        let (from, to) = (units[0], units[1])
        guard from.dimension == to.dimension else {
            throw SkillError.invalidInput("\(from.symbol)是\(from.dimension)，\(to.symbol)是\(to.dimension)，不能互相换算")
        }
        let result = (amount * from.inBase / to.inBase * 1000).rounded() / 1000
        return SkillOutput(summary: "\(Self.format(amount)) \(from.symbol) = \(Self.format(result)) \(to.symbol)")
    }

    static func firstNumber(in text: String) -> Double? {
        guard let start = text.firstIndex(where: { $0.isASCII && $0.isNumber }) else { return nil }
        return Double(text[start...].prefix { ($0.isASCII && $0.isNumber) || $0 == "." })
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
