// The libFuzzer entry points of every fuzz target, in one binary.
//
// Not part of the package build: `scripts/fuzz.sh` compiles the files of
// `Fuzz/` with `-sanitize=fuzzer` and links them with the objects SwiftPM
// built for the package's library modules, so the harness calls exactly the
// code the package ships, through its public API. `OPENIAP_FUZZ_TARGET`
// picks the target:
//
// - `spec`: spec text → reader → validator → every renderer (FuzzSpec.swift);
// - `types`: a payload decoded as a type of the registries (FuzzTypes.swift);
// - `bridge`: messages to the JSON bridge (FuzzBridge.swift);
// - `templates`: a hostile template in place of a built-in one (FuzzTemplates.swift).
//
// Every target turns quiet failures into crashes (`fuzzFailure`), so that
// libFuzzer keeps the input. Its set-up runs in `LLVMFuzzerInitialize`: a
// harness that cannot start stops there, before the first input, and the
// smoke run in `make test` fails.

import Foundation

/// One fuzz target: what it does with an input.
protocol FuzzTarget {
    /// Runs one input; false when the input is not one the target takes
    /// (libFuzzer then leaves it out of the corpus).
    func run(_ bytes: [UInt8]) -> Bool
}

/// The fuzz targets by the name `OPENIAP_FUZZ_TARGET` gives. Each is built
/// on first use, so a run only sets up its own.
let fuzzTargetNames = ["spec", "types", "bridge", "templates"]

func makeFuzzTarget(_ name: String) -> (any FuzzTarget)? {
    switch name {
    case "spec": SpecFuzzTarget()
    case "types": TypesFuzzTarget()
    case "bridge": BridgeFuzzTarget()
    case "templates": TemplatesFuzzTarget()
    default: nil
    }
}

/// The target of this process, set up once before the first input.
nonisolated(unsafe) var currentFuzzTarget: (any FuzzTarget)?

/// The repository: `OPENIAP_ROOT`, or the folder above this file's.
let repositoryRoot: String =
    ProcessInfo.processInfo.environment["OPENIAP_ROOT"]
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path

/// Stops the process with a message libFuzzer shows beside the input it
/// writes to the artifacts folder. Long messages (a value's description can
/// be megabytes) are cut.
func fuzzFailure(_ message: String) -> Never {
    let text = message.count > 4000 ? String(message.prefix(4000)) + "… (cut)" : message
    FileHandle.standardError.write(Data("fuzz: \(text)\n".utf8))
    fatalError("fuzz target failed")
}

/// A payload for a failure message: printable, and short enough to read.
func shown(_ bytes: some Collection<UInt8>) -> String {
    let text = String(decoding: bytes.prefix(600), as: UTF8.self).debugDescription
    return bytes.count > 600 ? text + "… (\(bytes.count) bytes)" : text
}

/// An error in a few words: a coding error's description holds the whole
/// value, which may be megabytes.
func brief(_ error: any Error) -> String {
    let context: (path: [any CodingKey], text: String)? =
        switch error {
        case let DecodingError.dataCorrupted(c), let DecodingError.keyNotFound(_, c), let DecodingError.typeMismatch(_, c),
            let DecodingError.valueNotFound(_, c):
            (c.codingPath, c.debugDescription)
        case let EncodingError.invalidValue(_, c): (c.codingPath, c.debugDescription)
        default: nil
        }
    guard let context else { return String(describing: error) }
    let path = context.path.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
    return "\(type(of: error)) at '\(path)': \(context.text)"
}

/// The first line of an input (without its line break) and the rest: the
/// targets whose inputs name what they apply to (a type, a template) read
/// the name from there.
func splitFirstLine(_ bytes: [UInt8]) -> (first: String, rest: [UInt8])? {
    guard let end = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    return (String(decoding: bytes[..<end], as: UTF8.self), Array(bytes[(end + 1)...]))
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    let name = ProcessInfo.processInfo.environment["OPENIAP_FUZZ_TARGET"] ?? ""
    // `list` prints the targets, one a line, for scripts/fuzz.sh.
    if name == "list" {
        print(fuzzTargetNames.joined(separator: "\n"))
        exit(0)
    }
    guard let target = makeFuzzTarget(name) else {
        FileHandle.standardError.write(
            Data("fuzz: set OPENIAP_FUZZ_TARGET to one of: \(fuzzTargetNames.joined(separator: ", ")) (got '\(name)')\n".utf8))
        exit(2)
    }
    currentFuzzTarget = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    return currentFuzzTarget!.run(bytes) ? 0 : -1
}
