//! The whole-board sweep of `level: complete` (see `typesweeper::typelevel::sweep`).
//!
//! Written into the expansion's block, because they depend on the board's shape: a trait
//! `Sweep<Window, MinesLeft, Spare>`, the steps, the end of the sweep, and the probe impls. A
//! step covers [`PACK`] positions in a row (the last step what is left), with an impl for each
//! way to place its cells (16 for four cells: each a mine or a number). The sweep has a padding
//! position between two lines (`SweepLines`), so every position's mine takes one from the same
//! window slots and one step struct serves every step but the last. The list of steps names
//! the cells (unknown ones are the function's parameters), the counters' start values
//! (`Count_R1C1` for an unknown cell or a shown mine, `Count_PadK` for the padding and off the
//! board, the count for a shown number) and nothing else: no answer cell appears in it.
//!
//! Why four positions a step: rustc walks the rest of the sweep at every state it visits
//! (freshening, generalising and interning the list), so a list a quarter as long, with a
//! search state only at every fourth position, makes each search about three times cheaper,
//! though every state now weighs up to 16 impls; one to six positions a step are measured in
//! docs/compile-time.md ("Where the cost comes from").
//!
//! The sweep goes in line order and backwards (the board turned half a turn, so the same step
//! structs serve). On a board of at most 100 cells with at least a tenth of them shown, every
//! probe runs the one that starts on the side of the shown numbers, and only that one is
//! written; on others, since a probe's search is its own until its cell's step, each probe
//! runs the one in which its cell comes earlier, and both are written
//! (`SweepLines::probe_directions`).
//!
//! The bounds it adds: `Cell: Valued<Count>` for every unknown cell, each list and its first
//! window bound once to parameters (`SweepList`, `SweepInit`, `SweepListBackward`,
//! `SweepInitBackward`) so that the probes can name them in one token each, and two probes per
//! unknown cell, one without the mine total and one with it, `TriggerK: ProbeWhen<Cell,
//! Forward, Any>` and `TriggerJ: ProbeWhen<Cell, Forward, Total>` (or `Backward`), in the order
//! and stages of `SweepLines::probe_order`, each stage with the total released right after the
//! stage three later without it: each waits until the expansion sets its `TriggerK` to
//! `Go<_>`, and `TriggerK: Carries<(SweepList, SweepInit, SweepListBackward,
//! SweepInitBackward)>` (`()` for a sweep not written) then fills in the sweeps it carries. A
//! probe that named the sweeps itself would be looked at again on every change anywhere on the
//! board. A search without the total (its mines left `Any`, never counted down) has a state
//! per window where one with it has a state per window and mines left, so it is much smaller
//! when many mines are left; every cell it decides, the one with the total decides too.
//!
//! Some probes wait behind a gate as well (`typesweeper_board::probe_gates`). On a board of at
//! most `GATE_MAX_CELLS` cells, and on a larger one the work model refuses and the stages
//! replayed take (`CompletePlan::Staged`), the probe without the total of a cell that no shown
//! number touches: `Wake_R1C1: Opens<Ask<Cell, Forward, Any, TriggerK>>`, opened by `Neighbour:
//! Wake<Wake_R1C1>` once a neighbour is proved safe (`typesweeper::typelevel::sweep::Wake`).
//! And, on a board of at most `GATE_MAX_CELLS` cells,
//! the probes with the total of those cells, in a chain: each but the first behind
//! `Chain_R1C1: Opens<Ask<Cell, Forward, Total, TriggerK>>`, opened by the gates without the
//! total of its cell and of the cell before it in the chain (`Wake_R1C1: Relay<Chain_R1C1>`:
//! once a neighbour of either is proved safe), and by `Before: Settle<Chain_R1C1>` once that
//! cell is decided either way. Each gate is a diverging variable, so a gate never opened falls
//! back at the end of type inference and its probe searches nothing.
//!
//! On a board `CompletePlan::Staged` takes, each sweep starts with `Start<<Count_Held as
//! Fallen>::Out, ..>`, which two impls fit without the total until `Count_Held`, a diverging
//! variable, falls back: the sweep of a probe that has decided its cell waits there instead of
//! binding, step by step, the counters of unrevealed cells (`typesweeper::typelevel::sweep::
//! Fallen`).
//!
//! On a larger board where the total cannot decide anything yet (`TotalSlack`), the triggers of
//! the probes with the total, and of the probes without it of untouched cells (`TriggerWaitK`,
//! released right after the stage `K` of the others), get their sweeps through one gate: `TriggerK:
//! FilledBy<Slack, (..)>` in place of `Carries`, opened by the touched cells once decided
//! (`Cell_R1C1: Settle<Slack>`).

use super::{bound, cell_type, peano, Chunks, Layout, Toks};
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};
use std::collections::BTreeSet;
use typesweeper_board::probe_gates::{untouched, TotalChain, TotalSlack, GATE_MAX_CELLS};
use typesweeper_board::search_cost::CompletePlan;
use typesweeper_board::sweep_lines::{release, SweepLines, PROBE_STAGES};
use typesweeper_board::Cell;

/// The parts of the expansion the sweep adds.
pub(super) struct Sweep {
    /// The trait, structs and impls.
    pub items: TokenStream,
    /// The counters' variables, then `SweepList`, `SweepInit` and the triggers.
    pub params: Vec<Ident>,
    /// The variables the probes wait on, two per stage (`PROBE_STAGES`: without the total and
    /// with it), and on a board where the total is slack (`TotalSlack`) a third, for the
    /// probes without the total of untouched cells, in the order they are to be released.
    pub triggers: Vec<Ident>,
    /// The gates of the probes that wait for more than their stage (`GATE_MAX_CELLS`):
    /// diverging variables, which the expansion passes to `puzzle` as
    /// `loop {}`s in a branch never taken, so that a gate never opened falls back to a type of
    /// its own.
    pub wakes: Vec<Ident>,
}

pub(super) fn sweep(layout: &Layout, chunks: &mut Chunks) -> Sweep {
    let board = layout.board;
    let cells = board.cells();
    let lines = SweepLines::of(board.rows(), board.cols());
    let (stride, n) = (lines.stride(), cells.len());
    let length = lines.index.len();
    let slots = 2 * stride + 2;
    // A board the work model refuses and the stages replayed take: its probes without the
    // total of untouched cells wait behind their gates whatever its size
    // (`CompletePlan::Staged`).
    let staged = layout.plan == CompletePlan::Staged;

    // Each position's counter start: a variable for an unknown cell or a shown mine (free
    // until the cell is revealed, or forever for a mine), the count for a shown number.
    let mut params = Vec::new();
    let start: Vec<Toks> = (0..n)
        .map(|i| match cells[i] {
            Cell::Num(k) => peano(usize::from(k)),
            _ => {
                let name = format_ident!("Count_{}", super::cell_name(board, i));
                params.push(name.clone());
                Toks::ident(&name)
            }
        })
        .collect();
    // The free counters of the padding and of the positions off the board, each a variable of
    // its own (`Count_PadK`, `K` its forward position plus `stride + 1`): the backward sweep
    // names each by its forward position too, so both sweeps give it the same count once the
    // board is solved.
    let pad =
        |forward: isize| format_ident!("Count_Pad{}", (forward + stride as isize + 1) as usize);
    for p in -(stride as isize) - 1..(length + stride + 1) as isize {
        if lines.at(p).is_none() {
            params.push(pad(p));
        }
    }
    // The counter start of sweep position `p`, forward or backward.
    let start_at = |backward: bool, p: isize| -> Toks {
        let forward = lines.forward(p, backward);
        match lines.at(forward) {
            Some(i) => start[i].clone(),
            None => Toks::ident(&pad(forward)),
        }
    };
    let cnt = |t: Toks| -> TokenStream { quote!(Cnt<#t>) };

    // The sweep's steps, each `PACK` positions (the last one what is left). Every position has
    // the same shape, so a step's struct is `StepK` for `K` positions: one struct for all but
    // the last step.
    let steps: Vec<std::ops::Range<usize>> = (0..length)
        .step_by(PACK)
        .map(|p| p..(p + PACK).min(length))
        .collect();
    let step_struct = |k: usize| format_ident!("Step{}", k);
    let sizes: BTreeSet<usize> = steps.iter().map(|run| run.len()).collect();

    // Two sweeps: in line order, and in the reverse order (the same sweep of the board turned
    // half a turn, so the same step structs serve). Until its cell, a probe's search differs
    // from every other's (the cell is bound), and after it, it is shared; which sweep each
    // probe runs is `directions`, below.
    let pad_cell = cell_type(Cell::Num(0));
    let held_gate = format_ident!("Count_Held");
    let sweep_of = |backward: bool| -> (Toks, Toks) {
        // A step per `PACK` positions, each holding the rest, then the end. Each step's type
        // is its own struct (not an `HCons`), so rustc looks only at that struct's impls.
        let mut list = Toks::of_path("End");
        for run in steps.iter().rev() {
            let mut t = Toks::ident(&step_struct(run.len()));
            t.punct('<');
            for p in run.clone() {
                match lines.at(lines.forward(p as isize, backward)) {
                    Some(i) => t.append(&layout.ty[i]),
                    // The padding is a safe cell.
                    None => t.append(&pad_cell),
                }
                t.punct(',');
                t.append(&start_at(backward, (p + stride + 1) as isize));
                t.punct(',');
            }
            t.append(&list);
            t.punct('>');
            list = t;
        }
        // On a board `CompletePlan::Staged` takes, the sweep starts with `Start<<Count_Held as
        // Fallen>::Out, ..>` (below), where a decided probe's sweep without the total waits.
        if staged {
            let mut held = Toks::ident(&format_ident!("Start"));
            let gate = &held_gate;
            for tree in quote!(< < #gate as ::typesweeper::typelevel::sweep::Fallen>::Out,) {
                held.push(tree);
            }
            held.append(&list);
            held.punct('>');
            list = held;
        }
        let init: Vec<TokenStream> = (0..slots as isize)
            .map(|s| cnt(start_at(backward, s - stride as isize - 1)))
            .collect();
        let mut init_toks = Toks::default();
        init_toks.push(proc_macro2::Group::new(
            proc_macro2::Delimiter::Parenthesis,
            quote!(#(#init,)*),
        ));
        (list, init_toks)
    };
    let mines = layout.answer.iter().filter(|&&c| c == Cell::Mine).count();
    let total = peano(mines);

    let closed: Vec<TokenStream> = (0..slots).map(|_| quote!(Cnt<Z>)).collect();
    let spare = spare_blank();
    let mine_spare = spare_with(quote!(K));
    let mut items = quote! {
        /// `Self` (the rest of the sweep) reaches its end from the window `W` with `M` mines
        /// left to place. `P` is always `Spare<Blank, ..>`: the impls that would declare fewer
        /// type parameters than the others bind their spare ones there, so that every impl of
        /// a kind declares as many, in the same order.
        trait Sweep<W, M, P> {}
        /// The spare parameters of an impl of `Sweep` (`Blank` where it has none to bind).
        struct Spare<A, B, C, D, E>(::core::marker::PhantomData<(A, B, C, D, E)>);
        /// What every slot of `Spare` holds.
        struct Blank;
        /// The sweep with every counter closed and no mine left is done.
        impl Sweep<(#(#closed,)*), Z, #spare> for End {}
        /// A probe that makes its cell a mine: the sweep must still reach its end (`K` is
        /// spare, as the number's count is in the other probe).
        impl<L: Sweep<W, M, #spare>, W, M, K> Sweep<W, M, #mine_spare> for Probe<Mine, L> {}
        /// A probe that makes its cell a number: the sweep must still reach its end.
        impl<L: Sweep<W, M, #spare>, W, M, K> Sweep<W, M, #spare> for Probe<Num<K>, L> {}
        /// The probe of cell `C` in the sweep `D` ([`Forward`] or [`Backward`]) starting with
        /// `T` mines left (the total, or [`Any`]), released by `Go` carrying the sweeps.
        trait ProbeWhen<C, D, T> {}
        /// The mines left of a search without the total: any number, never counted down.
        struct Any;
        /// Without the total, the sweep with every counter closed is done, whatever mines it
        /// placed.
        impl Sweep<(#(#closed,)*), Any, #spare> for End {}
        /// The sweep in line order.
        struct Forward;
        /// The sweep in the reverse order.
        struct Backward;
        /// Once released, a forward probe is the forward sweep with the cell in front.
        impl<C, L, W, LB, WB, T> ProbeWhen<C, Forward, T> for Go<(L, W, LB, WB)>
        where
            Probe<C, L>: Sweep<W, T, #spare>,
        {
        }
        /// Once released, a backward probe is the backward sweep with the cell in front.
        impl<C, LF, WF, L, W, T> ProbeWhen<C, Backward, T> for Go<(LF, WF, L, W)>
        where
            Probe<C, L>: Sweep<W, T, #spare>,
        {
        }
        /// `Go` carries the sweeps `L`.
        trait Carries<L> {}
        /// `Go<L>` carries `L`.
        impl<L> Carries<L> for Go<L> {}
    };
    for &k in &sizes {
        items.extend(step_items(&step_struct(k), k, &lines.shape(), stride));
    }
    if staged {
        // A probe that decides its cell is confirmed, and its where-clause, the sweep with
        // the cell placed, becomes an obligation that rustc confirms step by step wherever
        // one impl fits. Without the total, each such step bound the counters of the
        // unrevealed cells next to the mines it placed (`S<_>`), which every later search then
        // told apart by how many of those mines it had placed so far (docs/compile-time.md,
        // "Decided sweeps held at their start"). The sweep starts with `Start<<Count_Held as
        // Fallen>::Out, ..>`: until `Count_Held`, a diverging variable, falls back at the end
        // of type inference, the first parameter is unknown and two impls fit, so such a sweep
        // waits there and binds nothing, while a probe's own search goes through both alike.
        // With the total, one impl: the sweep goes through.
        items.extend(quote! {
            /// The sweep `L` behind a first step that, without the total, two impls fit until
            /// `D` is known (`Passed`, once type inference is done).
            struct Start<D, L>(::core::marker::PhantomData<(D, L)>);
            /// Without the total, once inference is done: the sweep `L`.
            impl<L: Sweep<W, Any, #spare>, W> Sweep<W, Any, #spare> for Start<::typesweeper::typelevel::sweep::Passed, L> {}
            /// Without the total, the second impl that fits while `D` is unknown: the sweep `L`.
            impl<L: Sweep<W, Any, #spare>, W> Sweep<W, Any, #spare> for Start<::typesweeper::typelevel::sweep::Waiting, L> {}
            /// With the total and no mine left: the sweep `L`.
            impl<D, L: Sweep<W, Z, #spare>, W> Sweep<W, Z, #spare> for Start<D, L> {}
            /// With the total and mines left: the sweep `L`.
            impl<D, L: Sweep<W, S<N>, #spare>, W, N> Sweep<W, S<N>, #spare> for Start<D, L> {}
        });
    }

    // The bounds: every unknown cell's counter, the lists and first windows named once, and a
    // probe per unknown cell and kind of search (without the total and with it).
    let vars_of = |t: &Toks| -> Vec<Ident> {
        let mut found = Vec::new();
        variables(t.trees.iter().cloned(), &mut found);
        found
    };
    let triggers: Vec<Ident> = (0..2 * PROBE_STAGES)
        .map(|s| format_ident!("Trigger{}", s))
        .collect();
    // On larger boards, while the total cannot decide anything (`TotalSlack`: fewer cells
    // touched by a number than mines left, and fewer mines left than cells untouched, in the
    // position the local rules reach from what is shown), the probes with the total and the
    // probes without it of the cells no number touches wait: their stages' triggers get their
    // sweeps only once a gate, `Slack`, is open (`FilledBy`), which a touched cell opens once
    // decided (`Settle`, below). The probes without the total of untouched cells have triggers
    // of their own, `TriggerWaitK`, released right after the stage `K` of the others.
    let slack = TotalSlack::of(board, mines);
    let slack_gate = format_ident!("Slack");
    let wait_triggers: Vec<Ident> = (0..PROBE_STAGES)
        .map(|s| format_ident!("TriggerWait{}", s))
        .collect();
    // Every trigger in the order the expansion releases them, and whether it waits for
    // `Slack`.
    let mut released: Vec<(Ident, bool)> = Vec::new();
    for (r, trigger) in triggers.iter().enumerate() {
        let without = stage_without_total(r);
        released.push((trigger.clone(), without.is_none() && slack.is_some()));
        if let (Some(_), Some(s)) = (&slack, without) {
            released.push((wait_triggers[s].clone(), true));
        }
    }
    for &i in &layout.unknown {
        let span = layout.puzzle.spans[i];
        let count = &start[i];
        chunks.add(
            span,
            bound(span, &layout.ty[i], "Valued", &[count]),
            std::iter::once(layout.names[i].clone()).chain(vars_of(count)),
        );
    }
    chunks.close();
    let call = layout.call;
    // Which sweep each probe runs: on a small board with enough numbers shown, every probe the
    // sweep that starts on their side, so the probes share one sweep's cached states, a
    // change where the board opens leaves most of them valid, and the cells far from the
    // numbers come last; otherwise each probe the sweep in which its cell comes earlier
    // (`SweepLines::probe_directions`, docs/compile-time.md, "Every probe from the shown
    // side"). A sweep no probe runs is not written.
    let directions = lines.probe_directions(cells);
    let mut named = Vec::new();
    for (backward, which) in [(false, ""), (true, "Backward")] {
        if !directions.uses(!backward) {
            named.push(None);
            continue;
        }
        let (list, init) = sweep_of(backward);
        let list_var = format_ident!("SweepList{}", which);
        let init_var = format_ident!("SweepInit{}", which);
        if staged {
            // The list names `<Count_Held as Fallen>::Out`: its chunk, the first below, says
            // `Count_Held: Fallen`.
            let mut fallen = Toks::ident(&held_gate);
            for tree in quote!(: ::typesweeper::typelevel::sweep::Fallen) {
                fallen.push(tree);
            }
            chunks.add(call, fallen, [held_gate.clone()]);
        }
        for (ty, var) in [(&list, &list_var), (&init, &init_var)] {
            chunks.add(
                call,
                bound(Span::call_site(), ty, "Later", &[&Toks::ident(var)]),
                vars_of(ty).into_iter().chain([var.clone()]),
            );
            chunks.close();
        }
        named.push(Some((list_var, init_var)));
    }
    // A released trigger carries the four sweep parameters (`()` for a sweep not written):
    // until then a probe names only its cell and its direction, so rustc looks at it again
    // only when its cell changes.
    let lists: Vec<TokenStream> = named
        .iter()
        .flat_map(|sweep| match sweep {
            Some((list, init)) => [quote!(#list), quote!(#init)],
            None => [quote!(()), quote!(())],
        })
        .collect();
    let named: Vec<Ident> = named
        .into_iter()
        .flatten()
        .flat_map(|(list, init)| [list, init])
        .collect();
    for (trigger, waits_for_slack) in &released {
        let mut carries = Toks::at(call);
        carries.append(&Toks::ident(trigger));
        carries.punct(':');
        if *waits_for_slack {
            carries.word("FilledBy");
            carries.punct('<');
            carries.append(&Toks::ident(&slack_gate));
            carries.punct(',');
        } else {
            carries.word("Carries");
            carries.punct('<');
        }
        carries.push(proc_macro2::Group::new(
            proc_macro2::Delimiter::Parenthesis,
            quote!(#(#lists,)*),
        ));
        carries.punct('>');
        let mut vars: Vec<Ident> = vec![trigger.clone()];
        if *waits_for_slack {
            vars.push(slack_gate.clone());
        }
        chunks.add(call, carries, vars.into_iter().chain(named.iter().cloned()));
    }
    chunks.close();
    // Each cell's position in the forward sweep.
    let position = lines.positions();
    // The probes in the order rustc takes them, those whose search is their own for the
    // fewest steps first: cells near the start of the sweep they run. Their searches are
    // short, and a cell they decide is near the start of its sweep, where a change leaves most
    // of that sweep's cached states valid. Measured against reading order on 15 boards, with
    // each probe the nearer end: faster on 12 (2.55 s to 0.31 s on one 9x9 board), about the
    // same on 2, slower on one (docs/compile-time.md).
    //
    // And they are released in stages (`PROBE_STAGES`), the cheapest first: a stage waits
    // until rustc has done what the probes before it and the local rules can, so a probe whose
    // cell they decide never searches, and one still undecided searches a board much further
    // on, instead of running again at every change as the earlier probes decide cells.
    //
    // Each cell has two probes: one searches without the mine total, one with it, and each
    // stage of those with it is released right after the stage `TOTAL_LAG` later of those
    // without. A search without the total has a state per window where one with it has a state
    // per window and mines left, and every cell it decides, the total would decide too; the
    // ones with the total come in where the total is what decides (docs/compile-time.md,
    // "Searching without the total first").
    let mut probes: Vec<(usize, usize, bool)> = lines
        .probe_order(&layout.unknown, directions)
        .into_iter()
        .flat_map(|(i, stage)| {
            [
                (i, release(stage, false), false),
                (i, release(stage, true), true),
            ]
        })
        .collect();
    probes.sort_by_key(|&(_, release, _)| release);
    // On small boards, and on a board `CompletePlan::Staged` takes, a probe without the total
    // of a cell no shown number touches waits until a neighbour of its cell is proved safe as
    // well as for its stage: until then no number constrains the cell and its search cannot
    // decide it (every counter around it is free), but a released probe would search again at
    // every change.
    let gate = n <= GATE_MAX_CELLS || staged;
    // On small boards, the probes with the total of the cells no shown number touches wait
    // in one chain, each behind a gate (`Chain_R1C1`) but the first: such cells look alike to
    // every number and to the total, so while two of them are undecided and untouched, the
    // total decides both or neither. A probe waits until its cell or the one before it in the
    // chain is touched (a neighbour proved safe), or that one is decided (`TotalChain`).
    let chain = TotalChain::of_probes(board, &lines, directions);
    // A gate's name, and a cell that opens a gate (its type, its variable and the trait).
    let wake_of = |c: usize| format_ident!("Wake_{}", super::cell_name(board, c));
    let cell_opens =
        |j: usize, by: &'static str| (layout.ty[j].clone(), layout.names[j].clone(), by);
    let mut wakes = Vec::new();
    for (i, release, with_total) in probes {
        let trigger = match &slack {
            Some(slack) if !with_total && slack.waits(i) => {
                &wait_triggers[stage_without_total(release).expect("a release without the total")]
            }
            _ => &triggers[release],
        };
        let span = layout.puzzle.spans[i];
        let direction = if directions.forward(position[i], length) {
            "Forward"
        } else {
            "Backward"
        };
        // A probe behind a gate: the gate, what opens it (a cell or another gate, its variable
        // and the trait it opens the gate by) and the mines the probe starts with.
        let gated = if gate && !with_total && untouched(board, i) {
            let openers: Vec<(Toks, Ident, &str)> = layout
                .unknown_neighbours(i)
                .map(|j| cell_opens(j, "Wake"))
                .collect();
            let mut any = Toks::at(span);
            any.word("Any");
            Some((wake_of(i), openers, any))
        } else if let (true, Some(r)) = (with_total, chain.before(i)) {
            // The gates without the total of the cell and of the one before it open once a
            // neighbour is proved safe: each passes that on (`Relay`); the cell before it
            // opens the gate once decided either way (`Settle`).
            let openers = [i, r]
                .into_iter()
                .map(|c| {
                    let wake = wake_of(c);
                    (Toks::ident(&wake), wake, "Relay")
                })
                .chain([cell_opens(r, "Settle")])
                .collect();
            let gate = format_ident!("Chain_{}", super::cell_name(board, i));
            Some((gate, openers, total.clone()))
        } else {
            None
        };
        if let Some((gate, openers, mines)) = gated {
            for (opener, var, opens) in openers {
                chunks.add(
                    span,
                    opens_gate(span, &opener, opens, &gate),
                    [var, gate.clone()],
                );
            }
            let mut probe = Toks::at(span);
            probe.append(&Toks::ident(&gate));
            probe.punct(':');
            probe.word("Opens");
            probe.punct('<');
            probe.word("Ask");
            probe.punct('<');
            probe.append(&layout.ty[i]);
            probe.punct(',');
            probe.word(direction);
            probe.punct(',');
            probe.append(&mines);
            probe.punct(',');
            probe.append(&Toks::ident(trigger));
            probe.close(2);
            chunks.add(
                span,
                probe,
                [gate.clone(), trigger.clone(), layout.names[i].clone()],
            );
            wakes.push(gate);
            continue;
        }
        let mut probe = Toks::at(span);
        probe.append(&Toks::ident(trigger));
        probe.punct(':');
        probe.word("ProbeWhen");
        probe.punct('<');
        probe.append(&layout.ty[i]);
        probe.punct(',');
        probe.word(direction);
        probe.punct(',');
        if with_total {
            probe.append(&total);
        } else {
            probe.word("Any");
        }
        probe.punct('>');
        chunks.add(span, probe, [trigger.clone(), layout.names[i].clone()]);
    }
    if let Some(slack) = &slack {
        // Every cell a number touches that the local rules do not decide from what is shown
        // opens the gate once decided either way. Until the gate opens, nothing else can be
        // decided first: the local rules decide only cells beside a number (and the total
        // alone decides nothing while there are more mines left than cells touched and fewer
        // than cells untouched), and the probes that run are those without the total of the
        // touched cells.
        for &j in layout
            .unknown
            .iter()
            .filter(|&&j| !slack.settled(j) && !slack.waits(j))
        {
            let span = layout.puzzle.spans[j];
            let settle = opens_gate(span, &layout.ty[j], "Settle", &slack_gate);
            chunks.add(span, settle, [layout.names[j].clone(), slack_gate.clone()]);
        }
        wakes.push(slack_gate);
    }
    chunks.close();
    params.extend(named);
    let triggers: Vec<Ident> = released.into_iter().map(|(t, _)| t).collect();
    params.extend(triggers.iter().cloned());
    let gated = !wakes.is_empty();
    if staged {
        wakes.push(held_gate);
    }
    params.extend(wakes.iter().cloned());
    if gated {
        items.extend(quote! {
            use ::typesweeper::typelevel::sweep::{FilledBy, Opens, Relay, Released, Settle, Wake};
            /// The probe of cell `C` in the sweep `D` with `T` mines left, released by the
            /// trigger `K`, behind a gate (`Wake_..` or `Chain_..`).
            struct Ask<C, D, T, K>(::core::marker::PhantomData<(C, D, T, K)>);
            /// Through its gate, the probe runs once its stage's trigger is released.
            impl<C, D, T, K: ProbeWhen<C, D, T>> Released for Ask<C, D, T, K> {}
        });
    }
    Sweep {
        items,
        params,
        triggers,
        wakes,
    }
}

/// The board positions one sweep step covers (the module's documentation says why four).
const PACK: usize = 4;

/// The bound `opener: by<gate>`: the cell or gate `opener` opens `gate` (by `Wake`, `Relay` or
/// `Settle`).
fn opens_gate(span: Span, opener: &Toks, by: &str, gate: &Ident) -> Toks {
    let mut bound = Toks::at(span);
    bound.append(opener);
    bound.punct(':');
    bound.word(by);
    bound.punct('<');
    bound.append(&Toks::ident(gate));
    bound.punct('>');
    bound
}

/// The stage of the probes without the total released by `r` (see [`release`]), or `None` when
/// `r` releases a stage with the total.
fn stage_without_total(r: usize) -> Option<usize> {
    (0..PROBE_STAGES).find(|&s| release(s, false) == r)
}

/// `S<..S<t>..>`, `k` times.
fn succ(k: usize, t: TokenStream) -> TokenStream {
    (0..k).fold(t, |t, _| quote!(S<#t>))
}

/// `Spare<Blank, ..>`: what every `Sweep` obligation the expansion writes has for its spare
/// parameters.
fn spare_blank() -> TokenStream {
    spare_with(quote!(Blank))
}

/// `Spare<first, Blank, ..>`: `first` in the first spare slot, `Blank` in the others.
fn spare_with(first: TokenStream) -> TokenStream {
    let blanks = (0..PACK).map(|_| quote!(Blank));
    quote!(Spare<#first, #(#blanks),*>)
}

/// The struct of a step over `k` positions whose mines each take one from the window slots
/// `shape` ([`SweepLines::shape`]; `w` the stride), and one impl per way to place its cells:
/// each a mine or a number.
///
/// Window slots are named by their offset `o` from the step's first position `p`: the window
/// before the step holds `p - w - 1 ..= p + w`, the step opens the counters of `p + w + 1 ..=
/// p + w + k` from its struct, and the window after it holds `p + k - w - 1 ..= p + w + k`; the
/// first `k` slots close, at zero once the step's mines have taken their share.
///
/// Every impl declares the same type parameters in the same order: `L`, `M`, one per window
/// slot that stays open, one per opened counter, then one per cell (a number's count, or for a
/// mine a spare one bound to `Blank` in `Spare`; an impl without the total binds `M` there).
/// rustc makes a variable for each parameter of every impl it applies, numbered in that
/// order. With a count that differed from impl to impl, the searches of boards that need a
/// guess took up to a quarter longer and more memory, for the same states searched
/// (docs/compile-time.md, "Every impl the same parameters").
fn step_items(step: &Ident, k: usize, shape: &[usize], w: usize) -> TokenStream {
    let slots = 2 * w + 2;
    // Offsets are shifted by `w + 1` so that they start at 0: slot `i` of the window before the
    // step is offset `i`, the counters it opens are `slots .. slots + k`.
    let span = slots + k;
    let cells: Vec<Ident> = (0..k).map(|j| format_ident!("C{}", j)).collect();
    let opened: Vec<Ident> = (0..k).map(|j| format_ident!("V{}", j)).collect();
    let struct_params: Vec<&Ident> = cells
        .iter()
        .zip(&opened)
        .flat_map(|(c, v)| [c, v])
        .collect();
    let spare = spare_blank();
    let mut out = quote! {
        struct #step<#(#struct_params,)* L>(::core::marker::PhantomData<(#(#struct_params,)* L)>);
    };
    for mines in 0..1usize << k {
        let is_mine = |j: usize| mines >> j & 1 == 1;
        // How many of the step's mines each offset's counter loses.
        let mut hits = vec![0usize; span];
        for j in 0..k {
            if is_mine(j) {
                for &s in shape {
                    hits[j + s] += 1;
                }
            }
        }
        let slot = |o: usize| format_ident!("W{}", o);
        let left = |o: usize| format_ident!("N{}", o);
        // The window before the step: the closing slots at exactly their share of the step's
        // mines, the others at least at theirs.
        let mut slot_params: Vec<Ident> = Vec::with_capacity(slots);
        let mut before: Vec<TokenStream> = Vec::with_capacity(slots);
        for (o, &hit) in hits.iter().enumerate().take(slots) {
            before.push(if o < k {
                let zero = succ(hit, quote!(Z));
                quote!(Cnt<#zero>)
            } else if hit > 0 {
                let l = left(o);
                let count = succ(hit, quote!(#l));
                slot_params.push(l);
                quote!(Cnt<#count>)
            } else {
                let s = slot(o);
                slot_params.push(s.clone());
                quote!(#s)
            });
        }
        // The step's cells and the counters it opens; a mine's parameter is spare.
        let mut opened_params: Vec<Ident> = Vec::with_capacity(k);
        let mut cell_params: Vec<Ident> = Vec::with_capacity(k);
        let mut spares: Vec<TokenStream> = Vec::with_capacity(PACK + 1);
        let mut struct_args: Vec<TokenStream> = Vec::new();
        for j in 0..k {
            let c = format_ident!("K{}", j);
            if is_mine(j) {
                struct_args.push(quote!(Mine));
                spares.push(quote!(#c));
            } else {
                struct_args.push(quote!(Num<#c>));
                spares.push(quote!(Blank));
            }
            cell_params.push(c);
            let o = slots + j;
            let l = left(o);
            opened_params.push(l.clone());
            struct_args.push(succ(hits[o], quote!(#l)));
        }
        spares.resize(PACK, quote!(Blank));
        let generics = quote!(L, M, #(#slot_params,)* #(#opened_params,)* #(#cell_params),*);
        // The window after it.
        let after: Vec<TokenStream> = (k..span)
            .map(|o| {
                if o >= slots || hits[o] > 0 {
                    let l = left(o);
                    quote!(Cnt<#l>)
                } else {
                    let s = slot(o);
                    quote!(#s)
                }
            })
            .collect();
        let m = succ((0..k).filter(|&j| is_mine(j)).count(), quote!(M));
        let placed: Vec<&str> = (0..k)
            .map(|j| if is_mine(j) { "a mine" } else { "a number" })
            .collect();
        let doc = format!(
            " The cells {}: each mine takes one from its neighbours' counters and from the \
             mines left; the first {k} counters close at zero.",
            placed.join(", ")
        );
        out.extend(quote! {
            #[doc = #doc]
            impl<#generics> Sweep<(#(#before,)*), #m, Spare<#(#spares,)* Blank>>
                for #step<#(#struct_args,)* L>
            where
                L: Sweep<(#(#after,)*), M, #spare>,
            {
            }
        });
        // Without the total the mines left stay `Any` (the impl without a mine takes any
        // mines left already), and `M` is spare.
        if mines != 0 {
            let doc = format!(
                " The cells {}, in a search without the total: each mine takes one from its \
                 neighbours' counters; the first {k} counters close at zero.",
                placed.join(", ")
            );
            out.extend(quote! {
                #[doc = #doc]
                impl<#generics> Sweep<(#(#before,)*), Any, Spare<#(#spares,)* M>>
                    for #step<#(#struct_args,)* L>
                where
                    L: Sweep<(#(#after,)*), Any, #spare>,
                {
                }
            });
        }
    }
    out
}

/// The cells' and counters' variables (`Cell_..`, `Count_..`) among `trees`, groups included.
fn variables(trees: impl IntoIterator<Item = proc_macro2::TokenTree>, found: &mut Vec<Ident>) {
    for tree in trees {
        match tree {
            proc_macro2::TokenTree::Ident(id) => {
                let name = id.to_string();
                if name.starts_with("Cell_") || name.starts_with("Count_") {
                    found.push(id);
                }
            }
            proc_macro2::TokenTree::Group(g) => variables(g.stream(), found),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use proc_macro2::{TokenStream, TokenTree};
    use typesweeper_board::sweep_lines::PROBE_STAGES;

    /// The expansion of `solve!` with `body`, as tokens.
    fn expand(body: &str) -> Vec<TokenTree> {
        let input: TokenStream = body.parse().unwrap();
        let Ok(expansion) = super::super::solve(input) else {
            panic!("`solve! {{ {body} }}` is malformed");
        };
        flatten(expansion)
    }

    /// The tokens as text, separated by spaces.
    fn text(tokens: &[TokenTree]) -> String {
        tokens
            .iter()
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The body of a `level: complete` `solve!` of a `rows` x `cols` board with every cell
    /// unknown but R1C1, a shown 0, and no mine.
    fn open_board(rows: usize, cols: usize) -> String {
        let row = |first: &str| format!("[{first}{}]", " ?".repeat(cols - 1));
        let puzzle: Vec<String> = (0..rows)
            .map(|r| row(if r == 0 { "0" } else { "?" }))
            .collect();
        let answer = format!("[0{}]", " 0".repeat(cols - 1));
        format!(
            "level: complete puzzle: [{}] answer: [{}]",
            puzzle.join(" "),
            vec![answer; rows].join(" ")
        )
    }

    /// The body of a `level: complete` `solve!` of the board named `name` among the corpus
    /// boards copied into this package (`staged_boards.txt`).
    fn corpus_board(name: &str) -> String {
        let text = include_str!("staged_boards.txt");
        let blocks = typesweeper_board::corpus::parse_blocks(text).expect("the boards parse");
        let block = blocks
            .iter()
            .find(|b| b.name().starts_with(name))
            .expect("the board is among those copied");
        let rows = |b: &typesweeper_board::Board| -> String {
            let text = b.to_string();
            let rows: Vec<String> = text.lines().map(|r| format!("[{r}]")).collect();
            rows.join(" ")
        };
        let answer = block.answer.as_ref().expect("an answer");
        format!(
            "level: complete puzzle: [{}] answer: [{}]",
            rows(&block.puzzle),
            rows(answer)
        )
    }

    /// `tokens` with every group opened, its delimiters written as words (`OPEN(`, `)CLOSE`).
    fn flatten(tokens: TokenStream) -> Vec<TokenTree> {
        let word =
            |w: &str| TokenTree::Ident(proc_macro2::Ident::new(w, proc_macro2::Span::call_site()));
        let mut out = Vec::new();
        for t in tokens {
            match t {
                TokenTree::Group(g) => {
                    let name = format!("{:?}", g.delimiter());
                    out.push(word(&format!("Open{name}")));
                    out.extend(flatten(g.stream()));
                    out.push(word(&format!("Close{name}")));
                }
                t => out.push(t),
            }
        }
        out
    }

    /// The tokens of `tokens` as text, with the first argument of every `CellRules<..>` (the
    /// answer cell revealed once the solver has proved the cell) replaced by `ANSWER`.
    fn without_reveal_table(tokens: &[TokenTree]) -> String {
        let text: Vec<String> = tokens.iter().map(|t| t.to_string()).collect();
        let mut out = Vec::new();
        let mut i = 0;
        while i < text.len() {
            out.push(text[i].clone());
            if text[i] == "CellRules" && text.get(i + 1).map(String::as_str) == Some("<") {
                out.push("<".into());
                out.push("ANSWER".into());
                // Skip the answer cell: tokens up to the `,` at the same depth of `<`.
                let mut depth = 0i32;
                i += 2;
                while i < text.len() {
                    match text[i].as_str() {
                        "<" => depth += 1,
                        ">" => depth -= 1,
                        "," if depth == 0 => break,
                        _ => {}
                    }
                    i += 1;
                }
                continue;
            }
            i += 1;
        }
        out.join(" ")
    }

    /// The solver's items depend on what a player knows (the shape, the shown cells, the mine
    /// total) and on the answer only through the reveal table: the same puzzle with two
    /// different answers, both consistent and with the same mine total, expands to the same
    /// tokens once each `CellRules` bound's answer cell is set aside.
    #[test]
    fn the_answer_reaches_the_solver_only_through_the_reveal_table() {
        let puzzle = "[[? ? ? ? ?] [? 1 ? 1 ?] [? ? ? ? ?]]";
        let answers = [
            "[[x 1 0 1 x] [1 1 0 1 1] [0 0 0 0 0]]",
            "[[0 0 0 0 0] [1 1 0 1 1] [x 1 0 1 x]]",
        ];
        for level in ["fragment", "pairs", "complete"] {
            let [a, b] = answers
                .map(|answer| expand(&format!("level: {level} puzzle: {puzzle} answer: {answer}")));
            assert_ne!(
                text(&a),
                text(&b),
                "level {level}: the reveal tables differ"
            );
            assert_eq!(
                without_reveal_table(&a),
                without_reveal_table(&b),
                "level {level}: the expansions differ outside the reveal table"
            );
        }
    }

    /// `level: complete` writes the sweep (its probes and the statement that releases them);
    /// the other levels do not. With the shown numbers on the last row, every probe runs the
    /// backward sweep, and the forward one is not written.
    #[test]
    fn only_level_complete_writes_the_sweep() {
        let body = "puzzle: [[? ?] [1 1]] answer: [[x 1] [1 1]]";
        let has = |level: &str, word: &str| {
            expand(&format!("level: {level} {body}"))
                .iter()
                .any(|t| t.to_string() == word)
        };
        for word in [
            "ProbeWhen",
            "Sweep",
            "SweepListBackward",
            "Trigger0",
            "Go",
            "Valued",
        ] {
            assert!(has("complete", word), "complete lacks {word}");
            assert!(!has("pairs", word), "pairs has {word}");
            assert!(!has("fragment", word), "fragment has {word}");
        }
        assert!(!has("complete", "SweepList"));
        assert!(!has("complete", "SweepInit"));
    }

    /// The probes are released in `PROBE_STAGES` stages, each by its own statement, the probes
    /// with the shortest own share of the search first, the same number in each stage; each
    /// cell has a probe without the total and one with it, whose stage is released right after
    /// the stage `TOTAL_LAG` later without it. With a third of the cells shown, all on the
    /// first and last rows, every probe runs the forward sweep (`ProbeDirections::One`), so the
    /// cells come in sweep order.
    #[test]
    fn the_probes_are_released_in_stages_cheapest_first() {
        assert_eq!(PROBE_STAGES, 8, "the test is written for eight stages");
        assert_eq!(
            typesweeper_board::sweep_lines::TOTAL_LAG,
            3,
            "the test is written for a lag of three"
        );
        // Sixteen unknown cells in the four middle rows of a 6x4 board; the sweep goes row by
        // row, so the cells come in reading order, two probes a stage.
        let text = text(&expand(
            "level: complete puzzle: [[1 1 1 0] [? ? ? ?] [? ? ? ?] [? ? ? ?] [? ? ? ?] \
             [0 1 1 1]] answer: [[1 1 1 0] [1 x 2 1] [2 2 2 x] [x 2 2 2] [1 2 x 1] [0 1 1 1]]",
        ));
        // Each probe: `TriggerK : ProbeWhen < Cell_RnCm , Forward , Mines >`, its mines `Any`
        // or the total (four mines here); or, without the total for a cell no shown number
        // touches (rows 3 and 4), behind its gate: `Wake_RnCm : Opens < Ask < Cell_RnCm ,
        // Forward , Any , TriggerK > >`, and with the total for such a cell but the first, behind
        // its gate in the chain (`Chain_RnCm`).
        let release_of = |cell: &str, mines: &str| {
            let found: Vec<usize> = (0..2 * PROBE_STAGES)
                .filter(|k| {
                    let gate =
                        cell.replace("Cell_", if mines == "Any" { "Wake_" } else { "Chain_" });
                    text.contains(&format!(
                        "Trigger{k} : ProbeWhen < {cell} , Forward , {mines} >"
                    )) || text.contains(&format!(
                        "{gate} : Opens < Ask < {cell} , Forward , {mines} , Trigger{k} >"
                    ))
                })
                .collect();
            assert_eq!(found.len(), 1, "{cell} with {mines}: {found:?}");
            found[0]
        };
        // Without the total: releases 0, 1, 2, 3, 5, 7, 9, 11; with it: 4, 6, 8, 10, 12, 13,
        // 14, 15.
        let without = [0, 1, 2, 3, 5, 7, 9, 11];
        let with = [4, 6, 8, 10, 12, 13, 14, 15];
        for k in 0..16 {
            let (cell, stage) = (format!("Cell_R{}C{}", k / 4 + 2, k % 4 + 1), k / 2);
            assert_eq!(release_of(&cell, "Any"), without[stage], "{cell}");
            assert_eq!(
                release_of(&cell, "S < S < S < S < Z > > > >"),
                with[stage],
                "{cell}"
            );
            assert!(!text.contains(&format!("{cell} , Backward")), "{cell}");
        }
        // Two probes a cell, no more: 15 of them behind a gate, the eight without the total of
        // the cells no shown number touches and seven of their eight with it.
        assert_eq!(text.matches(": ProbeWhen < Cell_").count(), 17);
        assert_eq!(text.matches(": Opens < Ask <").count(), 15);
        // One release statement a trigger, in the order of the triggers.
        let mut last = 0;
        for k in 0..2 * PROBE_STAGES {
            let release = format!(
                "let _ : : : core : : marker : : PhantomData < Go < _ > > = released . {k} ;"
            );
            let at = text
                .find(&release)
                .unwrap_or_else(|| panic!("no release of trigger {k}"));
            assert!(
                at > last,
                "trigger {k} is released before the one before it"
            );
            last = at;
        }
        assert!(!text.contains(&format!("Trigger{}", 2 * PROBE_STAGES)));
    }

    /// On a board of at most `GATE_MAX_CELLS` cells, the probes with the total of the cells no
    /// shown number touches wait in a chain: the first runs at its stage, each other behind a
    /// gate that the cell before it in the chain opens once decided (`Settle`), and that the
    /// gates without the total of both open once open (`Relay`: a neighbour proved safe).
    #[test]
    fn probes_with_the_total_of_untouched_cells_wait_in_a_chain() {
        let body = "puzzle: [[1 ? ?] [? ? ?] [? x ?]] answer: [[1 1 0] [x 2 1] [2 x 1]]";
        let small = text(&expand(&format!("level: complete {body}")));
        let name = |i: usize| format!("R{}C{}", i / 3 + 1, i % 3 + 1);
        // R1C3, R2C3, R3C1 and R3C3 touch no shown number; two mines in all.
        let untouched = [2, 5, 6, 8];
        let runs_free = |c: usize| {
            ["Forward", "Backward"].iter().any(|d| {
                small.contains(&format!(
                    ": ProbeWhen < Cell_{} , {d} , S < S < Z > > >",
                    name(c)
                ))
            })
        };
        let head: Vec<usize> = untouched.into_iter().filter(|&c| runs_free(c)).collect();
        assert_eq!(
            head.len(),
            1,
            "one probe with the total runs at its stage: {head:?}"
        );
        // Follow the chain from its first cell: each next cell's gate is settled by the one
        // before it.
        let mut seen = vec![head[0]];
        while seen.len() < untouched.len() {
            let before = *seen.last().unwrap();
            let next: Vec<usize> = untouched
                .into_iter()
                .filter(|&c| {
                    small.contains(&format!(
                        "Cell_{} : Settle < Chain_{} >",
                        name(before),
                        name(c)
                    ))
                })
                .collect();
            assert_eq!(next.len(), 1, "after {}: {next:?}", name(before));
            let c = next[0];
            assert!(!runs_free(c), "{} waits", name(c));
            let gate = format!("Chain_{}", name(c));
            assert!(small.contains(&format!("{gate} : Opens < Ask < Cell_{} ,", name(c))));
            // Its openers: the gates without the total of its cell and of the one before it
            // (each opened by that cell's unknown neighbours), and that cell once decided.
            for cell in [c, before] {
                let relay = format!("Wake_{} : Relay < {gate} >", name(cell));
                assert!(small.contains(&relay), "{relay}");
            }
            assert_eq!(small.matches(&format!("< {gate} >")).count(), 3);
            seen.push(c);
        }
        // Every other probe with the total runs at its stage.
        for c in [1, 3, 4] {
            assert!(runs_free(c), "{} touches the shown 1", name(c));
        }
        assert!(!small.contains("Settle < Chain_R1C2"));
    }

    /// On a board of at most `GATE_MAX_CELLS` cells, the probe without the total of a cell no
    /// shown number touches waits behind a gate that each unknown neighbour can open; a cell a
    /// shown number touches does not wait. A shown mine opens nothing. Larger boards have no
    /// gates.
    #[test]
    fn probes_without_the_total_of_untouched_cells_wait_for_a_neighbour() {
        let text = |body: &str| text(&expand(body));
        // The shown 1 at R1C1 touches R1C2, R2C1 and R2C2; the other unknown cells touch no
        // shown number (R3C2 is a shown mine).
        let small = text(
            "level: complete puzzle: [[1 ? ?] [? ? ?] [? x ?]] \
             answer: [[1 1 0] [x 2 1] [2 x 1]]",
        );
        let gated =
            |cell: &str| small.contains(&format!("Wake_{cell} : Opens < Ask < Cell_{cell} ,"));
        for cell in ["R1C2", "R2C1", "R2C2"] {
            assert!(!gated(cell), "{cell} touches the shown 1");
        }
        for cell in ["R1C3", "R2C3", "R3C1", "R3C3"] {
            assert!(gated(cell), "{cell} touches no shown number");
        }
        // R3C1's gate: one bound for each unknown neighbour (R2C1, R2C2), none for the mine.
        assert_eq!(small.matches(": Wake < Wake_R3C1 >").count(), 2);
        assert!(small.contains("Cell_R2C1 : Wake < Wake_R3C1 >"));
        assert!(small.contains("Cell_R2C2 : Wake < Wake_R3C1 >"));
        // Four gates without the total, and three with it (the chain's first cell has none).
        assert_eq!(small.matches(": Opens < Ask <").count(), 4 + 3);
        // Each gate is a diverging variable: `puzzle` takes them, and is passed `loop {}`s.
        let gates = small
            .split("Option < OpenParenthesis ")
            .nth(1)
            .and_then(|rest| rest.split(" CloseParenthesis >").next())
            .expect("the gates' parameter");
        assert_eq!(gates.matches("Wake_").count(), 4, "{gates}");
        assert_eq!(gates.matches("Chain_").count(), 3, "{gates}");
        assert!(small.contains(&format!(
            "Some OpenParenthesis OpenParenthesis {}CloseParenthesis CloseParenthesis",
            "loop OpenBrace CloseBrace , ".repeat(7)
        )));

        // 13x12 = 156 cells: no gates.
        let large = text(&open_board(13, 12));
        const { assert!(13 * 12 > super::GATE_MAX_CELLS) };
        assert_eq!(large.matches(": ProbeWhen < Cell_").count(), 2 * 155);
        assert!(!large.contains("Opens"));
        assert!(!large.contains("Wake"));
        // One cell shown of 156, under a tenth: each probe runs the sweep in which its cell
        // comes earlier, and the cells nearest either end come first: R1C2 forward and R13C12
        // backward in the first stage, R7C7, in the middle of the sweep, in the last one
        // without the total (release 11).
        assert!(large.contains("Trigger0 : ProbeWhen < Cell_R1C2 , Forward , Any >"));
        assert!(large.contains("Trigger0 : ProbeWhen < Cell_R13C12 , Backward , Any >"));
        assert!(large.contains("Trigger11 : ProbeWhen < Cell_R7C7 , Backward , Any >"));
    }

    /// On a board of more than `GATE_MAX_CELLS` cells where the total cannot decide anything
    /// yet (fewer cells touched by a number than mines left, and fewer mines left than cells
    /// untouched), the stages of the probes with the total, and of the probes without it of the
    /// untouched cells, get their sweeps only once `Slack` is open, which the touched cells
    /// open once decided (`typesweeper_board::probe_gates::TotalSlack`).
    #[test]
    fn while_the_total_cannot_bind_its_probes_wait_for_a_gate() {
        // 13x12, R1C1 shown, the given cells mines.
        let body = |mines: &[usize]| -> String {
            let (rows, cols) = (13, 12);
            let around = |i: usize| {
                typesweeper_board::neighbours(rows, cols, i / cols, i % cols)
                    .filter(|j| mines.contains(j))
                    .count()
            };
            let cell = |i: usize| {
                if mines.contains(&i) {
                    "x".to_string()
                } else {
                    around(i).to_string()
                }
            };
            let grid = |shown: &dyn Fn(usize) -> String| {
                (0..rows)
                    .map(|r| {
                        let row: Vec<String> = (0..cols).map(|c| shown(r * cols + c)).collect();
                        format!("[{}]", row.join(" "))
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let puzzle = grid(&|i| if i == 0 { cell(0) } else { "?".into() });
            format!(
                "level: complete puzzle: [{puzzle}] answer: [{}]",
                grid(&cell)
            )
        };
        // 20 mines, one beside R1C1: 3 cells touched < 20 < 152 untouched.
        let mines: Vec<usize> = std::iter::once(1)
            .chain((0..19).map(|k| 40 + 6 * k))
            .collect();
        let slack = text(&expand(&body(&mines)));
        assert!(slack.contains("Trigger0 : Carries <"));
        assert!(slack.contains("Trigger4 : FilledBy < Slack ,"));
        assert!(slack.contains("TriggerWait0 : FilledBy < Slack ,"));
        assert!(slack.contains("TriggerWait7 : ProbeWhen < Cell_R7C7 , Backward , Any >"));
        assert!(slack.contains("Trigger0 : ProbeWhen < Cell_R1C2 , Forward , Any >"));
        assert_eq!(slack.matches(": Settle < Slack >").count(), 3);
        for touched in ["R1C2", "R2C1", "R2C2"] {
            assert!(slack.contains(&format!("Cell_{touched} : Settle < Slack >")));
        }
        // Two mines, one beside R1C1: the total may bind, and nothing waits.
        let few = text(&expand(&body(&[1, 100])));
        assert!(!few.contains("Slack"));
        assert!(!few.contains("TriggerWait"));
    }

    /// Every position has the same shape (a padding position between two lines, free counters
    /// off the board), so one step struct serves every step but the last: a 9x9 board's sweep
    /// is 81 cells and 8 paddings, 22 steps of four and one of one.
    #[test]
    fn one_step_struct_serves_every_step_but_the_last() {
        let text = text(&expand(&open_board(9, 9)));
        let structs: Vec<&str> = text
            .split("struct Step")
            .skip(1)
            .map(|rest| rest.split(' ').next().unwrap())
            .collect();
        assert_eq!(structs, ["1", "4"]);
        // Each sweep names its steps once, 22 of four and one of one, forward and backward;
        // and each struct is declared once.
        assert_eq!(
            text.matches("Step4 <").count() - text.matches("for Step4 <").count(),
            2 * 22 + 1
        );
        assert_eq!(
            text.matches("Step1 <").count() - text.matches("for Step1 <").count(),
            2 + 1
        );
        // The counters each sweep starts, in the order of its positions (the first window,
        // then the counter each step opens), as far as they are variables: the backward sweep
        // names the same counters in the reverse order, so a free counter is the same variable
        // in both.
        let counters = |list: &str, init: &str| -> Vec<&str> {
            let subject = |bound: &str| {
                let end = text.find(&format!(": Later < {bound} >")).unwrap();
                &text[text[..end].rfind(" where ").unwrap()..end]
            };
            [subject(init), subject(list)]
                .into_iter()
                .flat_map(|t| t.split(' '))
                .filter(|t| t.starts_with("Count_"))
                .collect()
        };
        let forward = counters("SweepList", "SweepInit");
        let mut backward = counters("SweepListBackward", "SweepInitBackward");
        backward.reverse();
        assert_eq!(forward, backward);
        // The free counters: 8 paddings and the 11 positions of each window off the board,
        // above and below, each a variable of its own, once in each sweep.
        let pads: Vec<&str> = forward
            .iter()
            .copied()
            .filter(|t| t.starts_with("Count_Pad"))
            .collect();
        let distinct: std::collections::BTreeSet<&str> = pads.iter().copied().collect();
        assert_eq!((pads.len(), distinct.len()), (8 + 2 * 11, 8 + 2 * 11));
        // And the counters of the 80 unknown cells (all but R1C1, a shown 0).
        assert!(forward.contains(&"Count_R1C2") && !forward.contains(&"Count_R1C1"));
        assert_eq!(forward.len() - pads.len(), 80);
    }

    /// Every impl of `Sweep` for a step struct declares the same type parameters in the same
    /// order, whatever it places and with the total or without: a mine's cell, and `M` without
    /// the total, are bound in the spare argument instead.
    #[test]
    fn every_step_impl_declares_the_same_parameters() {
        let text = text(&expand(&open_board(9, 9)));
        for step in ["Step4", "Step1"] {
            let for_step = format!(" for {step} <");
            // Each impl's parameters, spare argument, and the cells its self type places.
            let impls: Vec<(&str, &str, Vec<bool>)> = text
                .split("impl <")
                .skip(1)
                .filter(|rest| {
                    rest[..rest.find(" where ").unwrap_or(rest.len())].contains(&for_step)
                })
                .map(|rest| {
                    let generics = &rest[..rest.find("> Sweep <").unwrap()];
                    let spare = &rest[rest.find("Spare <").unwrap()..];
                    let self_ty =
                        &rest[rest.find(&for_step).unwrap()..rest.find(" where ").unwrap()];
                    let mines = self_ty
                        .split(' ')
                        .filter(|t| *t == "Mine" || *t == "Num")
                        .map(|t| t == "Mine")
                        .collect();
                    (generics, &spare[..spare.find('>').unwrap()], mines)
                })
                .collect();
            // With the total, one impl per way to place the cells; without it, one more per way
            // with a mine.
            let ways = if step == "Step4" { 16 } else { 2 };
            assert_eq!(impls.len(), 2 * ways - 1, "{step}");
            // A window slot's parameter is `W<offset>` where the step leaves it as it is and
            // `N<offset>` where a mine takes from it: one parameter per offset either way.
            let shape = |generics: &str| -> Vec<String> {
                generics
                    .split(',')
                    .map(|g| g.trim().trim_start_matches(['W', 'N']).to_string())
                    .collect()
            };
            assert!(
                impls.iter().all(|(g, _, _)| shape(g) == shape(impls[0].0)),
                "{step}"
            );
            assert!(
                impls[0].0.trim_start().starts_with("L , M ,"),
                "{}",
                impls[0].0
            );
            // The spare argument binds `Kj` exactly where cell `j` is a mine (`Blank` in the
            // other slots), and `M` in the impls without the total.
            let cells = if step == "Step4" { super::PACK } else { 1 };
            for (_, spare, mines) in &impls {
                let args: Vec<&str> = spare["Spare <".len()..].split(',').map(str::trim).collect();
                assert_eq!(args.len(), super::PACK + 1, "{spare}");
                assert_eq!(mines.len(), cells, "{step}");
                for (j, arg) in args[..super::PACK].iter().enumerate() {
                    let mine = mines.get(j).copied().unwrap_or(false);
                    let want = if mine {
                        format!("K{j}")
                    } else {
                        "Blank".into()
                    };
                    assert_eq!(*arg, want, "{spare}: cell {j}");
                }
                assert!(["M", "Blank"].contains(&args[super::PACK]), "{spare}");
            }
            assert_eq!(
                impls.iter().filter(|(_, s, _)| s.ends_with(", M ")).count(),
                ways - 1
            );
        }
    }

    /// A board of more than `GATE_MAX_CELLS` cells that the work model refuses and the stages
    /// replayed take (`CompletePlan::Staged`: corpus 600101) gets the gates without the total of
    /// the cells no number touches; a board the model takes (600035) does not.
    #[test]
    fn a_board_the_model_refuses_and_the_replay_takes_gets_the_staged_search() {
        let staged = text(&expand(&corpus_board("board 600101")));
        assert!(
            staged.contains(": Opens < Ask <"),
            "the gates without the total"
        );
        // The sweeps start where a decided probe's sweep without the total waits.
        assert!(
            staged.contains(
                "Start < < Count_Held as : : typesweeper : : typelevel : : sweep : : Fallen > : : \
                 Out , Step4 <"
            ),
            "the held start"
        );
        assert!(staged.contains("Count_Held : : : typesweeper : : typelevel : : sweep : : Fallen"));
        let standard = text(&expand(&corpus_board("board 600035")));
        assert!(!standard.contains(": Opens < Ask <"));
        assert!(!standard.contains("Count_Held"));
        assert!(!standard.contains("Start <"));
    }
}
