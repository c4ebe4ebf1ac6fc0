import Foundation

/// Writes text to a path the way the user meant it, never replacing a link, a pipe or a device.
///
/// Every file SkillCheck writes (a recorded transcript, an artifact, a report) goes through here:
///
/// - a regular file is replaced atomically: the text goes to a temporary file in the *target's*
///   folder, which takes the target's mode and owner, and is renamed over it. A reader never sees half
///   a file, and a crash leaves the old file whole.
/// - a symbolic link is followed to its final target, which is replaced as above; the link stays a link.
/// - a missing file is created the same way, with the usual mode (`0o666` less the umask), after its
///   missing folders.
/// - a pipe (FIFO) or a character device (a terminal, `/dev/null`) is written through: opened for
///   writing, every byte written and checked, so `/dev/full` is an error and a FIFO's reader gets it all.
/// - `-`, `/dev/stdout`, `/dev/stderr` and `/dev/fd/N` write to that open descriptor of this process.
/// - anything else (a folder, a socket, a block device, a link to nothing) is refused with an error
///   that names the path and what it is.
///
/// ```swift
/// try FileWriter.write(report, to: "report.xml")     // atomic; keeps the file's mode
/// try FileWriter.write(report, to: "-")              // standard output
/// ```
@available(SkillCheckTesting, *)
package enum FileWriter {
    /// Writes `text` (as UTF-8) to `path`, or throws an error that names the path and the reason.
    package static func write(_ text: String, to path: String) throws(FileWriteError) {
        let bytes = Array(text.utf8)
        if let descriptor = openDescriptor(named: path) {
            fflush(nil) // what `print` buffered comes first
            try writeAll(bytes, to: descriptor, path: path == "-" ? "standard output" : path)
            return
        }
        var info = stat()
        if stat(path, &info) == 0 {
            try write(bytes, toExisting: path, info)
            return
        }
        let code = errno
        guard code == ENOENT || code == ENOTDIR else { throw .system(path, "", code) }
        var link = stat()
        if lstat(path, &link) == 0 {
            throw FileWriteError(
                path: path,
                reason: "it is a symbolic link to \(linkDestination(path)), which does not "
                    + "exist; write to the target's path, or remove the link")
        }
        try makeFolder(parent(of: path), for: path)
        try replace(path, with: bytes, keeping: nil, for: path)
    }

    // MARK: What is there

    static func write(_ bytes: [UInt8], toExisting path: String, _ info: stat) throws(FileWriteError) {
        switch info.st_mode & mode_t(S_IFMT) {
        case mode_t(S_IFREG):
            try replace(try resolved(path), with: bytes, keeping: info, for: path)
        case mode_t(S_IFIFO), mode_t(S_IFCHR):
            try writeThrough(bytes, to: path)
        case mode_t(S_IFDIR):
            throw FileWriteError(
                path: path,
                reason: "it is a folder, not a file; give a file path, such as "
                    + (path.hasSuffix("/") ? path : path + "/") + "report.txt")
        case mode_t(S_IFSOCK):
            throw FileWriteError(path: path, reason: "it is a socket; SkillCheck writes to files, pipes and character devices only")
        case mode_t(S_IFBLK):
            throw FileWriteError(path: path, reason: "it is a block device; SkillCheck never writes to a disk")
        default:
            throw FileWriteError(path: path, reason: "it is not a file (mode \(String(info.st_mode, radix: 8)))")
        }
    }

    /// `-` and `/dev/stdout` are descriptor 1, `/dev/stderr` 2, `/dev/fd/N` and `/proc/self/fd/N` N:
    /// descriptors this process already holds, written to as they are, never renamed over.
    static func openDescriptor(named path: String) -> Int32? {
        switch path {
        case "-", "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
        }
    }

    // MARK: Writing

    /// Writes to a temporary file in `target`'s folder, then renames it over `target`.
    ///
    /// With `info` (the file being replaced), the temporary file first takes its owner and mode, so the
    /// text never sits in a file more readable than the one it replaces.
    static func replace(_ target: String, with bytes: [UInt8], keeping info: stat?, for path: String) throws(FileWriteError) {
        let (temporary, descriptor) = try createTemporary(beside: target, for: path)
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do throws(FileWriteError) {
            if let info { try keep(info, on: descriptor, for: path) }
            try writeAll(bytes, to: descriptor, path: path)
            if fsync(descriptor) != 0, errno != EINVAL { throw .system(path, "flushing \(temporary)", errno) }
        } catch {
            close(descriptor)
            throw error
        }
        if close(descriptor) != 0 { throw .system(path, "closing \(temporary)", errno) }
        if rename(temporary, target) != 0 { throw .system(path, "renaming \(temporary) to \(target)", errno) }
        renamed = true
    }

    static func createTemporary(beside target: String, for path: String) throws(FileWriteError) -> (String, Int32) {
        var base = ""
        for character in (target as NSString).lastPathComponent where base.utf8.count < 100 { base.append(character) }
        let folder = parent(of: target)
        // The name is random on purpose, like mkstemp's: it never reaches a report or a recording, and a
        // predictable one could collide with a parallel run or be planted in a shared folder.
        while true {
            let name = folder + "/." + base + "." + String(UInt64.random(in: 0...UInt64.max), radix: 36) + ".tmp"
            let descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (name, descriptor) }
            let code = errno
            if code != EEXIST && code != EINTR { throw .system(path, "creating a temporary file in \(folder)", code) }
        }
    }

    static func keep(_ info: stat, on descriptor: Int32, for path: String) throws(FileWriteError) {
        var created = stat()
        if fstat(descriptor, &created) == 0, created.st_uid != info.st_uid || created.st_gid != info.st_gid,
            fchown(descriptor, info.st_uid, info.st_gid) != 0
        {
            throw .system(path, "keeping its owner \(info.st_uid):\(info.st_gid)", errno)
        }
        if fchmod(descriptor, info.st_mode & 0o7777) != 0 {
            throw .system(path, "keeping its mode \(String(info.st_mode & 0o7777, radix: 8))", errno)
        }
    }

    /// Opens a pipe or a device for writing, without truncating or creating anything, and writes it all.
    static func writeThrough(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
        var descriptor: Int32
        repeat { descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw .system(path, "opening it for writing", errno) }
        do throws(FileWriteError) {
            try writeAll(bytes, to: descriptor, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        if close(descriptor) != 0 { throw .system(path, "closing it", errno) }
    }

    /// Writes every byte, retrying short writes and interruptions; any other failure is an error.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileWriteError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .system(path, "", code)
            }
            guard count > 0 else { throw FileWriteError(path: path, reason: "it accepted no bytes") }
            offset += count
        }
    }

    // MARK: Paths

    /// The final target of `path`, every symbolic link followed.
    static func resolved(_ path: String) throws(FileWriteError) -> String {
        guard let pointer = realpath(path, nil) else { throw .system(path, "resolving its symbolic links", errno) }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    static func linkDestination(_ path: String) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "a missing file"
    }

    static func parent(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// Creates `folder` and the folders above it that are missing (`mkdir -p`).
    static func makeFolder(_ folder: String, for path: String) throws(FileWriteError) {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard info.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR) else {
                throw FileWriteError(path: path, reason: "\(folder) is not a folder", code: ENOTDIR)
            }
            return
        }
        let code = errno
        guard code == ENOENT || code == ENOTDIR else { throw .system(path, "reading \(folder)", code) }
        try makeFolder(parent(of: folder), for: path)
        if mkdir(folder, 0o777) != 0 {
            let code = errno
            guard code == EEXIST, stat(folder, &info) == 0, info.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR) else {
                throw .system(path, "creating the folder \(folder)", code)
            }
        }
    }
}

#if canImport(Darwin)
@available(SkillCheckTesting, *)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    Darwin.write(descriptor, buffer, count)
}
#else
@available(SkillCheckTesting, *)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    Glibc.write(descriptor, buffer, count)
}
#endif
