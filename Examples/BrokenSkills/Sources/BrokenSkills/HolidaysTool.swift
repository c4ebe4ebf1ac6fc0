import Foundation
import SkillKit

/// Breaks TOOL-6 (a SHOULD rule): it returns every holiday of the year with its whole story, about
/// 2.4 KB, where the model needed a line or two; the tool-calling engine cuts anything over 2 KB.
public struct HolidaysTool: ToolSkill {
    public let id = "holidays.list"
    public let name = "list_holidays"
    public let description = "列出一年中的法定节假日。用户问放假安排时使用。"
    public let inputSchema: JSON = [
        "type": "object",
        "properties": ["year": ["type": "integer", "description": "年份，如 2025"]],
        "required": ["year"],
        "additionalProperties": false,
    ]

    static let holidays = [
        ("元旦", "1月1日", "新年的第一天，放假一天。"),
        ("春节", "农历正月初一", "中国最重要的传统节日，家人团聚，贴春联、放鞭炮、吃年夜饭，通常放假八天。"),
        ("清明节", "4月4日前后", "祭祖扫墓、踏青郊游的节日，放假一天，常与周末连休三天。"),
        ("劳动节", "5月1日", "国际劳动节，纪念劳动者，放假五天，是出行旅游的高峰。"),
        ("端午节", "农历五月初五", "纪念屈原，吃粽子、赛龙舟、挂艾草，放假一天，常连休三天。"),
        ("中秋节", "农历八月十五", "赏月、吃月饼、家人团圆，放假一天，有时与国庆节连休。"),
        ("国庆节", "10月1日", "庆祝中华人民共和国成立，放假七天，称为黄金周，景区人多。"),
    ]

    static let note =
        "说明：以上为每年固定的法定节假日，具体放假天数与调休上班日期每年由国务院办公厅发布通知确定，"
        + "通常在前一年的十一月或十二月公布。农历节日的公历日期每年不同，请以当年日历为准。春节、劳动节和国庆节前后"
        + "交通客流大，火车票和机票需要提前购买；景区可能限流，出行前请查看预约信息。"

    public init() {}

    struct Arguments: Decodable { let year: Int }

    public func execute(arguments: Data) async throws -> String {
        let arguments = try decodeArguments(Arguments.self, from: arguments)
        let lines = Self.holidays.map { name, date, story in
            "\(arguments.year)年\(name)（\(date)）：\(story) 调休安排以国务院办公厅当年发布的通知为准，请留意前后的调休上班日期，提前规划出行和购票，避开客流高峰，注意安全。"
        }
        return lines.joined(separator: "\n") + "\n" + Self.note
    }
}
