import Foundation

@available(SkillCheckTesting, *)
extension FileWriter {
    /// Adds `text` (as UTF-8) to the end of `path`, never truncating, replacing or renaming what is there:
    /// for a file that other writers share, such as the `$GITHUB_STEP_SUMMARY` file every step of a job
    /// appends to.
    ///
    /// - a regular file keeps its content, mode and owner; the text goes after it (`O_APPEND`).
    /// - a symbolic link is followed; the file it ends at is appended to, and the link stays a link. A link
    ///   to nothing is an error: appending would create a file the user never named.
    /// - a missing file is created (`0o666` less the umask) in its folder, which must exist.
    /// - a pipe or a character device is written through; `-`, `/dev/stdout`, `/dev/stderr` and
    ///   `/dev/fd/N` write to that open descriptor of this process.
    /// - anything else (a folder, a socket, a block device) is refused, naming the path and what it is.
    ///
    /// Every byte is written and checked: a full disk or a closed pipe is an error, never a silent pass.
    ///
    /// ```swift
    /// try FileWriter.append("## skillcheck\n", to: summaryPath)
    /// ```
    package static func append(_ text: String, to path: String) throws(FileWriteError) {
        let bytes = Array(text.utf8)
        if let descriptor = openDescriptor(named: path) {
            fflush(nil) // what `print` buffered comes first
            try writeAll(bytes, to: descriptor, path: path == "-" ? "standard output" : path)
            return
        }
        let descriptor = try openForAppending(path)
        do throws(FileWriteError) {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw .system(path, "reading what it is", errno) }
            switch info.st_mode & mode_t(S_IFMT) {
            case mode_t(S_IFREG), mode_t(S_IFIFO), mode_t(S_IFCHR):
                try writeAll(bytes, to: descriptor, path: path)
            case mode_t(S_IFBLK):
                throw FileWriteError(path: path, reason: "it is a block device; SkillCheck never writes to a disk")
            default:
                throw FileWriteError(path: path, reason: "it is not a file (mode \(String(info.st_mode, radix: 8)))")
            }
        } catch {
            close(descriptor)
            throw error
        }
        if close(descriptor) != 0 { throw .system(path, "closing it", errno) }
    }

    /// Opens `path` for appending, creating it only when nothing (not even a link) is there.
    static func openForAppending(_ path: String) throws(FileWriteError) -> Int32 {
        let flags = O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC
        var descriptor: Int32
        repeat { descriptor = open(path, flags) } while descriptor < 0 && errno == EINTR
        if descriptor >= 0 { return descriptor }
        let code = errno
        var link = stat()
        switch code {
        case EISDIR:
            throw FileWriteError(path: path, reason: "it is a folder, not a file; give a file path", code: code)
        case ENXIO where lstat(path, &link) == 0 && link.st_mode & mode_t(S_IFMT) == mode_t(S_IFSOCK):
            throw FileWriteError(
                path: path, reason: "it is a socket; SkillCheck writes to files, pipes and character devices only",
                code: code)
        case ENOENT where lstat(path, &link) == 0:
            throw FileWriteError(
                path: path,
                reason: "it is a symbolic link to \(linkDestination(path)), which does not exist; "
                    + "append to the target's path, or remove the link", code: code)
        case ENOENT:
            // O_EXCL: if a link appears in the meantime, this fails rather than follow it.
            repeat { descriptor = open(path, flags | O_CREAT | O_EXCL, 0o666) } while descriptor < 0 && errno == EINTR
            guard descriptor >= 0 else {
                let code = errno
                if code == ENOENT {
                    throw FileWriteError(path: path, reason: "its folder \(parent(of: path)) does not exist", code: code)
                }
                throw .system(path, "creating it", code)
            }
            return descriptor
        default:
            throw .system(path, "opening it for appending", code)
        }
    }
}
