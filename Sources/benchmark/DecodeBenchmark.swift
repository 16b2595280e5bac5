import Foundation
import OpenIAPTypes

/// The generated types of the benchmark document, mirroring `HandWritten.Batch`.
struct GeneratedBatch: Codable {
    var iapkit: [RequestVerifyPurchaseWithIapkitResult]
    var provider: [VerifyPurchaseWithProviderResult]
}

struct CodingFigures: Codable {
    /// Size of the JSON document decoded.
    var batchBytes: Int
    var payloads: Int
    /// Fixtures used, and the valid ones left out with the reason.
    var fixturesUsed: [String]
    var fixturesSkipped: [String]
    /// Best times in seconds.
    var generatedDecode: Double
    var handWrittenDecode: Double
    var generatedEncode: Double
    var handWrittenEncode: Double

    /// Throughput ratios: above 1 means the generated types are faster.
    var decodeRatio: Double { handWrittenDecode / generatedDecode }
    var encodeRatio: Double { handWrittenEncode / generatedEncode }
}

/// Decodes and encodes one large document of IAPKit results with the
/// generated types and with `HandWritten`, in the same process, taking turns.
struct DecodeBenchmark {
    var fixturesRoot: String
    var targetBytes: Int
    var runs: Int

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Fixtures bigger than this are left out: the 16 KiB client payload
    /// bodies would make the document mostly one long string per payload,
    /// which measures the JSON string scanner, not the types.
    static let maxFixtureBytes = 4096

    func run() throws -> CodingFigures {
        let (document, payloads, used, skipped) = try makeDocument()
        // Both sides must read the same document into the same values
        // before their speed means anything.
        let generated = try JSONDecoder().decode(GeneratedBatch.self, from: document)
        let handWritten = try JSONDecoder().decode(HandWritten.Batch.self, from: document)
        let reread = try JSONDecoder().decode(HandWritten.Batch.self, from: JSONEncoder().encode(generated))
        guard reread.iapkit == handWritten.iapkit, reread.provider == handWritten.provider else {
            throw Failure(description: "the generated and the hand-written types read the benchmark document differently")
        }

        var figures = CodingFigures(
            batchBytes: document.count, payloads: payloads, fixturesUsed: used, fixturesSkipped: skipped,
            generatedDecode: .infinity, handWrittenDecode: .infinity, generatedEncode: .infinity, handWrittenEncode: .infinity)
        var sink = 0
        for _ in 0..<max(1, runs) {
            figures.generatedDecode = min(figures.generatedDecode, try Measure.seconds {
                sink &+= try JSONDecoder().decode(GeneratedBatch.self, from: document).iapkit.count
            })
            figures.handWrittenDecode = min(figures.handWrittenDecode, try Measure.seconds {
                sink &+= try JSONDecoder().decode(HandWritten.Batch.self, from: document).iapkit.count
            })
            figures.generatedEncode = min(figures.generatedEncode, try Measure.seconds {
                sink &+= try JSONEncoder().encode(generated).count
            })
            figures.handWrittenEncode = min(figures.handWrittenEncode, try Measure.seconds {
                sink &+= try JSONEncoder().encode(handWritten).count
            })
        }
        precondition(sink != 0)
        return figures
    }

    /// `{"iapkit": [...], "provider": [...]}`: the usable valid fixtures of
    /// each type, byte for byte as stored, cycled until the document reaches
    /// `targetBytes`.
    func makeDocument() throws -> (Data, payloads: Int, used: [String], skipped: [String]) {
        var used: [String] = []
        var skipped: [String] = []
        var iapkit: [Data] = []
        var provider: [Data] = []
        for type in ["RequestVerifyPurchaseWithIapkitResult", "VerifyPurchaseWithProviderResult"] {
            let folder = fixturesRoot + "/" + type
            let names = try FileManager.default.contentsOfDirectory(atPath: folder)
                .filter { $0.hasPrefix("valid.") && $0.hasSuffix(".json") }.sorted()
            for name in names {
                guard let data = FileManager.default.contents(atPath: folder + "/" + name) else {
                    throw Failure(description: "cannot read \(folder)/\(name)")
                }
                let label = type + "/" + name
                if data.count > Self.maxFixtureBytes {
                    skipped.append(label + " (larger than \(Self.maxFixtureBytes) bytes)")
                    continue
                }
                // The hand-written closed enums cannot hold a future store or
                // state, an UPPER_SNAKE alias or any other unlisted value; such
                // fixtures are exactly what the generated types are for, but
                // they cannot be part of a comparison.
                let readable: Bool
                if type == "RequestVerifyPurchaseWithIapkitResult" {
                    readable = (try? JSONDecoder().decode(HandWritten.IapkitResult.self, from: data)) != nil
                } else {
                    readable = (try? JSONDecoder().decode(HandWritten.ProviderResult.self, from: data)) != nil
                }
                guard readable else {
                    skipped.append(label + " (a value the closed enums cannot hold)")
                    continue
                }
                used.append(label)
                if type == "RequestVerifyPurchaseWithIapkitResult" { iapkit.append(data) } else { provider.append(data) }
            }
        }
        guard !iapkit.isEmpty, !provider.isEmpty else { throw Failure(description: "no usable fixtures under \(fixturesRoot)") }

        var iapkitItems: [Data] = []
        var providerItems: [Data] = []
        var size = 0
        var index = 0
        while size < targetBytes || iapkitItems.isEmpty || providerItems.isEmpty {
            let all = iapkit.count + provider.count
            let position = index % all
            if position < iapkit.count {
                iapkitItems.append(iapkit[position])
                size += iapkit[position].count + 2
            } else {
                providerItems.append(provider[position - iapkit.count])
                size += provider[position - iapkit.count].count + 2
            }
            index += 1
        }
        var document = Data("{\"iapkit\": [\n".utf8)
        Self.join(iapkitItems, into: &document)
        document.append(contentsOf: Array("],\n\"provider\": [\n".utf8))
        Self.join(providerItems, into: &document)
        document.append(contentsOf: Array("]}\n".utf8))
        return (document, iapkitItems.count + providerItems.count, used, skipped)
    }

    private static func join(_ items: [Data], into document: inout Data) {
        for (offset, item) in items.enumerated() {
            if offset > 0 { document.append(contentsOf: Array(",\n".utf8)) }
            document.append(item)
        }
    }
}
