/// How an engine steps automata. The packed table is the production
/// implementation; the compiler's reference interpreter provides another over
/// the unoptimized automata, and both must give identical output.
package protocol TransitionFunction {
    /// The state a gesture's attempt starts in.
    func startState(_ gesture: GestureID) -> StateID
    /// The state after reading `symbol` in `state`.
    func next(_ gesture: GestureID, _ state: StateID, _ symbol: Symbol) -> StateID
    /// What entering `state` reports.
    func output(_ gesture: GestureID, _ state: StateID) -> StateOutput
    /// The deadline entering `state` arms.
    func timer(_ gesture: GestureID, _ state: StateID) -> StateTimer
}
