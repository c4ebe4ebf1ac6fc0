// What a skill's run reads of the real world, seen where it reaches the C library: the wall clock, system
// randomness, files and sockets. SkillConformance installs two callbacks and turns what they receive into
// TIME-1 and IO-1 findings; nothing here decides what is a finding. It also sees work sent to the main
// dispatch queue (a hop to the main actor), so that SkillTesting's scheduler can wait for it to run.
//
// On Linux (glibc), the functions below are defined in the test binary that links SkillConformance, so the
// dynamic linker binds every library's calls to them (Foundation's Date() reaches clock_gettime here); each
// forwards to the C library's own. Elsewhere, and in a sanitizer build (whose runtime intercepts the same
// functions), nothing is interposed and skillcheck_observation_available() answers 0.
#ifndef SKILLCHECK_INTERPOSER_H
#define SKILLCHECK_INTERPOSER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What was read or opened.
typedef enum {
    skillcheck_read_wall_clock = 1,
    skillcheck_read_randomness = 2,
    skillcheck_open_file = 3,
    skillcheck_open_socket = 4,
    skillcheck_connect_socket = 5,
    skillcheck_change_file = 6,
    skillcheck_start_process = 7,
    /// Not the C library's: a sleep on a real clock that the kit's scheduler saw start (skillcheck_report_real_sleep).
    skillcheck_real_sleep = 8,
    /// A sleep that blocks its thread for real time: nanosleep, clock_nanosleep, usleep, sleep (Thread.sleep).
    skillcheck_blocking_sleep = 9,
} skillcheck_read_kind;

/// The observation a call belongs to: `token` 0 when none (the call is not the skill's run's), and the
/// nanoseconds the run's wall clock is moved by.
typedef struct {
    int64_t token;
    int64_t wall_clock_offset_ns;
} skillcheck_scope;

/// Answers which observation the calling task is in; called only while one is active somewhere.
typedef skillcheck_scope (*skillcheck_scope_callback)(void);

/// Receives one read: its kind, a detail (a clock's name, a path with its open flags, an address), and the
/// call stack, innermost first. A frame with bit 63 set is an async caller's resume function (from the
/// task's async context chain), not a return address.
typedef void (*skillcheck_record_callback)(
    int64_t token, int32_t kind, const char *detail, const uint64_t *frames, int32_t count);

void skillcheck_observation_install(skillcheck_scope_callback scope, skillcheck_record_callback record);
/// One more observation in progress: the callbacks are asked about calls until the matching end.
void skillcheck_observation_begin(void);
void skillcheck_observation_end(void);
/// The loaded file holding `address` (dladdr): its path, where it is loaded, and the exported symbol at or
/// before the address (NULL when none). Returns 0 when no loaded file holds it.
int32_t skillcheck_object_at(const void *address, const char **path, const void **base, const char **symbol);
/// 1 when calls are interposed in this process, 0 when they cannot be (another platform, a sanitizer).
int32_t skillcheck_observation_available(void);
/// Reports a sleep on a real clock, `detail` saying how long on which clock, to the calling task's observation
/// with the call stack that started it, as an interposed call is reported. Returns 0 when none took it.
int32_t skillcheck_report_real_sleep(const char *detail);
/// The async callers of the calling task while it suspends (from the context it will resume in), innermost first,
/// each a resume function's address with bit 63 set, at most `capacity`: how a real sleep's caller is named, since
/// the concurrency runtime's sleep leaves it on no thread's stack. Returns how many (0 when the task's layout is not
/// the one the kit knows, or calls are not interposed here).
int32_t skillcheck_suspending_task_callers(uint64_t *frames, int32_t capacity);
/// The value the calling thread last read from clock `clock_id` (CLOCK_BOOTTIME, which ContinuousClock reads, or
/// CLOCK_MONOTONIC, SuspendingClock's): the `now` a deadline `now + duration` was computed from. Returns 0 when the
/// thread has read none.
int32_t skillcheck_last_clock_read(int32_t clock_id, int64_t *seconds, int64_t *nanoseconds);

/// Asked, on the calling thread, each time work goes to the main dispatch queue (the main actor's jobs do): a
/// token for that work when the thread's scheduler follows it, else NULL.
typedef void *(*skillcheck_main_queue_follow_callback)(void);
/// Called on the main thread around followed work: its token, and 0 before the work runs, 1 after (2, on the
/// sending thread, when the work could not be wrapped and runs unfollowed).
typedef void (*skillcheck_main_queue_around_callback)(void *token, int32_t after);
/// Installs the two callbacks; returns 1 when work sent to the main queue can be followed in this process
/// (`dispatch_async_f` is interposed), 0 when not.
int32_t skillcheck_main_queue_install(skillcheck_main_queue_follow_callback follow, skillcheck_main_queue_around_callback around);

/// Asked, on the calling thread, when code schedules work on a dispatch queue for later (`DispatchQueue.asyncAfter`,
/// `dispatch_after_f`): `delay_ns` after now, as the code computed it; `is_main` 1 for the main queue. Returns 1 when
/// it took the work, to run it with skillcheck_dispatch_run or skillcheck_dispatch_async (or drop it with `discard`,
/// which may be NULL), else 0 and the work is scheduled for real.
typedef int32_t (*skillcheck_dispatch_after_callback)(
    int64_t delay_ns, void *queue, int32_t is_main, void *context, void (*work)(void *), void (*discard)(void *));
/// Installs the callback; returns 1 when `dispatch_after` and `dispatch_after_f` are interposed in this process.
int32_t skillcheck_dispatch_after_install(skillcheck_dispatch_after_callback callback);
/// Runs work the callback took on its queue, from the calling thread (`dispatch_sync_f`): as the queue would, once
/// no other work of a serial queue runs.
void skillcheck_dispatch_run(void *queue, void *context, void (*work)(void *));
/// Sends work the callback took to its queue (`dispatch_async_f`, as interposed: work for the main queue is followed
/// when the calling thread's scheduler follows the main actor).
void skillcheck_dispatch_async(void *queue, void *context, void (*work)(void *));

/// Makes the unstructured tasks the calling thread creates from now on (`Task {}` and `Task.detached`, which keep
/// any actor isolation they have) prefer an executor as their task executor, as `Task(executorPreference:)` would:
/// `identity` and `witness_table` are the two words of that `any TaskExecutor`, NULL to stop. The previous values
/// are written to `previous_identity` and `previous_witness_table`, to restore. Returns 1 when task creation is
/// interposed in this process, else 0.
int32_t skillcheck_adopt_unstructured_tasks(
    const void *identity, const void *witness_table, const void **previous_identity, const void **previous_witness_table);
/// Takes the oldest task the calling thread adopted that has not been taken yet: its address, retained once for
/// the taker, and its result type's metadata. Returns 0 when there is none.
int32_t skillcheck_take_adopted_task(void **task, const void **result_type);

#ifdef __cplusplus
}
#endif

#endif
