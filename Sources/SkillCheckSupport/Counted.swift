/// `count` and `noun`, plural unless the count is one: `counted(1, "skill")` is "1 skill", `counted(2,
/// "skill")` is "2 skills".
package func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
