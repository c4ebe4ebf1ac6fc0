import Foundation

/// Why a scenario run found nothing to replay.
///
/// A run that checks nothing is an error, never a pass.
///
/// ```swift
/// do {
///     try ScenarioRunner(skills: MySkills.skills).verify(paths: ["Tests/Transcripts"])
/// } catch let error as DiscoveryError {
///     print(error)  // no transcript (a .json file) in Tests/Transcripts (/work/app/Tests/Transcripts)
/// }
/// ```
@available(SkillCheckTesting, *)
public enum DiscoveryError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// A path given does not exist.
    case noSuchPath(String)
    /// A folder could not be listed.
    case unreadableFolder(String, reason: String)
    /// A `.json` entry is a symbolic link to nothing.
    case brokenLink(String, destination: String)
    /// No transcript anywhere: each path searched, with the real path it resolved to.
    case noTranscripts(searched: [String])
    /// Transcripts were found, but `--filter` matched none of their names.
    case noMatch(filter: String, found: Int, example: String)
    /// The filtered transcripts are fewer than the shards, and this shard got none.
    case emptyShard(index: Int, count: Int, selected: Int)

    public var description: String {
        switch self {
        case .noSuchPath(let path):
            "no such file or folder: \(path)"
        case .unreadableFolder(let path, let reason):
            "cannot read the folder \(path): \(reason)"
        case .brokenLink(let path, let destination):
            "\(path) is a symbolic link to \(destination), which does not exist"
        case .noTranscripts(let searched):
            "no transcript (a .json file) in " + searched.joined(separator: ", ")
                + "; a run that checks nothing is not a pass: give the files or folders that hold transcripts"
        case .noMatch(let filter, let found, let example):
            "no transcript matched --filter '\(filter)' among the \(found) found; "
                + "--filter matches part of a name such as '\(example)'"
        case .emptyShard(let index, let count, let selected):
            selected == 1
                ? "--shard \(index)/\(count) selects nothing: there is 1 transcript; drop --shard, or use --shard 1/1"
                : "--shard \(index)/\(count) selects none of the \(selected) transcripts; use at most \(selected) shards"
        }
    }

    public var errorDescription: String? { description }
}
