import Foundation
import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen

/// The Swift and Kotlin IAPKit clients as rendered: one method per route
/// with the caller's parameters (the key left out), the revalidating
/// route's cached answer, a body route's body, a route that answers
/// nothing, and no file for a spec without routes. scripts/iapkit.sh
/// compiles and runs the clients of the repository's spec.
@Suite struct IAPKitClientTargetTests {
    static let routes = """
        routes:
          getThing:
            doc: Reads a thing.
            method: GET
            path: /v1/things/{key}/{name}
            auth: {pathParameter: key}
            params:
              key: String
              name: {type: String, minLength: 1}
            query:
              platform: Platform?
              limit: {type: Int?, min: 1, max: 50}
            responses:
              200: Answer
              304: {type: Void, doc: Unchanged.}
            headers:
              ETag: {type: String, statuses: [200, 304]}
        \(RouteSpecs.putThing)
          forget:
            method: POST
            path: /v1/forget
            auth: bearer
            responses:
              204: {type: Void, doc: Forgotten.}
              default: Problem
        """

    func render(_ target: any GenerationTarget, folder: String, routes: String = Self.routes) throws -> [GeneratedFile] {
        try RouteSpecs.render(target, folder: folder, routes)
    }

    @Test func swiftClientHasAMethodPerRoute() throws {
        let files = try render(SwiftIAPKitTarget(), folder: "swift")
        try #require(files.map(\.path) == [SwiftIAPKitTarget.fileName])
        let text = files[0].contents
        #expect(text.contains("public func getThing(name: String, platform: Platform? = nil, limit: Int? = nil) async throws -> IapkitCached<Answer> {"))
        #expect(text.contains(#"""
                    let answer = try await call(
                        IapkitRoutes.getThing,
                        [
                            "name": .text(name),
                            "platform": platform.map { .text($0.rawValue) },
                            "limit": limit.map { .integer($0) },
                        ],
                        body: nil)
            """#))
        #expect(text.contains(#"IapkitCheck(name: "limit", place: .query, required: false, kind: .number, minimum: 1, maximum: 50)"#))
        #expect(text.contains("public func putThing(_ body: Ask) async throws -> Answer {"))
        #expect(text.contains("public func forget() async throws -> Void {"))
        #expect(text.contains("        _ = try await call(IapkitRoutes.forget, [:], body: nil)"))
        #expect(text.contains(#"segments: [.literal("v1"), .literal("things"), .parameter("key"), .parameter("name")]"#))
        #expect(!text.contains("verifyPurchaseBody"))
    }

    @Test func kotlinClientHasASuspendFunctionPerRouteInThePackage() throws {
        let files = try render(KotlinIAPKitTarget(packageName: "com.example.kit"), folder: "kotlin")
        try #require(files.map(\.path) == [KotlinIAPKitTarget.fileName])
        let text = files[0].contents
        #expect(text.contains("\npackage com.example.kit\n"))
        #expect(text.contains("suspend fun getThing(name: String, platform: Platform? = null, limit: Long? = null): IapkitCached<Answer> {"))
        #expect(text.contains(#"mapOf("name" to name, "platform" to platform?.rawValue, "limit" to limit)"#))
        #expect(text.contains("suspend fun putThing(body: Ask): Answer {"))
        #expect(text.contains("suspend fun forget(): Unit {\n        call(IapkitRoutes.forget, emptyMap(), null)\n    }"))
        // Kotlin 1.3 takes no trailing comma.
        #expect(!text.contains(",\n        )"))
    }

    /// Without routes the Swift library keeps a source file (the package
    /// manifest declares it) that declares nothing; Kotlin writes nothing.
    @Test func noRoutesNoClient() throws {
        let swift = try render(SwiftIAPKitTarget(), folder: "swift", routes: "")
        try #require(swift.map(\.path) == [SwiftIAPKitTarget.fileName])
        #expect(swift[0].contents.contains("declares no routes"))
        #expect(!swift[0].contents.contains("import"))
        #expect(!swift[0].contents.contains("class IapkitClient"))
        #expect(try render(KotlinIAPKitTarget(), folder: "kotlin", routes: "").isEmpty)
    }

    @Test func theKotlinPackageOptionReachesTheClient() throws {
        var options = Generator.Options()
        options.kotlinPackage = "com.example.kit"
        let targets = try Generator(options: options).selectedTargets()
        let client = try #require(targets.compactMap { $0 as? KotlinIAPKitTarget }.first)
        #expect(client.packageName == "com.example.kit")
    }
}
