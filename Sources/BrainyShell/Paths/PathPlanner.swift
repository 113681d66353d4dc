import BrainyKit

/// Finds, for every transition of the table, a shortest path from a new shell (signed out) that ends by taking it:
/// a breadth-first search over the planner's states, whose moves come from the table's rules (`PathModel`).
enum PathPlanner {
    struct Path: Hashable {
        var transition: ShellTransition
        var steps: [PlanStep]
    }

    struct Plan {
        var paths: [Path]
        /// Transitions of the table no path reaches (the table lists a move nothing can make).
        var unreachable: [ShellTransition]
    }

    /// Paths for `transitions` (every transition of the table unless told otherwise), in the table's order.
    static func plan(for transitions: [ShellTransition] = ShellTransition.all, maximumSteps: Int = 20) -> Plan {
        var wanted = Set(transitions)
        var found: [ShellTransition: [PlanStep]] = [:]
        var visited: Set<PlanState> = [PlanState()]
        var frontier: [(state: PlanState, steps: [PlanStep])] = [(PlanState(), [])]
        var depth = 0
        while !frontier.isEmpty, !wanted.isEmpty, depth < maximumSteps {
            var next: [(state: PlanState, steps: [PlanStep])] = []
            for (state, steps) in frontier {
                for step in PathModel.steps(from: state) {
                    let path = steps + [step]
                    for transition in step.transitions where wanted.contains(transition) {
                        wanted.remove(transition)
                        found[transition] = path
                    }
                    if visited.insert(step.next).inserted { next.append((step.next, path)) }
                }
            }
            frontier = next
            depth += 1
        }
        return Plan(paths: transitions.compactMap { transition in found[transition].map { Path(transition: transition, steps: $0) } },
                    unreachable: transitions.filter { found[$0] == nil })
    }
}
