import Dispatch
import Foundation
import Synchronization

/// A thread of one server call's own, running the jobs of its task and of the task's children: the call goes on
/// however busy Swift's shared (cooperative) threads are, and never holds one of them. A shell has a few calls at
/// most under way at once (a command's and the start-up check's), so a thread each costs nothing worth counting.
///
/// The thread ends once told the call has ended (`finish()`), after the jobs queued before that.
final class CallThread: TaskExecutor {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var finished = false
    }

    private let queue = Mutex(Queue())
    /// Signalled once per job queued and once by `finish()`.
    // A semaphore, not Synchronization: the thread must sleep while no job is queued, and `Mutex` and `Atomic` have
    // no wait; a semaphore counts the wake-ups, so none is lost between a look at the queue and the sleep.
    private let ready = DispatchSemaphore(value: 0)

    init(name: String) {
        let thread = Thread { [self] in runJobs() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.withLock { $0.jobs.append(job) }
        ready.signal()
    }

    /// The call has ended (called by its task's last job): no job is to come.
    func finish() {
        queue.withLock { $0.finished = true }
        ready.signal()
    }

    private func runJobs() {
        while true {
            ready.wait()
            // A wake-up with no job queued is `finish()`'s (every job's signal follows its append).
            guard let job = queue.withLock({ $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }) else { return }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
