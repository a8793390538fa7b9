// WriteSeeds.swift — writes the differential test's generated plist corpus (the same
// seed) into the folder named by its argument, as Scripts/fuzz.sh's seed inputs.

#if canImport(Glibc)
import Glibc
#endif
import PlistReader

@main
struct WriteSeeds {
    static func main() {
        let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "."
        var generator = PlistCorpus(seed: 12)
        for file in generator.files(count: 400) {
            guard let stream = fopen("\(folder)/\(file.name)", "wb") else { continue }
            _ = file.bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, stream) }
            fclose(stream)
        }
    }
}
