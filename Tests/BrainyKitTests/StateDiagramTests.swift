import Testing
@testable import BrainyKit

@Suite struct StateDiagramTests {
    @Test(arguments: StateDiagram.Style.allCases)
    func theDiagramNamesEveryState(_ style: StateDiagram.Style) {
        let text = StateDiagram.render(style)
        for state in FlowState.allCases {
            #expect(text.contains(state.rawValue), "\(state.rawValue) missing from \(style)")
        }
    }

    @Test func mermaidStartsSignedOutAndDrawsTheRules() {
        let lines = StateDiagram.render(.mermaid).split(separator: "\n").map(String.init)
        #expect(lines.first == "stateDiagram-v2")
        #expect(lines.contains("    [*] --> signed_out"))
        #expect(lines.contains("    question --> answered: answer, speak, (time ran out) [a timer on and its limit passed]"))
        #expect(lines.contains("    question --> question: skip, hint [hint credits left]"))
        #expect(lines.contains("    signed_out --> home: login, register [email format and password policy], (session restored)"))
        #expect(lines.contains("    ready --> question: start [questions left or a stage unlocked]"))
        #expect(lines.contains("    interrupted --> ready: abandon"))
    }

    @Test func queriesThatKeepTheStateAreNotDrawn() {
        let mermaid = StateDiagram.render(.mermaid)
        #expect(!mermaid.contains("home --> home"))
        #expect(!mermaid.contains("history"))
        #expect(!mermaid.contains(": help"))
    }

    @Test(arguments: FlowState.allCases)
    func mermaidMarksTheCurrentState(_ state: FlowState) {
        let mermaid = StateDiagram.render(.mermaid, current: state)
        #expect(mermaid.hasSuffix("    class \(state.rawValue) current"))
        #expect(mermaid.contains("classDef current"))
    }

    @Test func withoutACurrentStateNothingIsMarked() {
        #expect(!StateDiagram.render(.mermaid).contains("current"))
        #expect(!StateDiagram.render(.dot).contains("filled"))
    }

    @Test(arguments: FlowState.allCases)
    func dotDeclaresEveryStateAndFillsOnlyTheCurrentOne(_ current: FlowState) {
        let dot = StateDiagram.render(.dot, current: current)
        #expect(dot.hasPrefix("digraph QuizFlow {"))
        #expect(dot.hasSuffix("}"))
        let lines = dot.split(separator: "\n").map(String.init)
        for state in FlowState.allCases {
            let node = lines.first { $0.hasPrefix("    \(state.rawValue) [label=") }
            #expect(node != nil, "\(state.rawValue) is declared")
            #expect(node?.contains("fillcolor") == (state == current))
        }
        #expect(lines.contains("    answered -> finished [label=\"next\"];"))
    }

    @Test func everyEdgeComesFromTheTable() {
        for edge in StateDiagram.edges() {
            let commands = edge.label.split(separator: ",").map {
                String($0.trimmingCharacters(in: .whitespaces).split(separator: "[").first!).trimmingCharacters(in: .whitespaces)
            }
            for command in commands {
                let rule = TransitionTable.rules.first {
                    $0.from == edge.from && $0.trigger.label == command && $0.to.contains(edge.to)
                }
                #expect(rule != nil, "\(edge.from) --\(command)--> \(edge.to)")
            }
        }
    }
}
