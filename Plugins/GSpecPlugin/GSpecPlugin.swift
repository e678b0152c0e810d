import Foundation
import PackagePlugin

/// Compiles every `.gesture` file among a target's sources into Swift at
/// build time: `gspec build FILE --emit swift -o WORKDIR/NAME.swift`, one
/// command per file, so SwiftPM reruns only the commands whose spec changed.
/// gspec prints its diagnostics as `path:line:col: error|warning: ...` with
/// the spec's path, and an error fails the command and so the build.
@main
struct GSpecPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let gspec = try context.tool(named: "gspec").url
        let specs = module.sourceFiles(withSuffix: "gesture").map(\.url).sorted { $0.path < $1.path }
        return specs.map { spec in
            // The name carries a hash of the spec's path, so that specs of one
            // name in two folders do not write the same file.
            let name = spec.deletingPathExtension().lastPathComponent
            let output = context.pluginWorkDirectoryURL.appending(path: "\(name)-\(fnv1a(spec.path)).gesture.swift")
            return .buildCommand(
                displayName: "Compiling gesture set \(spec.lastPathComponent)",
                executable: gspec,
                arguments: ["build", spec.path, "--emit", "swift", "-o", output.path],
                inputFiles: [spec],
                outputFiles: [output]
            )
        }
    }
}

/// FNV-1a of `text`, 8 hex digits: stable across runs, unlike `hashValue`.
func fnv1a(_ text: String) -> String {
    var hash: UInt32 = 2_166_136_261
    for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
}
