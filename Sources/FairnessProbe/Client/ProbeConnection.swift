import Foundation

/// One running probe process and the line protocol over its standard input and output.
///
/// Requests are written and answers read at the same time (non-blocking pipes and `poll`), so a batch of
/// any size never deadlocks on full pipe buffers. A batch times out when no byte arrives for `timeout`
/// seconds while answers are still owed.
// Used only under ProbeClient's lock (one caller at a time), hence unchecked.
final class ProbeConnection: @unchecked Sendable {
    /// The protocol version this toolkit speaks: 5 (for wheels told their result up front: `pick U` since
    /// version 2; `target I U P` from the previous rotation, and sessions of `play I U`, since version 3;
    /// for any game, `random N`, the game's own random source, since version 4; for prize draws, `state`,
    /// the state the game shows the player, since version 5). A probe may answer as version 1 to 5.
    static let protocolVersion = 6
    /// The versions a probe may answer the handshake with.
    static let acceptedVersions = ["1", "2", "3", "4", "5", "6"]

    let command: String
    let timeout: Double
    private let process: Process
    private let inputHandle: FileHandle
    private let toProbe: Int32
    private let fromProbe: Int32
    private var pending: [UInt8] = []
    /// How far `pending` is known to hold no line end: a long line is scanned once, not on every chunk.
    private var scanned = 0
    /// The longest answer line accepted, in bytes; a probe writing more without a newline is a fault.
    static let maximumLineBytes = 1 << 20
    private(set) var isAlive = true
    /// The number type the probe declared in its handshake: `double` or `float`.
    private(set) var numberType = "double"
    /// The protocol version the probe answered the handshake with: 1 to 5.
    private(set) var version = 1
    /// The probe's standard error: drained as it is written, its last 64 KiB kept.
    let standardError: StandardErrorTail

    /// Starts `command` with `/bin/sh -c` and shakes hands: sends `fairness-probe 5`, expects
    /// `ok V KIND NUMBER` with V 1 to 5 (kept in ``version``), the given kind and, if `numberType` is given,
    /// that number type (otherwise `double` or `float`, kept in ``numberType``).
    /// - Throws: ``ProbeError/didNotStart(command:reason:)``, ``ProbeError/badHandshake(command:expected:received:)``
    ///   or ``ProbeError/timedOut(command:request:seconds:)``.
    /// - Parameter echo: Where the first lines of the probe's standard error go (shared by every start of
    ///   one probe); the rest is counted and its last 64 KiB kept (``standardError``).
    init(command: String, timeout: Double, kind: String, numberType expectedNumber: String?, echo: StandardErrorEcho) throws {
        self.command = command
        self.timeout = timeout
        let standardError = StandardErrorTail(echo: echo)
        self.standardError = standardError
        // A probe that dies while we write must not kill the audit with SIGPIPE: the write fails instead.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // `exec` lets a simple command replace the shell, so stopping the process stops the probe itself.
        let simple = !command.contains(where: { "&|;<>()`$\n".contains($0) })
        process.arguments = ["-c", simple ? "exec " + command : command]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = standardError.pipe
        do {
            try process.run()
        } catch {
            standardError.stop(waiting: 0)
            throw ProbeError.didNotStart(command: command, reason: error.localizedDescription)
        }
        self.process = process
        inputHandle = input.fileHandleForWriting
        toProbe = input.fileHandleForWriting.fileDescriptor
        fromProbe = output.fileHandleForReading.fileDescriptor
        _ = fcntl(toProbe, F_SETFL, fcntl(toProbe, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fromProbe, F_SETFL, fcntl(fromProbe, F_GETFL) | O_NONBLOCK)
        let expected = "ok 1|2|3|4|5|6 \(kind) \(expectedNumber ?? "double|float")"
        let greeting = "fairness-probe \(Self.protocolVersion)"
        let answers = try exchange([greeting])
        guard let answer = answers.first else {
            close()
            let status = process.isRunning ? "closed its output" : "exited with status \(process.terminationStatus)"
            throw ProbeError.didNotStart(command: command, reason: "\(status) before the handshake" + Self.ending(standardError))
        }
        let words = answer.split(separator: " ").map(String.init)
        let numbers = expectedNumber.map { [$0] } ?? ["double", "float"]
        guard words.count == 4, words[0] == "ok", Self.acceptedVersions.contains(words[1]), words[2] == kind, numbers.contains(words[3])
        else {
            close()
            throw ProbeError.badHandshake(command: command, expected: expected, received: answer)
        }
        numberType = words[3]
        version = Int(words[1])!
    }

    deinit { close() }

    /// Writes every request (one line each) and reads one answer line per request, in order. If the probe
    /// dies (its output ends) the answers received so far are returned and ``isAlive`` becomes false.
    /// - Throws: ``ProbeError/timedOut(command:request:seconds:)`` when no byte arrives for `timeout`
    ///   seconds while answers are owed (the probe is then stopped).
    func exchange(_ requests: [String], pace: ProbePace? = nil) throws -> [String] {
        guard isAlive else { return [] }
        let end = pace?.end
        var waitStarted = Date()
        var counted = 0
        // Answers so far go to the pace (over every connection): past the deadline, or once the early
        // estimate finds the run hopeless, the exchange stops there instead of finishing a long batch.
        func account(_ answered: Int) throws {
            guard let pace else { return }
            let now = Date()
            let verdict = pace.record(answers: answered - counted, seconds: now.timeIntervalSince(waitStarted))
            counted = answered
            waitStarted = now
            if let verdict {
                close()
                throw ProbeError.cannotMeetDeadline(
                    command: command, seconds: pace.deadline ?? 0, projected: verdict.projected, rate: verdict.rate,
                    remaining: verdict.remaining)
            }
            if let end, now > end {
                close()
                throw ProbeError.pastDeadline(command: command, seconds: pace.deadline ?? 0)
            }
        }
        var outgoing = Array((requests.joined(separator: "\n") + "\n").utf8)
        var written = 0
        var answers: [String] = []
        answers.reserveCapacity(requests.count)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var lastProgress = Date()
        while answers.count < requests.count {
            takeLines(into: &answers, limit: requests.count)
            try account(answers.count)
            if answers.count == requests.count { break }
            var fds = [pollfd(fd: fromProbe, events: Int16(POLLIN), revents: 0)]
            if written < outgoing.count { fds.append(pollfd(fd: toProbe, events: Int16(POLLOUT), revents: 0)) }
            let remaining = timeout - Date().timeIntervalSince(lastProgress)
            if remaining <= 0 {
                close()
                throw ProbeError.timedOut(command: command, request: requests[answers.count], seconds: timeout)
            }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(remaining, 1) * 1000) + 1)
            if ready < 0 && errno != EINTR { markDead(); return answers }
            if fds.count > 1 && fds[1].revents & Int16(POLLOUT | POLLERR | POLLHUP) != 0 {
                let count = outgoing[written...].withUnsafeBytes { write(toProbe, $0.baseAddress, $0.count) }
                if count > 0 {
                    written += count
                    lastProgress = Date()
                } else if count < 0 && errno != EAGAIN && errno != EINTR {
                    // The probe stopped reading (it died): drop what is left and collect what it answered.
                    outgoing.removeAll()
                    written = 0
                }
            }
            if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                let count = read(fromProbe, &buffer, buffer.count)
                if count > 0 {
                    pending.append(contentsOf: buffer[0..<count])
                    lastProgress = Date()
                    if pending.count > Self.maximumLineBytes && !pending[scanned...].contains(10) {
                        close()
                        throw ProbeError.lineTooLong(command: command, request: requests[answers.count], limit: Self.maximumLineBytes)
                    }
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    takeLines(into: &answers, limit: requests.count)
                    markDead()
                    return answers
                }
            }
        }
        return answers
    }

    /// A line the probe wrote beyond the answers owed, if one is already waiting.
    func extraLine() -> String? {
        guard let end = pending.firstIndex(of: 10) else { return pending.isEmpty ? nil : String(decoding: pending, as: UTF8.self) }
        return String(decoding: pending[..<end], as: UTF8.self)
    }

    private func takeLines(into answers: inout [String], limit: Int) {
        var start = 0
        var from = scanned
        while answers.count < limit, let end = pending[from...].firstIndex(of: 10) {
            var line = pending[start..<end]
            if line.last == 13 { line = line.dropLast() }
            answers.append(String(decoding: line, as: UTF8.self))
            start = end + 1
            from = start
        }
        if start > 0 { pending.removeFirst(start) }
        // Whatever remains was scanned up to its end when all answers owed were not yet taken.
        scanned = answers.count < limit ? pending.count : 0
    }

    private func markDead() {
        isAlive = false
        close()
    }

    /// Stops the probe and everything it started: its standard input is closed, then its process group
    /// (the probe runs in a group of its own) is sent SIGTERM and, 0.5 s later, SIGKILL — so a helper it
    /// left in the background holding its pipes cannot keep the audit waiting — and its standard error is
    /// read to its end (at most 0.7 s more). Never blocks longer than about 4 s: a process that will not go
    /// is left to the system.
    func close() {
        isAlive = false
        let pid = process.processIdentifier
        // The probe's own group, never ours.
        let group = pid > 0 && getpgid(pid) == pid && pid != getpgrp() ? pid : 0
        func signalAll(_ signal: Int32) {
            if group > 0 { kill(-group, signal) } else if process.isRunning { kill(pid, signal) }
        }
        try? inputHandle.close()
        let deadline = Date().addingTimeInterval(0.2)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        // Helpers in the background outlive a probe that exited: end the group either way.
        signalAll(SIGTERM)
        let hard = Date().addingTimeInterval(0.5)
        while process.isRunning && Date() < hard { usleep(5_000) }
        signalAll(SIGKILL)
        let last = Date().addingTimeInterval(2)
        while process.isRunning && Date() < last { usleep(5_000) }
        // The group is gone: its standard error ends at once, unless a process that left the group holds it.
        standardError.stop(waiting: 0.5)
    }

    /// "; its standard error ended: 'LINE' | 'LINE'" with the last three lines `tail` kept, or "" if it wrote
    /// none.
    static func ending(_ tail: StandardErrorTail) -> String {
        let lines = tail.lastLines(3)
        return lines.isEmpty ? "" : "; its standard error ended: " + lines.map { "'\($0)'" }.joined(separator: " | ")
    }
}
