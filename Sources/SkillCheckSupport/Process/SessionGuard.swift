import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A process outside this one that ends the children's sessions when this one ends, however it ends.
///
/// Each child runs in a session of its own (``ChildProcess``), so a terminal's Ctrl-C does not reach it, and
/// when this process is killed with SIGKILL nothing of its own is left to end them: a build would run on, and
/// once a compiler orphaned that way hung for good in the shared build folder. The guard is this executable
/// started again with ``argument``, in a session of its own; it reads a line `+PID` for each child session
/// that starts and `-PID` for each that ended from a socket whose other end only this process holds. When
/// this process ends, for any reason, the guard reads end-of-file and ends every session still listed
/// (SIGTERM, then SIGKILL a second later), then exits itself.
///
/// ```swift
/// if CommandLine.arguments.dropFirst().first == SessionGuard.argument { SessionGuard.run() }
/// SessionGuard.enable(executable: "/proc/self/exe")   // the guard starts with the first child
/// ```
@available(SkillCheckTesting, *)
package enum SessionGuard {
    /// The argument that makes the executable a guard.
    package static let argument = "--skillcheck-session-guard"

    private struct State {
        var executable: String?
        var socket: Int32 = -1
        var unavailable = false
    }

    private static let state = Locked(State())

    /// Starts a guard, with the first child, from `executable` (the running program's own path).
    package static func enable(executable: String) { state.withLock { $0.executable = executable } }

    static func started(_ pid: pid_t) { send("+\(pid)\n") }
    static func ended(_ pid: pid_t) { send("-\(pid)\n") }

    private static func send(_ line: String) {
        state.withLock { state in
            guard let executable = state.executable, !state.unavailable else { return }
            if state.socket < 0 {
                guard let socket = start(executable) else {
                    state.unavailable = true
                    return
                }
                state.socket = socket
            }
            let bytes = Array(line.utf8)
            // MSG_NOSIGNAL: a guard that is gone is no reason to end this process with SIGPIPE.
            let sent = bytes.withUnsafeBytes { sendWithoutSignal(state.socket, $0.baseAddress, $0.count) }
            if sent != bytes.count { state.unavailable = true }
        }
    }

    /// Starts the guard with one end of a socket pair as its standard input; returns the other end (`nil`
    /// where there is no guard: on systems other than Linux the sessions end with an interrupt only).
    private static func start(_ executable: String) -> Int32? {
        #if os(Linux)
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        if let closeFrom = SpawnExtensions.closeFrom { _ = closeFrom(&actions, 3) }
        var attributes = SpawnExtensions.newSessionAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        let argv = [strdup(executable), strdup(argument), nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        close(ends[1])
        guard result == 0 else {
            close(ends[0])
            return nil
        }
        return ends[0]
        #else
        return nil
        #endif
    }

    private static func sendWithoutSignal(_ socket: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if os(Linux)
        Glibc.send(socket, bytes, count, Int32(MSG_NOSIGNAL))
        #else
        -1
        #endif
    }

    /// The guard's whole life: reads the sessions from standard input to its end, then ends those still
    /// running and exits.
    package static func run() -> Never {
        var sessions = Set<pid_t>()
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            pending += buffer[0..<count]
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                guard let sign = line.first, let pid = pid_t(line.dropFirst()) else { continue }
                if sign == "+" { sessions.insert(pid) } else { sessions.remove(pid) }
            }
        }
        ChildProcess.endSessions(sessions)
        exit(0)
    }
}
