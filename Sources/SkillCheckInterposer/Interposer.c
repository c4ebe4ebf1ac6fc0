// The interposed C library functions: each forwards to the C library's own definition (found once with
// dlsym(RTLD_NEXT)) and, while an observation is active and the calling task is in one, reports the call
// with its stack. See include/SkillCheckInterposer.h.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "SkillCheckInterposer.h"
#include <stddef.h>

#ifndef __has_feature
#define __has_feature(x) 0
#endif

#if defined(__linux__) && defined(__GLIBC__) && !__has_feature(thread_sanitizer) && !__has_feature(address_sanitizer) \
    && (defined(__x86_64__) || defined(__aarch64__))
#define SKILLCHECK_INTERPOSES 1
#else
#define SKILLCHECK_INTERPOSES 0
#endif

#if SKILLCHECK_INTERPOSES

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/un.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <time.h>
#include <unistd.h>

static _Atomic(skillcheck_scope_callback) scope_callback;
static _Atomic(skillcheck_record_callback) record_callback;
static _Atomic int active;
// Set while this thread reports a call, so that what the report itself calls is not reported.
static __thread int reporting;
static __thread uintptr_t stack_low, stack_high;

void skillcheck_observation_install(skillcheck_scope_callback scope, skillcheck_record_callback record) {
    atomic_store(&scope_callback, scope);
    atomic_store(&record_callback, record);
}
void skillcheck_observation_begin(void) { atomic_fetch_add(&active, 1); }
void skillcheck_observation_end(void) { atomic_fetch_sub(&active, 1); }
int32_t skillcheck_observation_available(void) { return 1; }

int32_t skillcheck_object_at(const void *address, const char **path, const void **base, const char **symbol) {
    Dl_info info;
    if (!dladdr(address, &info)) return 0;
    *path = info.dli_fname;
    *base = info.dli_fbase;
    *symbol = info.dli_sname;
    return 1;
}

// The C library's own `name`, looked up once.
#define REAL(name)                                                                                      \
    static __typeof__(&name) real_##name;                                                               \
    if (__builtin_expect(real_##name == NULL, 0)) real_##name = (__typeof__(&name))dlsym(RTLD_NEXT, #name)

// The scope of the calling task, or token 0 without asking when no observation is active anywhere.
static skillcheck_scope current_scope(void) {
    skillcheck_scope none = {0, 0};
    if (__builtin_expect(atomic_load_explicit(&active, memory_order_relaxed) == 0, 1) || reporting) return none;
    skillcheck_scope_callback scope = atomic_load_explicit(&scope_callback, memory_order_acquire);
    if (!scope) return none;
    int saved = errno;
    reporting = 1;
    skillcheck_scope found = scope();
    reporting = 0;
    errno = saved;
    return found;
}

static int within_stack(uintptr_t address) {
    if (!stack_high) {
        pthread_attr_t attributes;
        void *base = NULL;
        size_t size = 0;
        if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
            pthread_attr_getstack(&attributes, &base, &size);
            pthread_attr_destroy(&attributes);
        }
        stack_low = (uintptr_t)base;
        stack_high = size ? (uintptr_t)base + size : 1;
    }
    return stack_high > 1 && address >= stack_low && address + 2 * sizeof(uintptr_t) <= stack_high;
}

#define ASYNC_FRAME_BIT ((uint64_t)1 << 60)
#define ASYNC_RESUME_MARK ((uint64_t)1 << 63)
#define MAX_FRAMES 96

// The logical callers from an async context outwards: each context's resume function (its second word), then
// its parent (its first), up to `capacity` frames in all.
static int32_t walk_contexts(const uintptr_t *context, uint64_t *frames, int32_t count, int32_t capacity) {
    for (int depth = 0; context && depth < 64 && count < capacity; depth++) {
        if (((uintptr_t)context & (sizeof(uintptr_t) - 1)) != 0) break;
        uintptr_t resume = context[1];
        if (resume) frames[count++] = (uint64_t)resume | ASYNC_RESUME_MARK;
        context = (const uintptr_t *)context[0];
    }
    return count;
}

// The frame-pointer chain from the caller of the interposed function outwards. Swift marks an async
// function's frame by setting bit 60 of the saved frame pointer and keeps its async context just below the
// frame record; from there the logical callers are the contexts' resume functions, and the physical frames
// further out are only the executor's. `*async` tells whether the walk reached an async frame and followed its
// callers.
__attribute__((noinline)) static int32_t walk_stack(uint64_t *frames, int *async) {
    uintptr_t fp = (uintptr_t)__builtin_frame_address(0);
    int32_t count = 0;
    *async = 0;
    while (count < MAX_FRAMES && within_stack(fp) && (fp & (sizeof(uintptr_t) - 1)) == 0) {
        uintptr_t saved = ((uintptr_t *)fp)[0];
        uintptr_t ret = ((uintptr_t *)fp)[1];
        if (!ret) break;
        frames[count++] = ret;
        if (saved & ASYNC_FRAME_BIT) {
            uintptr_t context_slot = fp - sizeof(uintptr_t);
            const uintptr_t *context = within_stack(context_slot) ? *(const uintptr_t **)context_slot : NULL;
            *async = 1;
            return walk_contexts(context, frames, count, MAX_FRAMES);
        }
        saved &= ~(uintptr_t)ASYNC_FRAME_BIT;
        if (saved <= fp) break;
        fp = saved;
    }
    return count;
}

// The callers of a task that is suspending, from the context it resumes in: the concurrency runtime's sleep
// keeps no async frame record, so the code that called `Task.sleep` is on no thread's stack, but the task was
// given its resume context (swift_continuation_init) before the sleep's wake-up job is enqueued. An AsyncTask is
// a Job (heap object header, two scheduler words, flags and id, two reserved words) whose resume function is its
// eighth word and whose resume context its ninth; they are used only when they agree (the context's resume
// function is the task's), so another layout reads nothing rather than something wrong.
typedef const uintptr_t *(*current_task_function)(void);
static current_task_function current_task;
static pthread_once_t current_task_once = PTHREAD_ONCE_INIT;
static void look_up_current_task(void) { current_task = (current_task_function)dlsym(RTLD_DEFAULT, "swift_task_getCurrent"); }

static int32_t walk_suspending_task(uint64_t *frames, int32_t count, int32_t capacity) {
    pthread_once(&current_task_once, look_up_current_task);
    const uintptr_t *task = current_task ? current_task() : NULL;
    if (!task || ((uintptr_t)task & (sizeof(uintptr_t) - 1)) != 0) return count;
    uintptr_t resume = task[7];
    const uintptr_t *context = (const uintptr_t *)task[8];
    if (!resume || !context || ((uintptr_t)context & (sizeof(uintptr_t) - 1)) != 0 || context[1] != resume) return count;
    return walk_contexts(context, frames, count, capacity);
}

int32_t skillcheck_suspending_task_callers(uint64_t *frames, int32_t capacity) {
    return walk_suspending_task(frames, 0, capacity);
}

__attribute__((noinline)) static void report(skillcheck_scope scope, int32_t kind, const char *detail) {
    skillcheck_record_callback record = atomic_load_explicit(&record_callback, memory_order_acquire);
    if (!record) return;
    int saved = errno;
    reporting = 1;
    uint64_t frames[MAX_FRAMES];
    int async = 0;
    int32_t count = walk_stack(frames, &async);
    if (!async && kind == skillcheck_real_sleep) count = walk_suspending_task(frames, count, MAX_FRAMES);
    record(scope.token, kind, detail, frames, count);
    reporting = 0;
    errno = saved;
}

// ---- the wall clock -------------------------------------------------------------------------------------

static int is_wall_clock(clockid_t id) { return id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE || id == CLOCK_TAI; }

static void shift(struct timespec *value, int64_t offset_ns) {
    if (!offset_ns || !value) return;
    int64_t ns = (int64_t)value->tv_nsec + offset_ns % 1000000000LL;
    value->tv_sec += offset_ns / 1000000000LL + ns / 1000000000LL;
    ns %= 1000000000LL;
    if (ns < 0) { ns += 1000000000LL; value->tv_sec -= 1; }
    value->tv_nsec = ns;
}

// The last value each thread read from the clocks Swift's ContinuousClock and SuspendingClock read: the scheduler
// turns a sleep's deadline back into the duration the code asked for (`.now + duration`), to the nanosecond.
static __thread struct timespec last_boottime, last_monotonic;
static __thread int read_boottime, read_monotonic;

int32_t skillcheck_last_clock_read(int32_t clock_id, int64_t *seconds, int64_t *nanoseconds) {
    struct timespec *last = clock_id == CLOCK_BOOTTIME ? &last_boottime : clock_id == CLOCK_MONOTONIC ? &last_monotonic : NULL;
    int have = clock_id == CLOCK_BOOTTIME ? read_boottime : clock_id == CLOCK_MONOTONIC ? read_monotonic : 0;
    if (!last || !have) return 0;
    *seconds = last->tv_sec;
    *nanoseconds = last->tv_nsec;
    return 1;
}

int32_t skillcheck_report_real_sleep(const char *detail) {
    skillcheck_scope scope = current_scope();
    if (!scope.token) return 0;
    report(scope, skillcheck_real_sleep, detail);
    return 1;
}

int clock_gettime(clockid_t id, struct timespec *value) {
    REAL(clock_gettime);
    if (!is_wall_clock(id)) {
        int result = real_clock_gettime(id, value);
        if (result == 0) {
            if (id == CLOCK_BOOTTIME) {
                last_boottime = *value;
                read_boottime = 1;
            } else if (id == CLOCK_MONOTONIC) {
                last_monotonic = *value;
                read_monotonic = 1;
            }
        }
        return result;
    }
    skillcheck_scope scope = current_scope();
    if (scope.token) report(scope, skillcheck_read_wall_clock, id == CLOCK_TAI ? "clock_gettime(CLOCK_TAI)" : "clock_gettime(CLOCK_REALTIME)");
    int result = real_clock_gettime(id, value);
    if (result == 0) shift(value, scope.wall_clock_offset_ns);
    return result;
}

int gettimeofday(struct timeval *restrict value, void *restrict zone) {
    REAL(gettimeofday);
    skillcheck_scope scope = current_scope();
    if (scope.token) report(scope, skillcheck_read_wall_clock, "gettimeofday");
    int result = real_gettimeofday(value, zone);
    if (result == 0 && scope.wall_clock_offset_ns) {
        struct timespec spec = {value->tv_sec, (long)value->tv_usec * 1000};
        shift(&spec, scope.wall_clock_offset_ns);
        value->tv_sec = spec.tv_sec;
        value->tv_usec = spec.tv_nsec / 1000;
    }
    return result;
}

time_t time(time_t *out) {
    REAL(time);
    skillcheck_scope scope = current_scope();
    if (!scope.token) return real_time(out);
    report(scope, skillcheck_read_wall_clock, "time");
    time_t value = real_time(NULL) + (time_t)(scope.wall_clock_offset_ns / 1000000000LL);
    if (out) *out = value;
    return value;
}

// ---- blocking sleeps ------------------------------------------------------------------------------------
// A sleep that blocks its thread (`Thread.sleep`, `usleep`, `sleep`): real time that no virtual clock stands in
// for. It still sleeps; a zero-length one is a yield, not a wait, and is not reported.

static void report_blocking_sleep(const char *function, const struct timespec *length) {
    skillcheck_scope scope = current_scope();
    if (!scope.token) return;
    char detail[96];
    if (length) {
        if (length->tv_sec == 0 && length->tv_nsec == 0) return;
        snprintf(detail, sizeof detail, "%s for %g seconds, which blocked its thread", function,
                 (double)length->tv_sec + (double)length->tv_nsec / 1e9);
    } else {
        snprintf(detail, sizeof detail, "%s until a deadline, which blocked its thread", function);
    }
    report(scope, skillcheck_blocking_sleep, detail);
}

int nanosleep(const struct timespec *length, struct timespec *remaining) {
    REAL(nanosleep);
    if (length) report_blocking_sleep("nanosleep", length);
    return real_nanosleep(length, remaining);
}

int clock_nanosleep(clockid_t id, int flags, const struct timespec *request, struct timespec *remaining) {
    REAL(clock_nanosleep);
    if (request) report_blocking_sleep("clock_nanosleep", (flags & TIMER_ABSTIME) ? NULL : request);
    return real_clock_nanosleep(id, flags, request, remaining);
}

int usleep(useconds_t microseconds) {
    REAL(usleep);
    struct timespec length = {(time_t)(microseconds / 1000000), (long)(microseconds % 1000000) * 1000};
    report_blocking_sleep("usleep", &length);
    return real_usleep(microseconds);
}

unsigned int sleep(unsigned int seconds) {
    REAL(sleep);
    struct timespec length = {(time_t)seconds, 0};
    report_blocking_sleep("sleep", &length);
    return real_sleep(seconds);
}

// ---- system randomness ----------------------------------------------------------------------------------

ssize_t getrandom(void *buffer, size_t length, unsigned int flags) {
    REAL(getrandom);
    skillcheck_scope scope = current_scope();
    if (scope.token) report(scope, skillcheck_read_randomness, "getrandom");
    return real_getrandom(buffer, length, flags);
}

int getentropy(void *buffer, size_t length) {
    REAL(getentropy);
    skillcheck_scope scope = current_scope();
    if (scope.token) report(scope, skillcheck_read_randomness, "getentropy");
    return real_getentropy(buffer, length);
}

uint32_t arc4random(void) {
    REAL(arc4random);
    skillcheck_scope scope = current_scope();
    if (scope.token) report(scope, skillcheck_read_randomness, "arc4random");
    return real_arc4random();
}

void arc4random_buf(void *buffer, size_t length) {
    REAL(arc4random_buf);
    skillcheck_scope scope = current_scope();
    if (scope.token) report(scope, skillcheck_read_randomness, "arc4random_buf");
    real_arc4random_buf(buffer, length);
}

uint32_t arc4random_uniform(uint32_t bound) {
    REAL(arc4random_uniform);
    skillcheck_scope scope = current_scope();
    if (scope.token) report(scope, skillcheck_read_randomness, "arc4random_uniform");
    return real_arc4random_uniform(bound);
}

// The Swift standard library's SystemRandomNumberGenerator asks the kernel directly (syscall(SYS_getrandom)).
long syscall(long number, ...) {
    REAL(syscall);
    va_list arguments;
    va_start(arguments, number);
    long a = va_arg(arguments, long), b = va_arg(arguments, long), c = va_arg(arguments, long);
    long d = va_arg(arguments, long), e = va_arg(arguments, long), f = va_arg(arguments, long);
    va_end(arguments);
    if (number == SYS_getrandom) {
        skillcheck_scope scope = current_scope();
        if (scope.token) report(scope, skillcheck_read_randomness, "getrandom (SystemRandomNumberGenerator)");
    }
    return real_syscall(number, a, b, c, d, e, f);
}

// ---- files ------------------------------------------------------------------------------------------------

static void report_open(const char *path, int flags) {
    skillcheck_scope scope = current_scope();
    if (!scope.token || !path) return;
    char detail[4200];
    int writes = (flags & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND)) != 0;
    char resolved[4096];
    const char *shown = path;
    if (path[0] != '/' && getcwd(resolved, sizeof resolved)) {
        strncat(resolved, "/", sizeof resolved - strlen(resolved) - 1);
        strncat(resolved, path, sizeof resolved - strlen(resolved) - 1);
        shown = resolved;
    }
    snprintf(detail, sizeof detail, "%s %s", writes ? "write" : "read", shown);
    report(scope, skillcheck_open_file, detail);
}

static int mode_argument(int flags, va_list arguments) {
    return (flags & O_CREAT) || (flags & __O_TMPFILE) == __O_TMPFILE ? va_arg(arguments, int) : 0;
}

int open(const char *path, int flags, ...) {
    REAL(open);
    va_list arguments;
    va_start(arguments, flags);
    int mode = mode_argument(flags, arguments);
    va_end(arguments);
    report_open(path, flags);
    return real_open(path, flags, mode);
}

int open64(const char *path, int flags, ...) {
    REAL(open64);
    va_list arguments;
    va_start(arguments, flags);
    int mode = mode_argument(flags, arguments);
    va_end(arguments);
    report_open(path, flags);
    return real_open64(path, flags, mode);
}

int openat(int directory, const char *path, int flags, ...) {
    REAL(openat);
    va_list arguments;
    va_start(arguments, flags);
    int mode = mode_argument(flags, arguments);
    va_end(arguments);
    report_open(path, flags);
    return real_openat(directory, path, flags, mode);
}

int openat64(int directory, const char *path, int flags, ...) {
    REAL(openat64);
    va_list arguments;
    va_start(arguments, flags);
    int mode = mode_argument(flags, arguments);
    va_end(arguments);
    report_open(path, flags);
    return real_openat64(directory, path, flags, mode);
}

int creat(const char *path, mode_t mode) {
    REAL(creat);
    report_open(path, O_CREAT | O_WRONLY | O_TRUNC);
    return real_creat(path, mode);
}

static int stream_flags(const char *mode) {
    if (!mode) return 0;
    return strchr(mode, 'w') || strchr(mode, 'a') || strchr(mode, '+') ? O_WRONLY : 0;
}

FILE *fopen(const char *restrict path, const char *restrict mode) {
    REAL(fopen);
    report_open(path, stream_flags(mode));
    return real_fopen(path, mode);
}

FILE *fopen64(const char *restrict path, const char *restrict mode) {
    REAL(fopen64);
    report_open(path, stream_flags(mode));
    return real_fopen64(path, mode);
}

static void report_change(const char *verb, const char *path) {
    skillcheck_scope scope = current_scope();
    if (!scope.token || !path) return;
    char detail[4200];
    snprintf(detail, sizeof detail, "%s %s", verb, path);
    report(scope, skillcheck_change_file, detail);
}

int mkdir(const char *path, mode_t mode) {
    REAL(mkdir);
    report_change("mkdir", path);
    return real_mkdir(path, mode);
}

int unlink(const char *path) {
    REAL(unlink);
    report_change("unlink", path);
    return real_unlink(path);
}

int rename(const char *from, const char *to) {
    REAL(rename);
    report_change("rename to", to);
    return real_rename(from, to);
}

// ---- sockets ----------------------------------------------------------------------------------------------

int socket(int domain, int type, int protocol) {
    REAL(socket);
    skillcheck_scope scope = current_scope();
    if (scope.token) {
        const char *family = domain == AF_INET ? "AF_INET" : domain == AF_INET6 ? "AF_INET6" : domain == AF_UNIX ? "AF_UNIX" : "another family";
        const char *kind = (type & 0xf) == SOCK_STREAM ? "SOCK_STREAM" : (type & 0xf) == SOCK_DGRAM ? "SOCK_DGRAM" : "another type";
        char detail[96];
        snprintf(detail, sizeof detail, "socket(%s, %s)", family, kind);
        report(scope, skillcheck_open_socket, detail);
    }
    return real_socket(domain, type, protocol);
}

int connect(int descriptor, __CONST_SOCKADDR_ARG address, socklen_t length) {
    REAL(connect);
    skillcheck_scope scope = current_scope();
    const struct sockaddr *raw = address.__sockaddr__;
    if (scope.token && raw) {
        char host[INET6_ADDRSTRLEN + 2] = "?";
        char detail[200];
        if (raw->sa_family == AF_INET) {
            const struct sockaddr_in *in = (const struct sockaddr_in *)raw;
            inet_ntop(AF_INET, &in->sin_addr, host, sizeof host);
            snprintf(detail, sizeof detail, "connect %s:%u", host, ntohs(in->sin_port));
        } else if (raw->sa_family == AF_INET6) {
            const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)raw;
            inet_ntop(AF_INET6, &in6->sin6_addr, host, sizeof host);
            snprintf(detail, sizeof detail, "connect [%s]:%u", host, ntohs(in6->sin6_port));
        } else if (raw->sa_family == AF_UNIX) {
            const struct sockaddr_un *un = (const struct sockaddr_un *)raw;
            snprintf(detail, sizeof detail, "connect unix:%.150s", un->sun_path);
        } else {
            snprintf(detail, sizeof detail, "connect (address family %d)", raw->sa_family);
        }
        report(scope, skillcheck_connect_socket, detail);
    }
    return real_connect(descriptor, address, length);
}

// ---- processes --------------------------------------------------------------------------------------------

static void report_process(const char *verb, const char *path) {
    skillcheck_scope scope = current_scope();
    if (!scope.token) return;
    char detail[4200];
    snprintf(detail, sizeof detail, "%s %s", verb, path ? path : "");
    report(scope, skillcheck_start_process, detail);
}

int posix_spawn(pid_t *restrict pid, const char *restrict path, const posix_spawn_file_actions_t *actions,
    const posix_spawnattr_t *restrict attributes, char *const argv[restrict], char *const envp[restrict]) {
    REAL(posix_spawn);
    report_process("posix_spawn", path);
    return real_posix_spawn(pid, path, actions, attributes, argv, envp);
}

int posix_spawnp(pid_t *restrict pid, const char *restrict file, const posix_spawn_file_actions_t *actions,
    const posix_spawnattr_t *restrict attributes, char *const argv[restrict], char *const envp[restrict]) {
    REAL(posix_spawnp);
    report_process("posix_spawnp", file);
    return real_posix_spawnp(pid, file, actions, attributes, argv, envp);
}

pid_t fork(void) {
    REAL(fork);
    report_process("fork", "");
    return real_fork();
}

// ---- work sent to the main queue ------------------------------------------------------------------------
// The concurrency runtime sends a main-actor job to the main queue with dispatch_async_f. When the sending
// thread's scheduler follows that work, it is wrapped so that the scheduler hears when it ran.

static _Atomic(skillcheck_main_queue_follow_callback) main_follow;
static _Atomic(skillcheck_main_queue_around_callback) main_around;

int32_t skillcheck_main_queue_install(skillcheck_main_queue_follow_callback follow, skillcheck_main_queue_around_callback around) {
    atomic_store(&main_around, around);
    atomic_store(&main_follow, follow);
    return 1;
}

extern char _dispatch_main_q __attribute__((weak));

typedef void (*dispatch_work)(void *);
void dispatch_async_f(void *queue, void *context, dispatch_work work);

typedef struct {
    dispatch_work work;
    void *context;
    void *token;
} followed_work;

static void run_followed(void *pointer) {
    followed_work followed = *(followed_work *)pointer;
    free(pointer);
    skillcheck_main_queue_around_callback around = atomic_load_explicit(&main_around, memory_order_acquire);
    around(followed.token, 0);
    followed.work(followed.context);
    around(followed.token, 1);
}

void dispatch_async_f(void *queue, void *context, dispatch_work work) {
    REAL(dispatch_async_f);
    skillcheck_main_queue_follow_callback follow = atomic_load_explicit(&main_follow, memory_order_acquire);
    if (follow && queue == (void *)&_dispatch_main_q && !reporting) {
        void *token = follow();
        followed_work *followed = token ? malloc(sizeof(followed_work)) : NULL;
        if (followed) {
            followed->work = work;
            followed->context = context;
            followed->token = token;
            real_dispatch_async_f(queue, followed, run_followed);
            return;
        }
        if (token) {
            // No memory for the wrapper: the work runs unfollowed, and the scheduler stops waiting for it.
            atomic_load_explicit(&main_around, memory_order_acquire)(token, 2);
        }
    }
    real_dispatch_async_f(queue, context, work);
}

// ---- timers on dispatch queues --------------------------------------------------------------------------
// `DispatchQueue.asyncAfter` (dispatch_after) and dispatch_after_f, from a thread that drains a scheduler a virtual
// clock drives: the work waits on that clock instead of real time. The main queue's work is taken only where the
// scheduler follows the main actor (it must run on the main thread, and the scheduler waits for it there).

static _Atomic(skillcheck_dispatch_after_callback) after_callback;

int32_t skillcheck_dispatch_after_install(skillcheck_dispatch_after_callback callback) {
    atomic_store(&after_callback, callback);
    return 1;
}

void dispatch_sync_f(void *queue, void *context, dispatch_work work);

void skillcheck_dispatch_run(void *queue, void *context, dispatch_work work) {
    REAL(dispatch_sync_f);
    real_dispatch_sync_f(queue, context, work);
}

void skillcheck_dispatch_async(void *queue, void *context, dispatch_work work) { dispatch_async_f(queue, context, work); }

// How long after now a dispatch time is, as the code computed it: `.now() + 5` is the CLOCK_MONOTONIC value the
// thread last read plus five seconds. -1 for a time that never comes or that counts on the wall clock.
static int64_t dispatch_delay(uint64_t when) {
    if (when == 0) return 0;
    if (when == ~(uint64_t)0 || (when >> 62) != 0) return -1;
    int had_read = read_monotonic;
    struct timespec last = last_monotonic;
    struct timespec now;
    if (clock_gettime(CLOCK_MONOTONIC, &now) != 0) return -1;
    int64_t now_ns = (int64_t)now.tv_sec * 1000000000LL + now.tv_nsec;
    int64_t from_now = (int64_t)when - now_ns;
    if (from_now < 0) from_now = 0;
    if (!had_read) return from_now;
    int64_t asked = (int64_t)when - ((int64_t)last.tv_sec * 1000000000LL + last.tv_nsec);
    // A deadline computed before a later read of the clock: what is left of it from now.
    return asked >= from_now && asked - from_now < 1000000000LL ? asked : from_now;
}

// A block's layout, as the blocks ABI fixes it: its function comes after the isa pointer and two ints.
typedef struct {
    void *isa;
    int flags;
    int reserved;
    void (*invoke)(void *);
} block_literal;

static void *(*block_copy)(const void *);
static void (*block_release)(const void *);

static void run_block(void *block) {
    ((block_literal *)block)->invoke(block);
    block_release(block);
}

static void discard_block(void *block) { block_release(block); }

void dispatch_after(uint64_t when, void *queue, void *block);
void dispatch_after_f(uint64_t when, void *queue, void *context, dispatch_work work);

void dispatch_after(uint64_t when, void *queue, void *block) {
    REAL(dispatch_after);
    skillcheck_dispatch_after_callback callback = atomic_load_explicit(&after_callback, memory_order_acquire);
    if (callback && block && !reporting) {
        if (!block_copy) block_copy = (void *(*)(const void *))dlsym(RTLD_DEFAULT, "_Block_copy");
        if (!block_release) block_release = (void (*)(const void *))dlsym(RTLD_DEFAULT, "_Block_release");
        int64_t delay = dispatch_delay(when);
        if (delay >= 0 && block_copy && block_release) {
            void *copied = block_copy(block);
            if (callback(delay, queue, queue == (void *)&_dispatch_main_q, copied, run_block, discard_block)) return;
            block_release(copied);
        }
    }
    real_dispatch_after(when, queue, block);
}

void dispatch_after_f(uint64_t when, void *queue, void *context, dispatch_work work) {
    REAL(dispatch_after_f);
    skillcheck_dispatch_after_callback callback = atomic_load_explicit(&after_callback, memory_order_acquire);
    if (callback && work && !reporting) {
        int64_t delay = dispatch_delay(when);
        if (delay >= 0 && callback(delay, queue, queue == (void *)&_dispatch_main_q, context, work, NULL)) return;
    }
    real_dispatch_after_f(when, queue, context, work);
}

// MARK: Unstructured tasks

// The executor this thread's new unstructured tasks prefer (the two words of an `any TaskExecutor`), and the
// tasks it adopted that the scheduler has not taken yet (each retained once).
static __thread const void *adopt_identity, *adopt_witness_table;
enum { adopted_capacity = 256 };
static __thread struct {
    void *task;
    const void *result_type;
} adopted[adopted_capacity];
static __thread int adopted_head, adopted_count;
extern void *swift_retain(void *object);

int32_t skillcheck_adopt_unstructured_tasks(
    const void *identity, const void *witness_table, const void **previous_identity, const void **previous_witness_table) {
    *previous_identity = adopt_identity;
    *previous_witness_table = adopt_witness_table;
    adopt_identity = identity;
    adopt_witness_table = witness_table;
    return 1;
}

int32_t skillcheck_take_adopted_task(void **task, const void **result_type) {
    if (adopted_count == 0) return 0;
    *task = adopted[adopted_head].task;
    *result_type = adopted[adopted_head].result_type;
    adopted_head = (adopted_head + 1) % adopted_capacity;
    adopted_count -= 1;
    return 1;
}

// The concurrency runtime's task-creation ABI (swift/ABI/TaskOptions.h, checked against the IR that Swift 6.3
// emits for Task(executorPreference:)): an option record is its flags, whose low byte is its kind, and the
// next record; an executor record adds the executor's two words.
typedef struct skillcheck_task_option {
    size_t flags;
    struct skillcheck_task_option *parent;
} skillcheck_task_option;
typedef struct {
    skillcheck_task_option base;
    const void *identity;
    const void *implementation;
} skillcheck_executor_option;
typedef struct {
    void *task;
    void *context;
} skillcheck_task_and_context;
enum {
    option_initial_task_executor_unowned = 5,
    option_initial_task_executor_owned = 6,
    task_create_is_child = 1 << 8,
};
typedef __attribute__((swiftcall)) skillcheck_task_and_context (*skillcheck_task_create_fn)(
    size_t, skillcheck_task_option *, const void *, void *, void *);

// A task created on a thread that does a scheduler's work (draining it, or running its work on the main actor)
// gets that scheduler as its preferred task executor, unless it is a child task or already has a preference. A
// task isolated to an actor keeps its isolation, as under Task(executorPreference:): a default actor's work runs on
// the preferred executor, the main actor's or a custom executor's on theirs, and the task's nonisolated code on the
// scheduler. Every other creation passes straight through.
__attribute__((swiftcall)) skillcheck_task_and_context swift_task_create(
    size_t flags, skillcheck_task_option *options, const void *result_type, void *entry, void *context) {
    static skillcheck_task_create_fn real;
    if (__builtin_expect(real == NULL, 0)) real = (skillcheck_task_create_fn)dlsym(RTLD_NEXT, "swift_task_create");
    const void *identity = adopt_identity;
    // Past the capacity (a job that started 256 tasks the scheduler has not taken yet) a task is not adopted, and
    // the global-enqueue hook reports it as it does where nothing is interposed.
    if (__builtin_expect(identity == NULL, 1) || (flags & task_create_is_child) || adopted_count == adopted_capacity)
        return real(flags, options, result_type, entry, context);
    for (skillcheck_task_option *option = options; option; option = option->parent) {
        uint8_t kind = (uint8_t)option->flags;
        if (kind == option_initial_task_executor_unowned || kind == option_initial_task_executor_owned)
            return real(flags, options, result_type, entry, context);
    }
    // The record is consumed: the task releases the executor when it ends, as Builtin.createTask's
    // `initialTaskExecutorConsuming` does for Task(executorPreference:).
    swift_retain((void *)identity);
    skillcheck_executor_option preference = {{option_initial_task_executor_owned, options}, identity, adopt_witness_table};
    skillcheck_task_and_context created = real(flags, &preference.base, result_type, entry, context);
    int slot = (adopted_head + adopted_count) % adopted_capacity;
    adopted[slot].task = swift_retain(created.task);
    adopted[slot].result_type = result_type;
    adopted_count += 1;
    return created;
}

#else

int32_t skillcheck_main_queue_install(skillcheck_main_queue_follow_callback follow, skillcheck_main_queue_around_callback around) {
    (void)follow;
    (void)around;
    return 0;
}

int32_t skillcheck_object_at(const void *address, const char **path, const void **base, const char **symbol) {
    (void)address;
    *path = NULL;
    *base = NULL;
    *symbol = NULL;
    return 0;
}

void skillcheck_observation_install(skillcheck_scope_callback scope, skillcheck_record_callback record) {
    (void)scope;
    (void)record;
}
void skillcheck_observation_begin(void) {}
void skillcheck_observation_end(void) {}
int32_t skillcheck_observation_available(void) { return 0; }
int32_t skillcheck_report_real_sleep(const char *detail) {
    (void)detail;
    return 0;
}
int32_t skillcheck_suspending_task_callers(uint64_t *frames, int32_t capacity) {
    (void)frames;
    (void)capacity;
    return 0;
}
int32_t skillcheck_last_clock_read(int32_t clock_id, int64_t *seconds, int64_t *nanoseconds) {
    (void)clock_id;
    *seconds = 0;
    *nanoseconds = 0;
    return 0;
}

int32_t skillcheck_dispatch_after_install(skillcheck_dispatch_after_callback callback) {
    (void)callback;
    return 0;
}
void skillcheck_dispatch_run(void *queue, void *context, void (*work)(void *)) {
    (void)queue;
    (void)context;
    (void)work;
}
void skillcheck_dispatch_async(void *queue, void *context, void (*work)(void *)) {
    (void)queue;
    (void)context;
    (void)work;
}

int32_t skillcheck_adopt_unstructured_tasks(
    const void *identity, const void *witness_table, const void **previous_identity, const void **previous_witness_table) {
    (void)identity;
    (void)witness_table;
    *previous_identity = NULL;
    *previous_witness_table = NULL;
    return 0;
}
int32_t skillcheck_take_adopted_task(void **task, const void **result_type) {
    *task = NULL;
    *result_type = NULL;
    return 0;
}

#endif
