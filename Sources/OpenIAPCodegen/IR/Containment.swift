/// Which records and unions contain one another by value.
///
/// A record holds each field whose type is a record or union directly
/// (optional or not), and a union holds its members; lists and maps hold
/// their elements out of line and end the chain. Swift stores such values
/// inline, so a type that contains itself this way does not compile unless
/// an enum on the way is `indirect`, and a union that contains itself through
/// member unions alone could send a decoder round in circles. The validator
/// and the Swift target both ask here.
public struct Containment: Sendable {
    /// Types that lie on a cycle of the whole containment graph.
    public let onCycle: Set<String>
    /// Unions that lie on a cycle made of union members alone.
    public let unionCycles: Set<String>
    /// Records that lie on a cycle made of record fields alone.
    public let recordCycles: Set<String>
    private let edges: [String: [Edge]]

    /// One step of containment: `from` holds `to` through `via` (a field name
    /// for records, a tag for unions).
    public struct Edge: Sendable {
        public var to: String
        public var via: String
    }

    public init(_ spec: Spec) {
        var edges: [String: [Edge]] = [:]
        for type in spec.types {
            switch type {
            case let .record(r):
                for field in r.fields {
                    guard case let .named(name) = field.type else { continue }
                    switch spec[name] {
                    case .record?, .union?: edges[r.name, default: []].append(Edge(to: name, via: field.name))
                    default: break
                    }
                }
            case let .union(u):
                for member in u.members {
                    switch spec[member.typeName] {
                    case .record?, .union?: edges[u.name, default: []].append(Edge(to: member.typeName, via: member.tag))
                    default: break
                    }
                }
            default:
                break
            }
        }
        self.edges = edges
        let isUnion = { (name: String) -> Bool in if case .union? = spec[name] { true } else { false } }
        onCycle = Self.cyclic(edges)
        unionCycles = Self.cyclic(edges.filter { isUnion($0.key) }.mapValues { $0.filter { isUnion($0.to) } })
        recordCycles = Self.cyclic(edges.filter { !isUnion($0.key) }.mapValues { $0.filter { !isUnion($0.to) } })
    }

    /// A shortest way from `start` back to itself, using only the types for
    /// which `allowed` holds: `Node.next → Node`.
    public func cycle(from start: String, within allowed: (String) -> Bool) -> String {
        var previous: [String: (from: String, via: String)] = [:]
        var queue = [start]
        var index = 0
        var found = false
        search: while index < queue.count {
            let current = queue[index]
            index += 1
            for edge in edges[current] ?? [] where allowed(edge.to) {
                if edge.to == start {
                    previous[start] = (current, edge.via)
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
        var node = start
        repeat {
            guard let step = previous[node] else { break }
            steps.append("\(step.from).\(step.via) → \(node)")
            node = step.from
        } while node != start && steps.count < 64
        return steps.reversed().joined(separator: ", ")
    }

    /// The nodes that lie on a cycle: those in a strongly connected component
    /// of more than one node, or with an edge to themselves. Tarjan's
    /// algorithm with an explicit stack, so a long chain cannot exhaust the
    /// call stack.
    static func cyclic(_ edges: [String: [Edge]]) -> Set<String> {
        var index: [String: Int] = [:]
        var lowLink: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var result: Set<String> = []
        var counter = 0
        for root in edges.keys.sorted() where index[root] == nil {
            // Each frame is a node and the position of the next edge to follow.
            var frames: [(node: String, next: Int)] = [(root, 0)]
            index[root] = counter
            lowLink[root] = counter
            counter += 1
            stack.append(root)
            onStack.insert(root)
            while let frame = frames.last {
                let outgoing = edges[frame.node] ?? []
                if frame.next < outgoing.count {
                    frames[frames.count - 1].next += 1
                    let target = outgoing[frame.next].to
                    if target == frame.node { result.insert(target) }
                    if index[target] == nil {
                        index[target] = counter
                        lowLink[target] = counter
                        counter += 1
                        stack.append(target)
                        onStack.insert(target)
                        frames.append((target, 0))
                    } else if onStack.contains(target) {
                        lowLink[frame.node] = min(lowLink[frame.node]!, index[target]!)
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    lowLink[parent.node] = min(lowLink[parent.node]!, lowLink[frame.node]!)
                }
                guard lowLink[frame.node] == index[frame.node] else { continue }
                var component: [String] = []
                while let member = stack.popLast() {
                    onStack.remove(member)
                    component.append(member)
                    if member == frame.node { break }
                }
                if component.count > 1 { result.formUnion(component) }
            }
        }
        return result
    }
}
