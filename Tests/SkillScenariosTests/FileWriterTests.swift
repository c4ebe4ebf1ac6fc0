import Foundation
import SkillScenarios
import TestSupport
import Testing

@Suite("FileWriter: a write never replaces a link, a pipe or a device")
struct FileWriterTests {
    @Test("a regular file is replaced atomically, keeps its mode, and leaves no temporary file")
    func regularFileKeepsMode() throws {
        let folder = try TemporaryFolder()
        let path = try folder.file("t.json", "old")
        #expect(chmod(path, 0o640) == 0)
        try FileWriter.write("new", to: path)
        #expect(try TemporaryFolder.text(path) == "new")
        #expect(TemporaryFolder.info(path).map { $0.st_mode & 0o7777 } == 0o640)
        #expect(try folder.contents() == ["t.json"])
    }

    @Test("a regular file keeps its owner", .enabled(if: getuid() == 0, "only root can give a file another owner"))
    func regularFileKeepsOwner() throws {
        let path = try TemporaryFolder().file("t.json", "old")
        #expect(chown(path, 65534, 65534) == 0)
        try FileWriter.write("new", to: path)
        #expect(TemporaryFolder.info(path).map { [$0.st_uid, $0.st_gid] } == [65534, 65534])
    }

    @Test("a symbolic link stays a link, and the file at the end of its chain gets the text")
    func symbolicLink() throws {
        let folder = try TemporaryFolder()
        let target = try folder.file("elsewhere/t.json", "old")
        #expect(chmod(target, 0o600) == 0)
        try folder.folder("here")
        try folder.link("here/first.json", to: "../elsewhere/t.json")
        let link = try folder.link("here/second.json", to: "first.json")
        try FileWriter.write("new", to: link)
        #expect(TemporaryFolder.kind(link, following: false) == mode_t(S_IFLNK))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "first.json")
        #expect(try TemporaryFolder.text(target) == "new")
        #expect(TemporaryFolder.info(target).map { $0.st_mode & 0o7777 } == 0o600)
        #expect(try folder.contents("elsewhere") == ["t.json"], "the temporary file goes beside the target")
    }

    @available(SkillCheckTesting, *)
    @Test("recording a transcript through a link keeps the link, and the transcript's mode")
    func recordThroughLink() throws {
        let folder = try TemporaryFolder()
        let target = try folder.file("store/draft.json", RecordTests.draft)
        #expect(chmod(target, 0o640) == 0)
        let link = try folder.link("draft.json", to: "store/draft.json")
        let scenario = ScenarioRunner(skills: Fixtures.skills, recordMode: .all).runOne(name: "draft", url: URL(fileURLWithPath: link))
        #expect(scenario.recording == .written)
        #expect(TemporaryFolder.kind(link, following: false) == mode_t(S_IFLNK))
        #expect(try TemporaryFolder.text(target) != RecordTests.draft)
        #expect(try Transcript.load(contentsOf: URL(fileURLWithPath: target)).name == "draft")
        #expect(TemporaryFolder.info(target).map { $0.st_mode & 0o7777 } == 0o640)
        #expect(try folder.contents("store") == ["draft.json"])
    }

    @Test("a missing file is created, with its missing folders and the usual mode")
    func missingFile() throws {
        let folder = try TemporaryFolder()
        let reference = folder("reference")
        let descriptor = open(reference, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        #expect(descriptor >= 0)
        close(descriptor)
        let path = folder("a/b/new.json")
        try FileWriter.write("new", to: path)
        #expect(try TemporaryFolder.text(path) == "new")
        #expect(TemporaryFolder.info(path)?.st_mode == TemporaryFolder.info(reference)?.st_mode)
        #expect(try folder.contents("a/b") == ["new.json"])
    }

    @Test("a FIFO is written through: its reader gets every byte, and it stays a FIFO")
    func fifo() throws {
        let folder = try TemporaryFolder()
        let path = folder("pipe")
        #expect(mkfifo(path, 0o600) == 0)
        // Hold the FIFO open for writing too, so that the reader never sees an early end of file; the
        // reader is open before the write, so the writer never waits for one.
        let holder = open(path, O_RDWR)
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        #expect(holder >= 0 && reader >= 0)
        _ = fcntl(reader, F_SETFL, 0)
        let received = FIFOReader(descriptor: reader)
        let text = String(repeating: "0123456789abcdef", count: 20_000) // 320 KB: more than a pipe holds
        try FileWriter.write(text, to: path)
        close(holder)
        #expect(received.wait() == text)
        #expect(TemporaryFolder.kind(path) == mode_t(S_IFIFO))
    }

    @Test(
        "a full device is an error that names it, and stays a device",
        .enabled(if: fullDeviceNode != nil, "no writable device like /dev/full here"))
    func fullDevice() throws {
        let device = try #require(Self.fullDeviceNode)
        let before = TemporaryFolder.info(device)
        #expect {
            try FileWriter.write("report", to: device)
        } throws: { error in
            guard let error = error as? FileWriteError else { return false }
            return error.code == ENOSPC && error.path == device && error.description.hasPrefix("cannot write \(device): ")
        }
        #expect(TemporaryFolder.kind(device) == mode_t(S_IFCHR))
        #expect(TemporaryFolder.info(device)?.st_rdev == before?.st_rdev)
    }

    /// A device like `/dev/full`: as root, a node of its own in a temporary folder (so that a
    /// regression cannot replace the machine's); else the machine's, which the user cannot replace.
    static let fullDeviceNode: String? = {
        guard let info = TemporaryFolder.info("/dev/full") else { return nil }
        guard getuid() == 0 else { return access("/dev/full", W_OK) == 0 ? "/dev/full" : nil }
        guard let node = try? TemporaryFolder()("full") else { return nil }
        guard mknod(node, mode_t(S_IFCHR) | 0o666, info.st_rdev) == 0, access(node, W_OK) == 0 else { return nil }
        let descriptor = open(node, O_WRONLY)
        guard descriptor >= 0 else { return nil } // a folder on a filesystem mounted nodev
        close(descriptor)
        return node
    }()

    @Test(
        "a folder, a link to nothing, and a path under a file are refused with what they are",
        arguments: [
            ("folder", "it is a folder, not a file"),
            ("dangling", "it is a symbolic link to missing.json, which does not exist"),
            ("file/x.json", "is not a folder"),
        ])
    func refused(name: String, reason: String) throws {
        let folder = try TemporaryFolder()
        try folder.folder("folder")
        try folder.link("dangling", to: "missing.json")
        try folder.file("file", "mine")
        #expect {
            try FileWriter.write("report", to: folder(name))
        } throws: { error in
            "\(error)".hasPrefix("cannot write \(folder(name)): ") && "\(error)".contains(reason)
        }
        #expect(try folder.contents() == ["dangling", "file", "folder"])
        #expect(try TemporaryFolder.text(folder("file")) == "mine")
        #expect(try folder.contents("folder").isEmpty)
    }
}

/// Reads a descriptor to its end on another thread; `wait()` returns what it read.
final class FIFOReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var bytes: [UInt8] = []

    init(descriptor: Int32) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                bytes += buffer[0..<count]
            }
            close(descriptor)
            done.signal()
        }
    }

    func wait() -> String {
        done.wait()
        return String(decoding: bytes, as: UTF8.self)
    }
}
