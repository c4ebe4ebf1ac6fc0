// SkillTesting needs `TaskExecutor` and `Mutex`, so every public declaration here carries
// `@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)`. On Linux the annotation has no effect.
