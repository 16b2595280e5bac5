// Placeholder until the first `swift run generator`.
