import Foundation

/// Finds transcript files under the paths given, following symbolic links to files and folders, each
/// real folder and file once (so a link cycle ends), and gives every file a case name unique in the run.
///
/// A case name is the path relative to the folder given, without `.json` (a file given directly: its
/// name). When two files would share a name (`a/x.json` and `b/x.json` given as files, or two folders
/// that both hold `x.json`), each of them takes one more folder of its path until the names differ:
/// `a/x` and `b/x`. So names, and the artifact paths built from them, never collide.
@available(SkillCheckTesting, *)
struct TranscriptFinder {
    struct Found {
        var name: String
        var url: URL
        /// The path's components, the last without `.json`: where a longer name comes from.
        var components: [String]
        var depth: Int
    }

    private(set) var found: [Found] = []
    /// Each path given, as the user wrote it, with the real path it resolved to.
    private(set) var searched: [String] = []
    private var folders: Set<String> = []
    private var files: Set<String> = []

    mutating func search(_ path: String) throws(DiscoveryError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .noSuchPath(path) }
        let logical = URL(fileURLWithPath: path).standardizedFileURL.path
        let real = Self.realPath(logical) ?? logical
        searched.append(real == path ? path : "\(path) (\(real))")
        if Self.isFolder(info) {
            try walk(logical, relative: [])
        } else {
            add(logical, relative: [(logical as NSString).lastPathComponent])
        }
    }

    /// The cases, named uniquely and sorted by name.
    var cases: [(name: String, url: URL)] {
        var named = found
        Self.makeNamesUnique(&named)
        return named.map { ($0.name, $0.url) }.sorted { $0.name < $1.name }
    }

    private mutating func walk(_ folder: String, relative: [String]) throws(DiscoveryError) {
        guard folders.insert(Self.realPath(folder) ?? folder).inserted else { return }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw .unreadableFolder(folder, reason: error.localizedDescription)
        }
        for entry in entries {
            let path = folder + "/" + entry
            var info = stat()
            guard stat(path, &info) == 0 else {
                guard entry.hasSuffix(".json") else { continue }
                let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "nothing"
                throw .brokenLink(path, destination: destination)
            }
            if Self.isFolder(info) {
                try walk(path, relative: relative + [entry])
            } else if entry.hasSuffix(".json"), info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) {
                add(path, relative: relative + [entry])
            }
        }
    }

    private mutating func add(_ path: String, relative: [String]) {
        guard files.insert(Self.realPath(path) ?? path).inserted else { return }
        var components = URL(fileURLWithPath: path).pathComponents.filter { $0 != "/" }
        components[components.count - 1] = Self.withoutExtension(components[components.count - 1])
        var name = relative
        name[name.count - 1] = Self.withoutExtension(name[name.count - 1])
        found.append(
            Found(
                name: name.joined(separator: "/"), url: URL(fileURLWithPath: path),
                components: components, depth: name.count))
    }

    /// While names are shared, each file sharing one takes one more folder of its path.
    static func makeNamesUnique(_ found: inout [Found]) {
        while true {
            var lengthened = false
            for (_, indices) in Dictionary(grouping: found.indices, by: { found[$0].name }) where indices.count > 1 {
                for index in indices where found[index].depth < found[index].components.count {
                    found[index].depth += 1
                    found[index].name = found[index].components.suffix(found[index].depth).joined(separator: "/")
                    lengthened = true
                }
            }
            if !lengthened { return }
        }
    }

    static func withoutExtension(_ name: String) -> String {
        name.hasSuffix(".json") ? String(name.dropLast(5)) : (name as NSString).deletingPathExtension
    }

    static func isFolder(_ info: stat) -> Bool { info.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR) }

    static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
