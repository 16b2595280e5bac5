import OpenIAPBridge
import OpenIAPTypes

/// The types a fixture or a hostile payload names: the records, unions and
/// arguments records of `OpenIAPTypes`, and the reply types, which live with
/// the dispatcher in `OpenIAPBridge`.
enum FixtureTypes {
    static let byName: [String: OpenIAPTypeRegistry.Entry] =
        OpenIAPTypeRegistry.types.merging(OpenIAPTypeRegistry.replyTypes) { _, _ in
            // The validator keeps spec types off the reply names.
            preconditionFailure("a reply type has the name of a type of OpenIAPTypes")
        }
}
