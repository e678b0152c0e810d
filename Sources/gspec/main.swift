import GSpecCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(GSpec.run(Array(CommandLine.arguments.dropFirst()), console: .standard).rawValue)
