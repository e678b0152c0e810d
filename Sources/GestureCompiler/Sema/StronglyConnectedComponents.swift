/// Tarjan's algorithm without recursion (a long `requires` chain must not
/// overflow the stack); returns each vertex's component number.
func stronglyConnectedComponents(_ adjacency: [[Int]]) -> [Int] {
    let n = adjacency.count
    var order = [Int](repeating: -1, count: n), low = [Int](repeating: 0, count: n)
    var onStack = [Bool](repeating: false, count: n), component = [Int](repeating: -1, count: n)
    var stack: [Int] = [], counter = 0, components = 0
    for root in 0..<n where order[root] == -1 {
        var work: [(vertex: Int, next: Int)] = [(root, 0)]
        order[root] = counter; low[root] = counter; counter += 1
        stack.append(root); onStack[root] = true
        while let (v, next) = work.last {
            if next < adjacency[v].count {
                work[work.count - 1].next += 1
                let w = adjacency[v][next]
                if order[w] == -1 {
                    order[w] = counter; low[w] = counter; counter += 1
                    stack.append(w); onStack[w] = true
                    work.append((w, 0))
                } else if onStack[w] {
                    low[v] = min(low[v], order[w])
                }
                continue
            }
            work.removeLast()
            if let parent = work.last { low[parent.vertex] = min(low[parent.vertex], low[v]) }
            if low[v] == order[v] {
                while let w = stack.popLast() {
                    onStack[w] = false
                    component[w] = components
                    if w == v { break }
                }
                components += 1
            }
        }
    }
    return component
}
