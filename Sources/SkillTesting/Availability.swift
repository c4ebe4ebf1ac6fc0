// SkillTesting needs `TaskExecutor` and `Mutex`, so every public declaration here carries
// `@available(SkillCheckTesting, *)`. On Linux the annotation has no effect.
