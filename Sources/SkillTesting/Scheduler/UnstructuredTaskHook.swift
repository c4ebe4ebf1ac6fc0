internal import SkillCheckInterposer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Sees unstructured tasks start: the concurrency runtime's global-enqueue hook, installed once per
/// process, calls ``DeterministicScheduler`` back when a job goes to the global executor from a thread
/// that is draining a scheduler that reports unstructured tasks. Every other job passes straight through
/// (to any hook installed before this one, else to the runtime), so tests that run in parallel on their
/// own threads are untouched.
@available(SkillCheckTesting, *)
enum UnstructuredTaskHook {
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    /// The runtime's hook variable, if it has one.
    nonisolated(unsafe) private static let slot: UnsafeMutablePointer<Hook?>? =
        dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook").map { $0.assumingMemoryBound(to: Hook?.self) }

    /// The hook that was installed before ours, if any: a `let`, read once before ours replaces it, so
    /// every thread that calls the hook reads it through the same one-time initialisation (a mutable
    /// static written before the hook was stored raced with those reads, as ThreadSanitizer showed).
    static let previous: Hook? = slot?.pointee

    /// Installs the hook the first time it is read; `false` when the runtime has no such hook.
    static let installed: Bool = {
        guard let slot else { return false }
        _ = previous
        slot.pointee = { job, original in
            DrainingThread.scheduler?.sawGlobalEnqueue()
            if let previous = UnstructuredTaskHook.previous { previous(job, original) } else { original(job) }
        }
        return true
    }()
}

/// Makes the unstructured tasks the draining thread starts prefer a scheduler (the interposer adds the preference
/// as each is created), until ``end()`` restores what was there before: a drain nested in another scheduler's
/// job adopts for the inner scheduler only while it drains.
@available(SkillCheckTesting, *)
struct AdoptionScope {
    private let previous: (identity: UnsafeRawPointer?, witnessTable: UnsafeRawPointer?)

    /// Adopts for `scheduler`, or for none while a scheduler that does not adopt drains.
    init(adoptingFor scheduler: DeterministicScheduler?) {
        // An `any TaskExecutor` is two words, the object and its conformance: what the runtime's option record holds.
        // `as` keeps the existential from being opened into the 8-byte class reference it holds.
        let words = scheduler.map { unsafeBitCast($0 as any TaskExecutor, to: (UnsafeRawPointer, UnsafeRawPointer).self) }
        previous = Self.adopt(words?.0, words?.1)
    }

    /// Stops adopting on the calling thread: the main thread, once it has run a scheduler's work.
    static func stop() { _ = adopt(nil, nil) }

    func end() { _ = Self.adopt(previous.identity, previous.witnessTable) }

    /// Sets the calling thread's executor words for the interposer, returning the ones it replaced.
    private static func adopt(
        _ identity: UnsafeRawPointer?, _ witnessTable: UnsafeRawPointer?
    ) -> (identity: UnsafeRawPointer?, witnessTable: UnsafeRawPointer?) {
        var previousIdentity: UnsafeRawPointer?
        var previousWitnessTable: UnsafeRawPointer?
        skillcheck_adopt_unstructured_tasks(identity, witnessTable, &previousIdentity, &previousWitnessTable)
        return (previousIdentity, previousWitnessTable)
    }
}

/// The scheduler the calling thread is draining, if any: a thread-local, so that the global hook can tell
/// our code from every other test's.
@available(SkillCheckTesting, *)
enum DrainingThread {
    private static let slot = SchedulerSlot()

    static var scheduler: DeterministicScheduler? {
        get { slot.scheduler }
        set { slot.scheduler = newValue }
    }
}

/// A thread-local reference to a ``DeterministicScheduler``, not retained: the thread that sets it is doing
/// that scheduler's work, which keeps it alive.
@available(SkillCheckTesting, *)
struct SchedulerSlot: Sendable {
    private let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The calling thread's scheduler.
    nonisolated var scheduler: DeterministicScheduler? {
        get {
            guard let pointer = pthread_getspecific(key) else { return nil }
            return Unmanaged<DeterministicScheduler>.fromOpaque(pointer).takeUnretainedValue()
        }
        nonmutating set {
            pthread_setspecific(key, newValue.map { Unmanaged.passUnretained($0).toOpaque() })
        }
    }
}
