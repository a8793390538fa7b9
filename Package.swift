// swift-tools-version:6.0
// shapelygate: a terminal parental gate. The toolchain only: no package dependencies.
// Licensed under the MIT licence (LICENSE).
import PackageDescription

let package = Package(
    name: "shapelygate",
    // Linux is where it is built and tested; on macOS it needs 15 or later
    // (String(validating:as:)).
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ShapelyGate", targets: ["ShapelyGate"]),
        .executable(name: "shapelygate", targets: ["shapelygate"]),
        // The sudo approval plugin, libshapelygate_approval.so (installed as
        // shapelygate_approval.so): C only, so no Swift runtime is loaded into sudo.
        .library(name: "shapelygate_approval", type: .dynamic, targets: ["CShapelyGateApproval"]),
        // The PAM module, libpam_shapelygate.so (installed as pam_shapelygate.so): C only,
        // its few PAM symbols bound at load time from the libpam of the program that loads it.
        .library(name: "pam_shapelygate", type: .dynamic, targets: ["CShapelyGatePam"]),
    ],
    targets: [
        // Apple's property lists read from bytes (XML in its encodings, binary, the old
        // text form) and written as XML: the strings files' format. Pure, no I/O.
        .target(name: "PlistReader"),
        // The engine: shapes, boards, the challenge rules, configuration, strings, odds.
        // No terminal I/O; randomness and time are injected.
        .target(name: "ShapelyGate", dependencies: ["PlistReader"]),
        // What the program needs of C itself: prctl (variadic, so not callable from Swift),
        // an async-signal-safe handler that puts the terminal back on a fatal signal, the
        // sudo judge's fork-to-exec (only async-signal-safe calls after fork), and the sudo
        // plugin's trusted walk compiled in (one file, CShapelyGateApproval/trusted.c).
        .target(name: "CShapelyGateGuard"),
        // The C library and the few calls that differ between systems, for the CLI.
        .target(name: "ShapelyGateSystem", dependencies: ["CShapelyGateGuard"]),
        // What the screen shows, computed without I/O: figures and their rasters, colours,
        // layout, the words board, the escape sequences that paint a frame, widths in
        // columns, the answer line's editing and the sanitizer for outside text. It imports
        // no C library and no platform module (its sine and cosine are Trigonometry.swift).
        .target(name: "ShapelyGateScreen", dependencies: ["ShapelyGate"]),
        // The one grammar of policy words and the decisions every door shares: the policy
        // files, floors and --strict, matching, lockout, grace, approvals, the audit records,
        // outcomes and exit statuses, the signal policy.
        .target(name: "ShapelyGatePolicy",
                dependencies: ["ShapelyGate", "ShapelyGateScreen", "ShapelyGateSystem", "CShapelyGateGuard"]),
        // The timed challenge at a terminal: the terminal, the countdown, signals during a
        // run, the wrapped command, and a run's three stages (settings, run, ending).
        .target(name: "ShapelyGateSession",
                dependencies: ["ShapelyGatePolicy", "ShapelyGate", "ShapelyGateScreen", "ShapelyGateSystem"]),
        // The doors' adapters: the sudo judge and the PAM judge, each speaking its door's
        // protocol and asking the shared decision; the approver's commands.
        .target(name: "ShapelyGateJudge",
                dependencies: ["ShapelyGatePolicy", "ShapelyGateSession", "ShapelyGate", "ShapelyGateScreen",
                               "ShapelyGateSystem", "CShapelyGateGuard"]),
        // The command line: reads the arguments and routes (the gate, the informational
        // actions, --check, the judges).
        .target(name: "ShapelyGateCLI",
                dependencies: ["ShapelyGateJudge", "ShapelyGateSession", "ShapelyGatePolicy", "ShapelyGate",
                               "ShapelyGateScreen", "ShapelyGateSystem", "CShapelyGateGuard"]),
        // A few lines: run the CLI, leave with its status.
        .executableTarget(name: "shapelygate", dependencies: ["ShapelyGateCLI"]),
        // The sudo approval plugin, a door: opens the shapelygate program by a trusted
        // walk, starts it as root (`--sudo-judge`), hands it sudo's facts on a socket and
        // returns its decision. Every decision is the program's.
        // Linked as plain C: the Embedded link mode adds no Swift start file, runtime or
        // toolchain rpath (the shared object needs only libc); relocations are bound at
        // load time and made read-only.
        .target(
            name: "CShapelyGateApproval",
            linkerSettings: [.unsafeFlags([
                "-enable-experimental-feature", "Embedded",
                "-Xlinker", "-z", "-Xlinker", "relro", "-Xlinker", "-z", "-Xlinker", "now",
            ])]
        ),
        // The PAM module, a second door: opens the program by the same trusted walk, starts
        // it as root (`--pam-judge`), relays its questions through the application's
        // conversation and returns its decision. Linked as the sudo plugin is.
        .target(
            name: "CShapelyGatePam",
            linkerSettings: [.unsafeFlags([
                "-enable-experimental-feature", "Embedded",
                "-Xlinker", "-z", "-Xlinker", "relro", "-Xlinker", "-z", "-Xlinker", "now",
            ])]
        ),
        // Fixtures, temporary files, the terminal model, programs on a pseudo-terminal and
        // the engine's own deal of a board: for the tests only.
        .target(name: "TestSupport", dependencies: ["ShapelyGate"], path: "Tests/TestSupport"),
        .testTarget(name: "ShapelyGateTests", dependencies: ["ShapelyGate", "PlistReader", "TestSupport"]),
        .testTarget(name: "ShapelyGateScreenTests", dependencies: ["ShapelyGateScreen", "TestSupport"]),
        .testTarget(name: "ShapelyGateCLITests",
                    dependencies: ["ShapelyGateCLI", "ShapelyGateJudge", "ShapelyGateSession", "ShapelyGatePolicy",
                                   "ShapelyGateScreen", "TestSupport"]),
        // The plist reader against the toolchain's Foundation; the shipped binary never links it.
        .testTarget(name: "PlistDifferentialTests", dependencies: ["PlistReader", "ShapelyGate", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["shapelygate", "ShapelyGate", "TestSupport"]),
        // Loads the built plugin (into sudo, and with dlopen), so it does not link it; and the
        // built PAM module, into pamtester, su and sshd, with a PAM stack of the test's own.
        .testTarget(name: "SudoPluginTests", dependencies: ["shapelygate", "ShapelyGate", "TestSupport"]),
    ]
)
