// swift-tools-version:6.0
// shapelygate: a terminal parental gate. The toolchain only: no package dependencies.
// Licensed under the MIT licence (LICENSE).
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
        // The C library and the few calls that differ between systems; for the CLI only.
        .target(name: "ShapelyGateSystem"),
        // The command line: options, terminal, rendering, the timed session, exec.
        .target(name: "ShapelyGateCLI", dependencies: ["ShapelyGate", "ShapelyGateSystem"]),
        // A few lines: run the CLI, leave with its status.
        .executableTarget(name: "shapelygate", dependencies: ["ShapelyGateCLI"]),
        // Fixtures and temporary files, for the tests only.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ShapelyGateTests", dependencies: ["ShapelyGate", "TestSupport"]),
        .testTarget(name: "ShapelyGateCLITests", dependencies: ["ShapelyGateCLI", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["shapelygate", "ShapelyGate", "TestSupport"]),
    ]
)
