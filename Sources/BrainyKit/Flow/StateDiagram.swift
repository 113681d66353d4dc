/// Draws the state machine from the transition table, in Mermaid or Graphviz DOT.
public enum StateDiagram {
    public enum Style: String, CaseIterable, Sendable {
        case mermaid, dot
    }

    /// The edges that change state, merged per (from, to) with their triggers: actions, and what happens around them
    /// (maintenance, an expired or restored sign-in) in parentheses. The actions in `hidden` are left out (a front end
    /// hides what its person cannot ask for).
    static func edges(hiding hidden: Set<FlowAction> = []) -> [(from: FlowState, to: FlowState, label: String)] {
        var labels: [String: [String]] = [:]
        var order: [(FlowState, FlowState)] = []
        for rule in TransitionTable.rules where rule.isMove && !(rule.action.map(hidden.contains) ?? false) {
            // A loop back to the same state is drawn only for what moves the quiz on (a hint, a skip).
            for target in rule.to where target != rule.from || rule.movesQuiz {
                let key = "\(rule.from.rawValue)>\(target.rawValue)"
                if labels[key] == nil { order.append((rule.from, target)) }
                var label = rule.trigger.label
                if let guardText = rule.guardText { label += " [\(guardText.en)]" }
                if !(labels[key] ?? []).contains(label) { labels[key, default: []].append(label) }
            }
        }
        return order.map { ($0.0, $0.1, labels["\($0.0.rawValue)>\($0.1.rawValue)"]!.joined(separator: ", ")) }
    }

    public static func render(_ style: Style, current: FlowState? = nil, hiding hidden: Set<FlowAction> = []) -> String {
        let edges = edges(hiding: hidden)
        switch style {
        case .mermaid:
            var lines = ["stateDiagram-v2", "    [*] --> signed_out"]
            lines += edges.map { "    \($0.from.rawValue) --> \($0.to.rawValue): \($0.label)" }
            if let current {
                lines.append("    classDef current fill:#ffd54f,stroke:#f57f17,stroke-width:2px")
                lines.append("    class \(current.rawValue) current")
            }
            return lines.joined(separator: "\n")
        case .dot:
            var lines = ["digraph QuizFlow {", "    rankdir=LR;", "    node [shape=box, style=rounded];"]
            for state in FlowState.allCases {
                let mark = state == current ? ", style=\"rounded,filled\", fillcolor=\"#ffd54f\"" : ""
                lines.append("    \(state.rawValue) [label=\"\(state.rawValue)\"\(mark)];")
            }
            lines += edges.map { "    \($0.from.rawValue) -> \($0.to.rawValue) [label=\"\($0.label)\"];" }
            lines.append("}")
            return lines.joined(separator: "\n")
        }
    }
}
