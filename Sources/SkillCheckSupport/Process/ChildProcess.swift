import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One child process, run to its end in a session of its own, so that it and everything it starts can be
/// found and ended together, and nothing it leaves behind can stall the caller.
///
/// What a stranger's package can do to a tool that runs it, and what this does about it:
/// - **It outlives its watchdog.** At the time limit the whole session gets SIGTERM, then SIGKILL after
///   ``Grace/termination``.
/// - **A process it started keeps its output open** (the runtime's crash backtracer, a helper that ignores
///   SIGTERM). The child's end is taken from the child itself (`waitpid`), not from the end of its output;
///   its pipes are read for at most ``Grace/output`` after it ended, and whatever is still running in its
///   session then is ended (SIGTERM, then SIGKILL).
/// - **Descriptors.** Every pipe is opened close-on-exec and closed before ``run(_:in:environment:timeout:grace:onOutput:onError:)``
///   returns, so no descriptor outlives its run and no other child inherits one.
///
/// While a child runs it is listed in ``ChildProcess/running``; `skillcheck` ends them all when it is
/// interrupted (``endAllRunning(signal:)``), since a child in a session of its own no longer gets the
/// terminal's Ctrl-C.
@available(SkillCheckTesting, *)
package enum ChildProcess {
    /// How long the runner waits for what it has asked to end.
    package struct Grace: Sendable, Hashable {
        /// From SIGTERM to SIGKILL, at the watchdog and for what is left in the session once the child ended.
        package var termination: Duration
        /// How long the child's pipes are still read after it ended, for output a process it started holds.
        package var output: Duration

        package init(termination: Duration = .seconds(3), output: Duration = .seconds(2)) {
            self.termination = termination
            self.output = output
        }

        /// The documented defaults: 3 s from SIGTERM to SIGKILL, 2 s of output after the child's end.
        package static let standard = Grace()
    }

    /// How a child ended.
    package struct Ending: Sendable, Hashable {
        /// The exit status, or `nil` when a signal ended it.
        package var status: Int32?
        package var signal: Int32?
        /// Whether the watchdog ended it.
        package var timedOut: Bool
        /// Processes still running in the child's session once it had ended, and so ended by the runner
        /// (`pid name` each), such as a helper that kept its output open.
        package var leftBehind: [String]
    }

    /// Runs `arguments` (the first looked up on `PATH`) in `directory`, with `environment` as the whole
    /// environment, and hands each piece of its standard output and error to `onOutput` and `onError`,
    /// in order, on the calling thread. Blocks until the child and its session have ended.
    package static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String], timeout: Duration?,
        grace: Grace = .standard, onOutput: (Data) -> Void, onError: (Data) -> Void
    ) throws(ToolError) -> Ending {
        let command = arguments.joined(separator: " ")
        guard !arguments.isEmpty else { throw .couldNotStart(command, "no program named") }
        var pipes = PipeSet()
        guard pipes.open() else {
            let reason = String(cString: strerror(errno))
            pipes.closeAll()
            throw .couldNotStart(command, "could not open pipes: \(reason)")
        }
        let pid: pid_t
        do {
            pid = try spawn(arguments, in: directory, environment: environment, pipes: pipes)
        } catch {
            pipes.closeAll()
            throw error
        }
        // The write ends belong to the child now; holding them here would keep its output from ending.
        pipes.closeWriteEnds()
        running.withLock { _ = $0.insert(pid) }
        SessionGuard.started(pid)
        let exit = Locked<Int32?>(nil)
        let reaped = DispatchSemaphore(value: 0)
        let wake = pipes.wake[1]
        let waiter = Thread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            exit.withLock { $0 = status }
            var byte: UInt8 = 1
            _ = write(wake, &byte, 1)
            reaped.signal()
        }
        waiter.name = "skillcheck: waits for \(arguments[0])"
        waiter.start()

        var watch = Watch(pid: pid, timeout: timeout, grace: grace)
        watch.readUntilDone(pipes: &pipes, onOutput: onOutput, onError: onError)
        reaped.wait()
        pipes.closeAll()
        running.withLock { _ = $0.remove(pid) }
        let leftBehind = endSession(pid, grace: grace.termination, since: watch.endedAt)
        SessionGuard.ended(pid)
        let status = exit.withLock { $0 } ?? 0
        let bySignal = (status & 0x7f) != 0
        return Ending(
            status: bySignal ? nil : (status >> 8) & 0xff, signal: bySignal ? status & 0x7f : nil,
            timedOut: watch.timedOut, leftBehind: watch.leftBehind.isEmpty ? leftBehind : watch.leftBehind)
    }

    /// The children running now, by process id (each leads a session of its own).
    package static let running = Locked<Set<pid_t>>([])

    /// Ends every running child's session (`signal`, then SIGKILL for what is left after a short grace):
    /// what `skillcheck` does when it is interrupted.
    package static func endAllRunning(signal: Int32 = SIGTERM, grace: Duration = .seconds(1)) {
        endSessions(running.withLock { $0 }, signal: signal, grace: grace)
    }

    /// Ends the sessions `pids` lead: `signal`, then SIGKILL for what is left after `grace`.
    package static func endSessions(_ pids: Set<pid_t>, signal: Int32 = SIGTERM, grace: Duration = .seconds(1)) {
        for pid in pids { signalSession(pid, signal) }
        let deadline = ContinuousClock.now + grace
        while ContinuousClock.now < deadline && pids.contains(where: { !SessionMembers.of(session: $0).isEmpty }) {
            usleep(10_000)
        }
        for pid in pids { signalSession(pid, SIGKILL) }
    }

    /// Sends `signal` to the process group `pid` leads and to every process of its session (one that left
    /// the group but not the session is still found).
    package static func signalSession(_ pid: pid_t, _ signal: Int32) {
        kill(-pid, signal)
        for member in SessionMembers.of(session: pid) { kill(member.pid, signal) }
    }

    /// Ends what is still running in the session `pid` led: SIGTERM now, SIGKILL once `grace` has passed
    /// since `since` (or now). Returns what it found, as `pid name`.
    static func endSession(_ pid: pid_t, grace: Duration, since: ContinuousClock.Instant?) -> [String] {
        let found = SessionMembers.of(session: pid)
        guard !found.isEmpty else { return [] }
        signalSession(pid, SIGTERM)
        let deadline = (since ?? .now) + grace
        // These are not this process's children (the child that started them has ended), so nothing
        // reports their end: look, a few milliseconds apart, until they are gone or the grace is over.
        while ContinuousClock.now < deadline && !SessionMembers.of(session: pid).isEmpty { usleep(10_000) }
        signalSession(pid, SIGKILL)
        return found.map { "\($0.pid) \($0.name)" }
    }

    private static func spawn(
        _ arguments: [String], in directory: URL?, environment: [String: String], pipes: PipeSet
    ) throws(ToolError) -> pid_t {
        let command = arguments.joined(separator: " ")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipes.output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipes.error[1], 2)
        // Every other descriptor this process holds without close-on-exec (Foundation opens some) stays here.
        if let closeFrom = SpawnExtensions.closeFrom { _ = closeFrom(&actions, 3) }
        if let directory {
            guard let changeDirectory = SpawnExtensions.changeDirectory else {
                throw .couldNotStart(command, "this system cannot start a process in another folder")
            }
            _ = changeDirectory(&actions, directory.path)
        }
        var attributes = SpawnExtensions.newSessionAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard result == 0 else { throw .couldNotStart(command, String(cString: strerror(result))) }
        return pid
    }
}

/// The pipes of one run: the child's standard output and error, and the waiter's wake-up pipe.
@available(SkillCheckTesting, *)
struct PipeSet {
    var output: [Int32] = [-1, -1]
    var error: [Int32] = [-1, -1]
    var wake: [Int32] = [-1, -1]

    mutating func open() -> Bool {
        makePipe(&output) && makePipe(&error) && makePipe(&wake)
    }

    private func makePipe(_ ends: inout [Int32]) -> Bool {
        if let pipeClosingOnExec = SpawnExtensions.pipeClosingOnExec {
            return ends.withUnsafeMutableBufferPointer { pipeClosingOnExec($0.baseAddress!, O_CLOEXEC) } == 0
        }
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    mutating func closeWriteEnds() {
        Self.close(&output[1])
        Self.close(&error[1])
    }

    mutating func closeReadEnd(ofError: Bool) {
        if ofError { Self.close(&error[0]) } else { Self.close(&output[0]) }
    }

    mutating func closeAll() {
        for index in 0..<2 {
            Self.close(&output[index])
            Self.close(&error[index])
            Self.close(&wake[index])
        }
    }

    private static func close(_ descriptor: inout Int32) {
        if descriptor >= 0 { _ = systemClose(descriptor) }
        descriptor = -1
    }
}

@available(SkillCheckTesting, *)
private func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(descriptor)
    #else
    Darwin.close(descriptor)
    #endif
}

/// The reading loop of one run: reads both pipes as output arrives, and keeps the watchdog's times.
@available(SkillCheckTesting, *)
struct Watch {
    let pid: pid_t
    let deadline: ContinuousClock.Instant?
    let grace: ChildProcess.Grace
    private(set) var timedOut = false
    private(set) var endedAt: ContinuousClock.Instant?
    private(set) var leftBehind: [String] = []
    private var terminatedAt: ContinuousClock.Instant?
    private var killed = false

    init(pid: pid_t, timeout: Duration?, grace: ChildProcess.Grace) {
        self.pid = pid
        deadline = timeout.map { ContinuousClock.now + $0 }
        self.grace = grace
    }

    /// Reads until both pipes ended after the child did, or the output grace after its end has passed.
    mutating func readUntilDone(pipes: inout PipeSet, onOutput: (Data) -> Void, onError: (Data) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let now = ContinuousClock.now
            act(at: now)
            let outputOpen = pipes.output[0] >= 0 || pipes.error[0] >= 0
            if let endedAt {
                if !outputOpen { return }
                if now >= endedAt + grace.output {
                    // Something the child started still holds its output: it is ended with the session.
                    leftBehind = SessionMembers.of(session: pid).map { "\($0.pid) \($0.name)" }
                    return
                }
            }
            var descriptors = [pipes.output[0], pipes.error[0], endedAt == nil ? pipes.wake[0] : -1].map {
                pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds(until: nextEvent(), from: now))
            if ready < 0 && errno != EINTR { return }
            guard ready > 0 else { continue }
            for (index, descriptor) in descriptors.enumerated() where descriptor.fd >= 0 && descriptor.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                switch index {
                case 2:
                    endedAt = ContinuousClock.now
                case _ where count <= 0:
                    pipes.closeReadEnd(ofError: index == 1)
                default:
                    let data = Data(buffer[0..<count])
                    if index == 0 { onOutput(data) } else { onError(data) }
                }
            }
        }
    }

    /// At the deadline: SIGTERM to the session; after the termination grace: SIGKILL.
    private mutating func act(at now: ContinuousClock.Instant) {
        guard endedAt == nil, let deadline, now >= deadline else { return }
        if terminatedAt == nil {
            timedOut = true
            terminatedAt = now
            ChildProcess.signalSession(pid, SIGTERM)
        } else if let terminatedAt, !killed, now >= terminatedAt + grace.termination {
            killed = true
            ChildProcess.signalSession(pid, SIGKILL)
        }
    }

    /// When the loop must next look at the clock, if ever (it wakes for output and the child's end anyway).
    private func nextEvent() -> ContinuousClock.Instant? {
        if let endedAt { return endedAt + grace.output }
        if let terminatedAt { return killed ? nil : terminatedAt + grace.termination }
        return deadline
    }

    private func milliseconds(until instant: ContinuousClock.Instant?, from now: ContinuousClock.Instant) -> Int32 {
        guard let instant else { return -1 }
        return (now < instant ? now.duration(to: instant) : .zero).inMillisecondsRoundedUp
    }
}

/// The processes of one session, from `/proc` (none where there is no `/proc`).
@available(SkillCheckTesting, *)
package enum SessionMembers {
    package struct Member: Sendable, Hashable {
        package var pid: pid_t
        package var name: String
        package var parent: pid_t
        package var processGroup: pid_t
        package var session: pid_t
    }

    /// Every live process (zombies left out) whose session or process group is `session`, this one excepted.
    package static func of(session: pid_t) -> [Member] {
        all().filter { ($0.session == session || $0.processGroup == session) && $0.pid != getpid() }
    }

    /// Every live process this user can see, with its group and session.
    package static func all() -> [Member] {
        #if os(Linux)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { entry -> Member? in
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { return nil }
            // "pid (name) state ppid pgrp session …": the name may hold spaces and parentheses.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 3, fields[0] != "Z", fields[0] != "X",
                let parent = pid_t(fields[1]), let group = pid_t(fields[2]), let session = pid_t(fields[3])
            else { return nil }
            return Member(
                pid: pid, name: String(stat[stat.index(after: open)..<close]), parent: parent, processGroup: group,
                session: session)
        }
        #else
        return []
        #endif
    }
}

/// What `posix_spawn` can do here beyond POSIX, looked up once: glibc declares these only for GNU sources,
/// which Swift does not import.
@available(SkillCheckTesting, *)
enum SpawnExtensions {
    typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias PipeWithFlags = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    /// `POSIX_SPAWN_SETSID`: 0x80 in glibc (2.26 and later), 0x400 on Darwin.
    static var newSession: Int32 {
        #if os(Linux)
        0x80
        #else
        0x400
        #endif
    }

    /// Spawn attributes for a child in a session of its own (and so a process group of its own), with default
    /// signal handling and nothing blocked: an ignored SIGPIPE or SIGTERM here must not be inherited. The
    /// caller destroys them (`posix_spawnattr_destroy`).
    static func newSessionAttributes() -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(newSession | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        return attributes
    }

    nonisolated(unsafe) private static let library = dlopen(nil, RTLD_NOW)
    static let changeDirectory: ChangeDirectory? = dlsym(library, "posix_spawn_file_actions_addchdir_np")
        .map { unsafeBitCast($0, to: ChangeDirectory.self) }
    /// `pipe2`: both ends close-on-exec from the start, so a child started by another thread meanwhile
    /// cannot inherit them.
    static let pipeClosingOnExec: PipeWithFlags? = dlsym(library, "pipe2").map { unsafeBitCast($0, to: PipeWithFlags.self) }
    static let closeFrom: CloseFrom? = dlsym(library, "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: CloseFrom.self) }
}
