import Foundation
import GestureCompiler

// gspec-bench: measurements for docs and issue notes. Run in release:
//   swift run -c release gspec-bench frontend [--gestures N ...] [--runs R]
//   swift run -c release gspec-bench generate --gestures N > big.gesture   (input for timing the CLI)
// Figures are medians of R runs in one process, so they can be compared as ratios.

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s[s.count / 2]
}

func time(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func frontend(sizes: [Int], runs: Int) {
    print("front end: parse + check of generated gesture sets (median of \(runs) runs)")
    print("gestures      bytes   parse ms   check ms   total ms   µs/gesture")
    for n in sizes {
        let source = SourceFile(path: "generated.gesture", text: SpecGenerator.gestureSet(count: n))
        var parses: [Double] = [], checks: [Double] = [], totals: [Double] = []
        for _ in 0..<runs {
            var syntax: SpecSyntax?
            let p = time { syntax = Parser.parse(source).0 }
            var diagnostics: [Diagnostic] = []
            let c = time { diagnostics = Checker.check(syntax!, in: source).1 }
            precondition(!diagnostics.hasErrors, "generated spec has errors: \(diagnostics.first { $0.severity == .error }!.message)")
            parses.append(p)
            checks.append(c)
            totals.append(p + c)
        }
        let total = median(totals)
        print(String(format: "%8d %10d %10.2f %10.2f %10.2f %12.2f", n, source.bytes.count, median(parses),
                     median(checks), total, total * 1000 / Double(n)))
    }
}

var args = Array(CommandLine.arguments.dropFirst())
let mode = args.first ?? "frontend"
var sizes: [Int] = []
var runs = 9
var i = 1
while i < args.count {
    switch args[i] {
    case "--gestures" where i + 1 < args.count: sizes.append(Int(args[i + 1]) ?? 1_000); i += 2
    case "--runs" where i + 1 < args.count: runs = max(1, Int(args[i + 1]) ?? 9); i += 2
    default:
        FileHandle.standardError.write("unknown argument '\(args[i])'\n".data(using: .utf8)!)
        exit(2)
    }
}
switch mode {
case "generate":
    print(SpecGenerator.gestureSet(count: sizes.first ?? 1_000), terminator: "")
case "frontend":
    frontend(sizes: sizes.isEmpty ? [1, 10, 100, 1_000, 10_000] : sizes, runs: runs)
default:
    FileHandle.standardError.write("usage: gspec-bench frontend [--gestures N]... [--runs R] | gspec-bench generate [--gestures N]\n".data(using: .utf8)!)
    exit(2)
}
