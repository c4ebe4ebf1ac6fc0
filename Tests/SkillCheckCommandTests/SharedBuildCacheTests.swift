import Foundation
import SkillCheckSupport
import TestSupport
import Testing

@testable import SkillCheckCommand

@Suite("The shared build folders: one per kit and toolchain, locked while in use, products copied out whole")
struct SharedBuildCacheTests {
    @available(SkillCheckTesting, *)
    @Test("each kit checkout gets its own folder, with a scratch folder per flavour; SKILLCHECK_SHARED_CACHE moves or turns it off")
    func folders() throws {
        let root = URL(fileURLWithPath: "/tmp/shared")
        let one = SharedBuildCache(root: root, kit: "/home/a/SkillCheck"), other = SharedBuildCache(root: root, kit: "/home/b/SkillCheck")
        #expect(one.folder != other.folder)
        #expect(one.folder == SharedBuildCache(root: root, kit: "/home/a/SkillCheck").folder, "the same every run")
        #expect(one.folder.lastPathComponent.hasPrefix("SkillCheck-"))
        #expect(one.scratch(.plain) != one.scratch(.tsan))
        #expect(SharedBuildCache.defaultRoot(environment: ["SKILLCHECK_SHARED_CACHE": "/x/y"])?.path == "/x/y")
        #expect(SharedBuildCache.defaultRoot(environment: ["SKILLCHECK_SHARED_CACHE": "off"]) == nil)
        #expect(SharedBuildCache.defaultRoot(environment: ["XDG_CACHE_HOME": "/c"])?.path == "/c/skillcheck/shared")
    }

    @available(SkillCheckTesting, *)
    @Test("a build's products are copied to the package's own folder, replacing the old ones; a missing product is an error")
    func copiesProducts() throws {
        let folder = try TemporaryFolder("shared")
        let cache = SharedBuildCache(root: folder.url.appendingPathComponent("shared"), kit: "/kit")
        let own = folder.url.appendingPathComponent("own")
        for version in ["first", "second"] {
            try cache.build(.plain, into: own, products: ["tool"]) { scratch in
                try FileManager.default.createDirectory(at: scratch.appendingPathComponent("debug"), withIntermediateDirectories: true)
                try Data(version.utf8).write(to: scratch.appendingPathComponent("debug/tool"))
            }
            #expect(try TemporaryFolder.text(own.appendingPathComponent("debug/tool").path) == version)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: own.appendingPathComponent("debug").path) == ["tool"])
        #expect(throws: (any Error).self) {
            try cache.build(.tsan, into: own, products: ["absent"]) { _ in }
        }
    }

    @available(SkillCheckTesting, *)
    @Test("a second build of the same flavour waits for the first to finish, and says so")
    func waitsForTheLock() throws {
        let folder = try TemporaryFolder("shared")
        let cache = SharedBuildCache(root: folder.url, kit: "/kit")
        try FileManager.default.createDirectory(at: cache.folder, withIntermediateDirectories: true)
        let held = try FileLock(cache.folder.appendingPathComponent("plain.lock"))
        #expect(held.tryLock())
        let told = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        let order = Locked<[String]>([])
        let second = Thread {
            try? cache.build(.plain, into: folder.url.appendingPathComponent("own"), products: [], waiting: { _ in told.signal() }) { _ in
                order.withLock { $0.append("second built") }
            }
            order.withLock { $0.append("second done") }
            finished.signal()
        }
        second.start()
        told.wait() // the second build found the lock held and said it waits
        order.withLock { $0.append("first done") }
        held.unlock()
        finished.wait()
        #expect(order.withLock { $0 } == ["first done", "second built", "second done"])
        // Another flavour has its own lock.
        let tsan = try FileLock(cache.folder.appendingPathComponent("tsan.lock"))
        #expect(tsan.tryLock())
    }

    @Test("SwiftPM's progress lines are recognized; other lines are not")
    func progressLines() {
        #expect(HarnessBuild.isProgress("[12/40] Compiling SkillKit JSON.swift"))
        #expect(HarnessBuild.isProgress("[1/1] Planning build"))
        #expect(!HarnessBuild.isProgress("Building for debugging..."))
        #expect(!HarnessBuild.isProgress("[x/40] nope"))
        #expect(!HarnessBuild.isProgress("warning: [1/2]"))
    }
}
