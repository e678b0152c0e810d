#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GSpecCLI
import GSpecFuzz

// Built with -DFUZZING and -sanitize=fuzzer by scripts/fuzz.sh, this is a
// libFuzzer binary; otherwise it replays inputs: `gspec-fuzz TARGET FILE...`.

func target(_ name: String?) -> ([UInt8]) -> Void {
    switch name {
    case "table": FuzzTargets.table
    case "sections": FuzzTargets.tableSections
    case "engine": FuzzTargets.engine
    case "host": FuzzTargets.host
    case "lsp": LanguageServerFuzz.run
    case "http": PlaygroundFuzz.run
    case "trace": FuzzTargets.trace
    case "analysis": AnalysisDifferential.fuzz
    case "capi": CInterfaceFuzz.run
    default: FuzzTargets.compiler
    }
}

#if FUZZING
// libFuzzer's driver, called from our own main (SwiftPM owns `main`).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

nonisolated(unsafe) var selected: ([UInt8]) -> Void = FuzzTargets.compiler

@main
struct FuzzDriver {
    static func main() {
        selected = target(getenv("GSPEC_FUZZ_TARGET").map { String(cString: $0) })
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            selected(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
            return 0
        }
        exit(status)
    }
}
#else
@main
struct Replay {
    static func main() {
        let args = CommandLine.arguments
        guard args.count >= 3 else {
            print("usage: gspec-fuzz compiler|table|sections|engine|host|lsp|http|trace|analysis|capi FILE...")
            exit(2)
        }
        let run = target(args[1])
        for path in args.dropFirst(2) {
            guard let file = fopen(path, "rb") else {
                print("cannot read \(path)")
                exit(1)
            }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while case let n = fread(&chunk, 1, chunk.count, file), n > 0 { bytes += chunk[0..<n] }
            fclose(file)
            run(bytes)
            print("ok \(path)")
        }
    }
}
#endif
