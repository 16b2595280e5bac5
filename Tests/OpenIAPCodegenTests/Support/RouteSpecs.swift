@testable import OpenIAPCodegen
@testable import OpenIAPSpec
@testable import OpenIAPTemplates

/// The small specs of the route tests (RouteTests, IAPKitClientTargetTests,
/// OpenAPITargetTests): a header and a few types (`prefix`), then the
/// routes a test writes, read as one file `a.yaml`; and those specs
/// rendered by one target with the repository's templates.
enum RouteSpecs {
    static let prefix = """
        spec:
          version: 1.0.0
        enums:
          Platform:
            values: [IOS, Android]
        inputs:
          Ask:
            fields:
              id: String
        records:
          Answer:
            fields:
              id: String
          Problem:
            fields:
              code: String
        shared:
          Common:
            fields:
              id: String

        """

    /// A route under `routes:` that several tests share: a body sent
    /// with a bearer key, answered with 201 or an error body.
    static let putThing = """
          putThing:
            method: POST
            path: /v1/things
            auth: bearer
            body: Ask
            responses:
              201: Answer
              default: Problem
        """

    /// The spec of `prefix` followed by `text`.
    static func spec(_ text: String) throws(DiagnosticError) -> Spec {
        try SpecLoader.build(from: [SpecLoader.Source(path: "a.yaml", text: prefix + text)])
    }

    /// The files `target` writes for the spec of `prefix` followed by
    /// `text`, from the templates in `Templates/<folder>`.
    static func render(_ target: any GenerationTarget, folder: String, _ text: String) throws -> [GeneratedFile] {
        let spec = try spec(text)
        let templates = try TemplateSet.load(directory: "Templates/" + folder, displayPath: "Templates/" + folder)
        return try target.render(spec, templates: templates, header: GeneratedHeader(specVersion: spec.version))
    }
}
