/// How an engine steps automata. The packed table is the production
/// implementation; the compiler's reference interpreter provides another over
/// the unoptimized automata, and both must give identical output.
package protocol TransitionFunction {
    /// The state a gesture's attempt starts in.
    func startState(_ gesture: Int) -> Int
    /// The state after reading `symbol` in `state`.
    func next(_ gesture: Int, _ state: Int, _ symbol: Symbol) -> Int
    /// What entering `state` reports.
    func output(_ gesture: Int, _ state: Int) -> StateOutput
    /// The deadline entering `state` arms.
    func timer(_ gesture: Int, _ state: Int) -> StateTimer
}
