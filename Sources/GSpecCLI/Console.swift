#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes. Tests pass a recording console; `gspec` passes the process's streams.
public struct Console: Sendable {
    /// Writes to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes to standard error.
    public var err: @Sendable (String) -> Void
    /// Whether stderr is a terminal, so diagnostics may be colored.
    public var errIsTerminal: Bool

    /// A console writing through the given closures.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, errIsTerminal: Bool) {
        self.out = out
        self.err = err
        self.errIsTerminal = errIsTerminal
    }

    /// The process's standard output and error.
    public static var standard: Console {
        Console(
            out: { text in writeAll(text, to: 1) },
            err: { text in writeAll(text, to: 2) },
            errIsTerminal: isatty(2) != 0
        )
    }
}

/// Exit statuses, as docs/trace-format.md and `gspec --help` state them.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// The input had errors (diagnostics printed); a missing input file counts.
    case inputError = 1
    /// The command line was wrong.
    case usageError = 2
    /// `gspec diff --exit-code`: the two versions behave differently.
    case changed = 3
}

/// Unbuffered, so stdout and stderr interleave in the order they were written.
private func writeAll(_ text: String, to fd: Int32) {
    var text = text
    text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n <= 0 { return }
            offset += n
        }
    }
}
