/// Which records and unions contain one another by value.
///
/// A record holds each field whose type is a record or union directly
/// (optional or not), and a union holds its members; lists and maps hold
/// their elements out of line and end the chain. A field of an alias's type
/// holds the alias's target: an alias is that type under another name. Swift stores such values
/// inline, so a type that contains itself this way does not compile unless
/// an enum on the way is `indirect`, and a union that contains itself through
/// member unions alone could send a decoder round in circles. The validator
/// and the Swift target both ask here, through `Spec.containment`, which
/// works the graph out once per spec.
///
/// It keeps no copy of the spec: the spec keeps it (`Spec.remembered`),
/// and a spec held here would never be freed.
public struct Containment: Sendable {
    /// Types that lie on a cycle of the whole containment graph.
    public let onCycle: Set<String>
    /// Unions that lie on a cycle made of union members alone.
    public let unionCycles: Set<String>
    /// Records that lie on a cycle made of record fields alone.
    public let recordCycles: Set<String>
    /// Outgoing edges by position in `spec.types` (of a name's first
    /// declaration), in the order fields and members are written.
    private let outgoing: [[IndexEdge]]

    /// One step of containment: `from` holds `to` through `via` (a field name
    /// for records, a tag for unions).
    public struct Edge: Sendable {
        public var to: String
        public var via: String
    }

    /// An `Edge` whose target is a position in `spec.types`.
    private struct IndexEdge: Sendable {
        var to: Int
        var via: String
    }

    public init(_ spec: Spec) {
        self.init(spec) { spec.position(of: $0) }
    }

    /// The graph of `spec`, where `lookUp(name)` is `spec.position(of:
    /// name)`: the validator finds names by their bytes, at a fraction of
    /// the cost of the spec's dictionary.
    init(_ spec: Spec, lookUp: (String) -> Int?) {
        // The graph is kept by position rather than by name: hashing a name
        // for every field of a large spec costs more than the search itself.
        let count = spec.types.count
        var isUnion = [Bool](repeating: false, count: count)
        var isContainer = [Bool](repeating: false, count: count)
        /// Per position, where the target of the alias there is, if it is one.
        var aliasTarget = [Int?](repeating: nil, count: count)
        for (position, type) in spec.types.enumerated() {
            switch type {
            case .record: isContainer[position] = true
            case .union:
                isContainer[position] = true
                isUnion[position] = true
            case let .alias(a): aliasTarget[position] = lookUp(a.target)
            default: break
            }
        }
        /// The position of the type `name` holds: an alias's target's.
        func contained(_ name: String) -> Int? {
            guard let position = lookUp(name) else { return nil }
            return aliasTarget[position] ?? position
        }
        // Facts about a name are those of its first declaration, as `spec[name]` gives.
        func canonical(_ position: Int) -> Int { spec.firstPosition(ofNameAt: position) }
        var outgoing = [[IndexEdge]](repeating: [], count: count)
        for (position, type) in spec.types.enumerated() {
            switch type {
            case let .record(r):
                let from = canonical(position)
                // By position, so only the type and name are copied out of each field.
                for index in r.fields.indices {
                    guard case let .named(name) = r.fields[index].type, let to = contained(name), isContainer[to] else { continue }
                    outgoing[from].append(IndexEdge(to: to, via: r.fields[index].name))
                }
            case let .union(u):
                let from = canonical(position)
                for member in u.members {
                    guard let to = lookUp(member.typeName), isContainer[to] else { continue }
                    outgoing[from].append(IndexEdge(to: to, via: member.tag))
                }
            default:
                break
            }
        }
        self.outgoing = outgoing
        func names(_ flags: [Bool]) -> Set<String> {
            var result: Set<String> = []
            for position in flags.indices where flags[position] { result.insert(spec.types[position].name) }
            return result
        }
        let cyclic = Self.cyclic(outgoing) { _, _ in true }
        onCycle = names(cyclic)
        // A cycle of union members alone, or of record fields alone, is also a
        // cycle of the whole graph, so only types on one of those can lie on
        // one: the two narrower searches follow only edges between them, and
        // in the usual spec, which has no cycle at all, do not run.
        if onCycle.isEmpty {
            unionCycles = []
            recordCycles = []
        } else {
            unionCycles = names(Self.cyclic(outgoing) { cyclic[$0] && cyclic[$1] && isUnion[$0] && isUnion[$1] })
            recordCycles = names(Self.cyclic(outgoing) { cyclic[$0] && cyclic[$1] && !isUnion[$0] && !isUnion[$1] })
        }
    }

    /// A shortest way from `start` back to itself, using only the types for
    /// which `allowed` holds: `Node.next → Node`. `spec` is the one the
    /// graph was built from.
    public func cycle(from start: String, in spec: Spec, within allowed: (String) -> Bool) -> String {
        guard let startPosition = spec.position(of: start) else { return start }
        var previous: [Int: (from: Int, via: String)] = [:]
        var queue = [startPosition]
        var index = 0
        var found = false
        search: while index < queue.count {
            let current = queue[index]
            index += 1
            for edge in outgoing[current] where allowed(spec.types[edge.to].name) {
                if edge.to == startPosition {
                    previous[startPosition] = (current, edge.via)
                    found = true
                    break search
                }
                if previous[edge.to] == nil {
                    previous[edge.to] = (current, edge.via)
                    queue.append(edge.to)
                }
            }
        }
        guard found else { return start }
        var steps: [String] = []
        var node = startPosition
        repeat {
            guard let step = previous[node] else { break }
            steps.append("\(spec.types[step.from].name).\(step.via) → \(spec.types[node].name)")
            node = step.from
        } while node != startPosition && steps.count < 64
        return steps.reversed().joined(separator: ", ")
    }

    /// Which nodes lie on a cycle of the edges `keep` lets through (given
    /// the positions of both ends): those in a strongly connected component
    /// of more than one node, or with an edge to themselves. Tarjan's
    /// algorithm with an explicit stack, so a long chain cannot exhaust the
    /// call stack. Which nodes are on a cycle does not depend on the order
    /// the search visits them in.
    private static func cyclic(_ outgoing: [[IndexEdge]], keep: (Int, Int) -> Bool) -> [Bool] {
        let count = outgoing.count
        let unvisited = -1
        var index = [Int](repeating: unvisited, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var result = [Bool](repeating: false, count: count)
        var counter = 0
        for root in 0..<count where index[root] == unvisited && !outgoing[root].isEmpty {
            // Each frame is a node and the position of the next edge to follow.
            var frames: [(node: Int, next: Int)] = [(root, 0)]
            index[root] = counter
            lowLink[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while let frame = frames.last {
                let edges = outgoing[frame.node]
                if frame.next < edges.count {
                    frames[frames.count - 1].next += 1
                    let target = edges[frame.next].to
                    guard keep(frame.node, target) else { continue }
                    if target == frame.node { result[target] = true }
                    if index[target] == unvisited {
                        index[target] = counter
                        lowLink[target] = counter
                        counter += 1
                        stack.append(target)
                        onStack[target] = true
                        frames.append((target, 0))
                    } else if onStack[target] {
                        lowLink[frame.node] = min(lowLink[frame.node], index[target])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    lowLink[parent.node] = min(lowLink[parent.node], lowLink[frame.node])
                }
                guard lowLink[frame.node] == index[frame.node] else { continue }
                var size = 0
                var members: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    members.append(member)
                    size += 1
                    if member == frame.node { break }
                }
                if size > 1 { for member in members { result[member] = true } }
            }
        }
        return result
    }
}
