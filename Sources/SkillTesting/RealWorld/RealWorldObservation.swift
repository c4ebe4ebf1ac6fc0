import Foundation
internal import SkillCheckInterposer
import SkillCheckSupport

/// What a run reads of the real world, seen at run time: the wall clock, system randomness, files and
/// sockets, whoever in the run's task made the read (the skill, a type it stores, a singleton it calls, a
/// library it links).
///
/// On Linux the kit's interposer (linked into every test binary that links `SkillTesting`) sees each call
/// where it reaches the C library and asks the calling task which observation it belongs to, through a task
/// local; child tasks and `Task {}` inherit it. The kit's own reads and the toolchain's reads that no skill
/// asked for are dropped by their call stacks (``CallStack``). Elsewhere, or under a sanitizer,
/// ``isAvailable`` is false and a check says the observation did not run.
///
/// ```swift
/// let (output, reads) = await RealWorldObservation.observe(skillModules: ["Skills"]) {
///     try? await skill.execute(input: input, context: context)
/// }
/// ```
@available(SkillCheckTesting, *)
package final class RealWorldObservation: Sendable {
    @TaskLocal static var current: RealWorldObservation?

    private struct Raw: Sendable {
        var kind: Int32
        var detail: String
        var frames: [UInt64]
    }

    private let raw = Locked<[Raw]>([])
    fileprivate let wallClockOffsetNanoseconds: Int64
    private let state = Locked((skillModules: Set<String>(), finished: false))

    /// An observation, active until ``finish()``: `wallClockOffset` moves the wall clock its runs see
    /// (and only theirs), so that a result built from it differs between two runs moved differently.
    package init(wallClockOffset: Duration = .zero) {
        let (seconds, attoseconds) = wallClockOffset.components
        wallClockOffsetNanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        _ = Self.installed
        skillcheck_observation_begin()
    }

    deinit {
        if !state.withLock({ $0.finished }) { skillcheck_observation_end() }
    }

    /// Whether this process sees the real world's calls (Linux with glibc, no sanitizer).
    package static var isAvailable: Bool {
        _ = installed
        return skillcheck_observation_available() == 1
    }

    /// Why the observation is not available here, for a finding to say so.
    package static let unavailableReason =
        "reads of the wall clock, randomness, files and sockets are seen at run time only on Linux (glibc), outside sanitizer builds"

    private static let installed: Void = skillcheck_observation_install(scopeCallback, recordCallback)

    /// Runs `body` in this observation: what its task and the tasks it starts read is recorded.
    ///
    /// `skillModules` are the modules of the skill's package: a read made in another module it links names
    /// the package's function that called it.
    package func during<T>(skillModules: Set<String> = [], _ body: () async throws -> T) async rethrows -> T {
        state.withLock { $0.skillModules.formUnion(skillModules) }
        return try await Self.$current.withValue(self) { try await body() }
    }

    /// Runs synchronous `body` (a replay that drives its own scheduler) in this observation: the tasks it
    /// starts inherit it.
    package func synchronously<T>(_ body: () throws -> T) rethrows -> T {
        try Self.$current.withValue(self) { try body() }
    }

    /// Ends the observation: the reads the skill's side made, in order, each (kind, detail, call site) once.
    package func finish() -> [RealWorldRead] {
        let (modules, wasFinished) = state.withLock { state in
            defer { state.finished = true }
            return (state.skillModules, state.finished)
        }
        if !wasFinished { skillcheck_observation_end() }
        return reads(skillModules: modules)
    }

    /// Runs `body` observed; returns its value and the reads the skill's side made.
    package static func observe<T>(
        skillModules: Set<String>, wallClockOffset: Duration = .zero, _ body: () async throws -> T
    ) async rethrows -> (value: T, reads: [RealWorldRead]) {
        let observation = RealWorldObservation(wallClockOffset: wallClockOffset)
        let value = try await observation.during(skillModules: skillModules, body)
        return (value, observation.finish())
    }

    fileprivate func record(kind: Int32, detail: String, frames: [UInt64]) {
        raw.withLock { $0.append(Raw(kind: kind, detail: detail, frames: frames)) }
    }

    /// Notes a sleep on a real clock that code of this observation's run started on a scheduler a virtual clock
    /// drives (which ran it on virtual time), with the call stack that started it: `detail` says how long, on
    /// which clock. The interposer walks the stack, async callers included, where it can; else, or when
    /// `unwinding` (a caller built without frame pointers, as the Dispatch overlay is, breaks that walk), the
    /// thread's stack is unwound from its tables.
    func noteRealSleep(_ detail: String, unwinding: Bool = false) {
        if !unwinding, skillcheck_report_real_sleep(detail) != 0 { return }
        let frames = Thread.callStackReturnAddresses.map { $0.uint64Value }
        raw.withLock { $0.append(Raw(kind: Int32(skillcheck_real_sleep.rawValue), detail: detail, frames: frames)) }
    }

    /// The recorded calls that the skill's side made, symbolized, each (kind, detail, call site) once; a call
    /// site's files once, by the path it meant (an atomic write opens a temporary file of a new name each time,
    /// then renames it to the path).
    private func reads(skillModules: Set<String>) -> [RealWorldRead] {
        let calls = raw.withLock { $0 }
        var seen = Set<RealWorldRead>()
        var reads: [RealWorldRead] = []
        var fileSites: [String: Int] = [:]
        for call in calls {
            guard let read = Self.read(call, skillModules: skillModules), seen.insert(read).inserted else { continue }
            guard read.kind == .file else {
                reads.append(read)
                continue
            }
            if let index = fileSites[read.callSite] {
                if read.detail.hasPrefix("rename to ") { reads[index].detail = "write " + read.detail.dropFirst("rename to ".count) }
                continue
            }
            fileSites[read.callSite] = reads.count
            reads.append(read)
        }
        return reads
    }

    private static func read(_ call: Raw, skillModules: Set<String>) -> RealWorldRead? {
        var kind: RealWorldRead.Kind
        var detail = call.detail
        switch UInt32(call.kind) {
        case skillcheck_read_wall_clock.rawValue: kind = .wallClock
        case skillcheck_read_randomness.rawValue: kind = .randomness
        case skillcheck_open_socket.rawValue, skillcheck_connect_socket.rawValue: kind = .socket
        case skillcheck_start_process.rawValue: kind = .process
        case skillcheck_real_sleep.rawValue, skillcheck_blocking_sleep.rawValue: kind = .realSleep
        case skillcheck_open_file.rawValue, skillcheck_change_file.rawValue:
            kind = .file
            let path = detail.split(separator: " ", maxSplits: 1).last.map(String.init) ?? detail
            if ["/dev/urandom", "/dev/random"].contains(path) {
                kind = .randomness
                detail = "open \(path)"
            } else if detail.hasPrefix("read "), SystemData.isReadOnly(path) {
                return nil
            } else if SystemData.isDevice(path) {
                return nil
            }
        default: return nil
        }
        let reported = UInt32(call.kind) == skillcheck_real_sleep.rawValue
        let stack = reported ? CallStack(reportedSleep: call.frames) : CallStack(addresses: call.frames)
        guard let caller = stack.caller(skillModules: skillModules) else {
            // A real sleep on the run's scheduler is the run's, though its caller may be found nowhere (a sleep the
            // kit heard of from unwinding a thread that is not the sleeper's): never dropped.
            return reported ? RealWorldRead(kind: kind, detail: detail, callSite: "code of the skill's run") : nil
        }
        guard !stack.isBookkeeping, kind != .wallClock || !stack.isLogStamp else { return nil }
        return RealWorldRead(kind: kind, detail: detail, callSite: caller.callSite.function, via: caller.via?.function)
    }
}

/// The files a run may read without a finding: the system's and the toolchain's own data.
@available(SkillCheckTesting, *)
enum SystemData {
    static let readOnlyPrefixes = ["/usr/", "/lib/", "/lib64/", "/etc/", "/proc/", "/sys/", "/opt/swift/", "/System/", "/Library/"]

    /// The toolchain's folder, from where the standard library was loaded.
    static let toolchain: String? = {
        var file: UnsafePointer<CChar>?, base: UnsafeRawPointer?, exported: UnsafePointer<CChar>?
        // dlsym's default handle (RTLD_DEFAULT) is the null pointer.
        guard let retain = dlsym(nil, "swift_retain"), skillcheck_object_at(retain, &file, &base, &exported) != 0,
            let name = file
        else { return nil }
        // …/usr/lib/swift/linux/libswiftCore.so → …/usr/
        var url = URL(fileURLWithPath: String(cString: name))
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path.hasSuffix("/") ? url.path : url.path + "/"
    }()

    /// The folder of the test binary, where its resource bundles are.
    static let products: String? = {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        return URL(fileURLWithPath: executable).deletingLastPathComponent().path + "/"
    }()

    static func isReadOnly(_ path: String) -> Bool {
        readOnlyPrefixes.contains { path.hasPrefix($0) } || toolchain.map { path.hasPrefix($0) } == true
            || products.map { path.hasPrefix($0) } == true
    }

    static func isDevice(_ path: String) -> Bool { ["/dev/null", "/dev/tty", "/dev/zero"].contains(path) }
}

@available(SkillCheckTesting, *)
private let scopeCallback: skillcheck_scope_callback = {
    guard let current = RealWorldObservation.current else { return skillcheck_scope(token: 0, wall_clock_offset_ns: 0) }
    return skillcheck_scope(
        token: Int64(Int(bitPattern: Unmanaged.passUnretained(current).toOpaque())),
        wall_clock_offset_ns: current.wallClockOffsetNanoseconds)
}

@available(SkillCheckTesting, *)
private let recordCallback: skillcheck_record_callback = { token, kind, detail, frames, count in
    guard let pointer = UnsafeRawPointer(bitPattern: Int(token)) else { return }
    let observation = Unmanaged<RealWorldObservation>.fromOpaque(pointer).takeUnretainedValue()
    let stack = frames.map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? []
    observation.record(kind: kind, detail: detail.map { String(cString: $0) } ?? "", frames: stack)
}
