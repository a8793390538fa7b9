// main.swift — shapelygate's entry point: harden the process, run the command line,
// end as it says.
import ShapelyGateCLI

CLI.hardenProcess()
CLI.run(arguments: Array(CommandLine.arguments.dropFirst())).terminate()
