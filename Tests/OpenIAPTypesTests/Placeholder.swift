import Testing
@testable import OpenIAPTypes
