// swift-tools-version: 6.0
import PackageDescription

// Stages depend one way: the runtime defines what tables mean and knows nothing
// of the compiler; the compiler emits what the runtime defines; only the CLI
// sees both.
// The compiler's math (trigonometry for synthetic strokes) lives in libm on Linux;
// the runtime has its own (`Math`), identical on every platform and in WebAssembly.
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
    name: "gspec",
    // The runtime and its adapters run on these; the compiler, the CLI and the
    // build plugin run on macOS and Linux.
    platforms: [.macOS(.v13), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .library(name: "GestureRuntime", targets: ["GestureRuntime"]),
        // UIKit and SwiftUI adapters: type conversion only (empty where UIKit is missing).
        .library(name: "GestureUIKit", targets: ["GestureUIKit"]),
        .library(name: "GestureCompiler", targets: ["GestureCompiler"]),
        .executable(name: "gspec", targets: ["gspec"]),
        // A target that lists this plugin gets its `.gesture` files compiled to typed Swift at build time.
        .plugin(name: "GSpecPlugin", targets: ["GSpecPlugin"]),
    ],
    targets: [
        .target(name: "GestureRuntime"),
        .target(name: "GestureUIKit", dependencies: ["GestureRuntime"]),
        // The trace format (JSON Lines in, event lines out) and the trace runner: built
        // into the WebAssembly module too, so `gspec-run.mjs` prints what `gspec run` does.
        .target(name: "GestureTrace", dependencies: ["GestureRuntime"]),
        .target(name: "GestureCompiler", dependencies: ["GestureRuntime", "GestureTrace"], linkerSettings: libm),
        // `gspec lsp`: the Language Server Protocol over the compiler's front end, analyses and formatter.
        .target(name: "GestureLanguageServer", dependencies: ["GestureCompiler", "GestureRuntime", "GestureTrace"]),
        .target(name: "GSpecCLI", dependencies: ["GestureCompiler", "GestureRuntime", "GestureTrace", "GestureLanguageServer"]),
        .executableTarget(name: "gspec", dependencies: ["GSpecCLI"]),
        .plugin(name: "GSpecPlugin", capability: .buildTool(), dependencies: ["gspec"]),
        // The benchmark counts allocations by interposing malloc (C, exported dynamically).
        .target(name: "CMallocCounter"),
        .executableTarget(name: "gspec-bench", dependencies: ["GestureCompiler", "GestureRuntime", "GestureLanguageServer", "GSpecCLI", "GSpecFuzz",
                                                            "CMallocCounter"],
                          linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]),
        // Fuzz targets: a library the tests call, and a binary that scripts/fuzz.sh
        // builds with libFuzzer (-DFUZZING -sanitize=fuzzer,address).
        // The C interface (gspec.h's functions), which native/build.sh and web/build.sh compile with
        // Embedded Swift; a target here too, so that the fuzz targets call it as C programs do.
        .target(name: "GSpecC", dependencies: ["GestureRuntime", "GestureTrace"], path: "capi"),
        .target(name: "GSpecFuzz", dependencies: ["GestureCompiler", "GestureRuntime", "GestureTrace", "GestureLanguageServer", "GSpecC"]),
        .executableTarget(name: "gspec-fuzz", dependencies: ["GSpecFuzz", "GSpecCLI"]),
        .testTarget(name: "GestureRuntimeTests", dependencies: ["GestureRuntime", "GestureTrace", "GestureCompiler", "GSpecFuzz"],
                    exclude: ["Regressions", "Generated/Specs"]),
        .testTarget(name: "GestureCompilerTests", dependencies: ["GestureCompiler", "GestureRuntime", "GestureTrace", "GSpecFuzz"],
                    exclude: ["Golden", "Outside"]),
        // Depending on the executable makes `swift test` build it, so tests can run it as a subprocess.
        .testTarget(name: "GSpecCLITests", dependencies: ["GSpecCLI", "GestureCompiler", "GestureTrace", "GSpecFuzz", "gspec"], exclude: ["Fixtures", "Golden", "Browser"]),
        .testTarget(name: "GestureLanguageServerTests", dependencies: ["GestureLanguageServer", "GestureCompiler", "GestureTrace", "GSpecFuzz", "gspec"],
                    exclude: ["Neovim"]),
    ],
    swiftLanguageModes: [.v6]
)
