import Testing

/// The tests that run `skillcheck` on the example packages, one suite at a time.
///
/// They share the scratch folders `skillcheck` itself keeps for each example (see
/// `DiscoveryTests.userScratch(_:)`), so each harness is built once per run and reused by the next suite,
/// and by `swift run skillcheck Examples/...` afterwards. Run in turn, they never wait on each other's
/// build locks.
@Suite("The example packages, end to end", .serialized, .endToEnd)
struct ExamplePackageTests {}
