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
            let name = spec.deletingPathExtension().lastPathComponent
            let output = context.pluginWorkDirectoryURL.appending(path: "\(name).gesture.swift")
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
