import Foundation
import SkillScenarios
import TestSupport
import Testing

/// `FileWriter.append`: for a file other writers share (a CI job's `$GITHUB_STEP_SUMMARY`).
@Suite("FileWriter.append adds to what is there and never replaces it")
struct FileWriterAppendTests {
    @available(SkillCheckTesting, *)
    @Test("a regular file keeps its content, its inode and its mode; the text goes after it")
    func regularFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.file("summary.md", "earlier step\n")
        #expect(chmod(path, 0o640) == 0)
        let before = try #require(TemporaryFolder.info(path))
        try FileWriter.append("first\n", to: path)
        try FileWriter.append("second\n", to: path)
        #expect(try TemporaryFolder.text(path) == "earlier step\nfirst\nsecond\n")
        let after = try #require(TemporaryFolder.info(path))
        #expect(after.st_ino == before.st_ino, "appended in place, not renamed over")
        #expect(after.st_mode & 0o7777 == 0o640)
        #expect(try folder.contents() == ["summary.md"], "no temporary file left")
    }

    @available(SkillCheckTesting, *)
    @Test("a symbolic link is followed: the file it ends at gets the text, and the link stays a link")
    func symbolicLink() throws {
        let folder = try TemporaryFolder()
        let target = try folder.file("real.md", "earlier\n")
        let link = try folder.link("summary.md", to: "real.md")
        try FileWriter.append("mine\n", to: link)
        #expect(try TemporaryFolder.text(target) == "earlier\nmine\n")
        #expect(TemporaryFolder.kind(link, following: false) == mode_t(S_IFLNK))
    }

    @available(SkillCheckTesting, *)
    @Test("a missing file is created in its folder")
    func missingFile() throws {
        let folder = try TemporaryFolder()
        try FileWriter.append("mine\n", to: folder("summary.md"))
        #expect(try TemporaryFolder.text(folder("summary.md")) == "mine\n")
    }

    @available(SkillCheckTesting, *)
    @Test("a FIFO is written through, every byte, and stays a FIFO")
    func fifo() throws {
        let folder = try TemporaryFolder()
        let path = folder("pipe")
        #expect(mkfifo(path, 0o600) == 0)
        let holder = open(path, O_RDWR)
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        #expect(holder >= 0 && reader >= 0)
        _ = fcntl(reader, F_SETFL, 0)
        let received = FIFOReader(descriptor: reader)
        let text = String(repeating: "0123456789abcdef", count: 20_000)
        try FileWriter.append(text, to: path)
        close(holder)
        #expect(received.wait() == text)
        #expect(TemporaryFolder.kind(path) == mode_t(S_IFIFO))
    }

    @available(SkillCheckTesting, *)
    @Test(
        "a full device is an error that names it, not a silent pass",
        .enabled(if: FileWriterTests.fullDeviceNode != nil, "no writable device like /dev/full here"))
    func fullDevice() throws {
        let device = try #require(FileWriterTests.fullDeviceNode)
        #expect {
            try FileWriter.append("summary", to: device)
        } throws: { error in
            (error as? FileWriteError)?.code == ENOSPC && "\(error)".hasPrefix("cannot write \(device): ")
        }
        #expect(TemporaryFolder.kind(device) == mode_t(S_IFCHR))
    }

    @available(SkillCheckTesting, *)
    @Test(
        "a folder, a link to nothing, a missing folder and a path under a file are refused, and nothing is created",
        arguments: [
            ("folder", "it is a folder, not a file"),
            ("dangling", "it is a symbolic link to missing.md, which does not exist"),
            ("nowhere/summary.md", "its folder"),
            ("file/summary.md", "Not a directory (ENOTDIR)"),
        ])
    func refused(name: String, reason: String) throws {
        let folder = try TemporaryFolder()
        try folder.folder("folder")
        try folder.link("dangling", to: "missing.md")
        try folder.file("file", "mine")
        #expect {
            try FileWriter.append("summary", to: folder(name))
        } throws: { error in
            "\(error)".hasPrefix("cannot write \(folder(name)): ") && "\(error)".contains(reason)
        }
        #expect(try folder.contents() == ["dangling", "file", "folder"])
        #expect(try TemporaryFolder.text(folder("file")) == "mine")
        #expect(try folder.contents("folder").isEmpty)
    }
}
