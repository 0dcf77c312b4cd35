/// The two phases of a benchmark round: the baseline and what is measured against it.
enum BenchPhase: Equatable {
    case baseline
    case measured

    /// The order of round `round` (from 1): the baseline first in odd rounds, last in even ones, so that load
    /// from elsewhere on a shared host weighs on both sides alike.
    static func order(inRound round: Int) -> [BenchPhase] {
        round % 2 == 1 ? [.baseline, .measured] : [.measured, .baseline]
    }
}
