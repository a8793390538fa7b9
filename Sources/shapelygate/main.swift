// main.swift — shapelygate's entry point: run the command line, end as it says.
import ShapelyGateCLI

CLI.run(arguments: Array(CommandLine.arguments.dropFirst())).terminate()
