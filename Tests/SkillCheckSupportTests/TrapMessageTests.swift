import Testing

@testable import SkillCheckSupport

@Suite("The runtime's trap message on a process's standard error")
struct TrapMessageTests {
    @Test("a line that starts with the words, or with their file and line, is the trap; a line that quotes one is not")
    func startsTheLine() {
        let standardError = """
            ✘ Test "TOOL-6" recorded an issue
                observed: the process was killed by signal 4 (SIGILL) while checking TOOL-5: Tool.swift:61: Fatal error: Unexpectedly found nil
            Tool.swift:61: Fatal error: Unexpectedly found nil while unwrapping an Optional value
            """
        #expect(
            ToolRunner.Run.trapMessage(in: standardError)
                == "Tool.swift:61: Fatal error: Unexpectedly found nil while unwrapping an Optional value")
        #expect(
            ToolRunner.Run.trapMessage(in: "Swift/Collection.swift:1252: Fatal error: Can't drop a negative number of elements")
                == "Swift/Collection.swift:1252: Fatal error: Can't drop a negative number of elements")
        #expect(
            ToolRunner.Run.trapMessage(in: "Fatal error: boom\nPrecondition failed: count")
                == "Fatal error: boom\nPrecondition failed: count")
        #expect(ToolRunner.Run.trapMessage(in: "    observed: Skills.swift:3: Fatal error: an earlier one") == nil)
        #expect(ToolRunner.Run.trapMessage(in: "all good") == nil)
    }
}
