// swift-tools-version:6.0
// shapelygate: a terminal parental gate. The toolchain only: no package dependencies.
import PackageDescription

let package = Package(
    name: "shapelygate",
    products: [
        .library(name: "ShapelyGate", targets: ["ShapelyGate"]),
        .executable(name: "shapelygate", targets: ["shapelygate"]),
    ],
    targets: [
        // The engine: shapes, boards, the challenge rules, configuration, strings, odds.
        // No terminal I/O; randomness and time are injected.
        .target(name: "ShapelyGate"),
        // The command line: options, terminal, rendering, the timed session, exec.
        .target(name: "ShapelyGateCLI", dependencies: ["ShapelyGate"]),
        // A few lines: run the CLI, leave with its status.
        .executableTarget(name: "shapelygate", dependencies: ["ShapelyGateCLI"]),
        // Fixtures and temporary files, for the tests only.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ShapelyGateTests", dependencies: ["ShapelyGate", "TestSupport"]),
        .testTarget(name: "ShapelyGateCLITests", dependencies: ["ShapelyGateCLI", "TestSupport"]),
        // The plist reader against the toolchain's Foundation; the shipped binary never links it.
        .testTarget(name: "PlistDifferentialTests", dependencies: ["ShapelyGate", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["shapelygate", "ShapelyGate", "TestSupport"]),
    ]
)
