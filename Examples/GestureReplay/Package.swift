// swift-tools-version: 6.0
import PackageDescription

// An app-shaped package using gspec as a user would: the runtime library and
// the build plugin, from the repository two folders up.
let package = Package(
    name: "GestureReplay",
    platforms: [.macOS(.v13), .iOS(.v15)],
    dependencies: [
        .package(name: "gspec", path: "../.."),
    ],
    targets: [
        // photo-viewer.gesture is compiled by the plugin into PhotoViewerGestures.
        .target(
            name: "ReplayKit",
            dependencies: [.product(name: "GestureRuntime", package: "gspec")],
            plugins: [.plugin(name: "GSpecPlugin", package: "gspec")]
        ),
        .executableTarget(name: "gesture-replay", dependencies: ["ReplayKit"]),
        .testTarget(name: "ReplayKitTests", dependencies: ["ReplayKit"]),
    ],
    swiftLanguageModes: [.v6]
)
