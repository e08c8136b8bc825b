// The solver panel: one move, play to the end, the hint and why, the probabilities.

import { api, refresher, serial, sleep } from "./api.js";
import { drawBoard, focusCursor, markHelped, setMessage, showError } from "./draw.js";
import { act } from "./input.js";
import { $, page } from "./state.js";

export const SOLVER_NOTE = "The solver plays from what you see. Any help marks the game as helped: it sets no best time.";

export function solverNote(text, warn) {
  const note = $("solver-note");
  note.textContent = text;
  note.className = warn ? "note warn" : "note";
}

/** One solver move. */
export function solverMove() {
  stopAutoplay();
  return serial(() => act("solver-move"));
}

/** The solver plays to the end, a move every 80 ms; again (or any move of the player's) stops. */
export async function toggleAutoplay() {
  if (page.autoplay) {
    stopAutoplay();
    return;
  }
  if (!page.game || page.game.status !== "playing") {
    setMessage(`the game is ${page.game ? page.game.status : "not dealt"}: start a new game or restart`, "error");
    return;
  }
  const token = {};
  page.autoplay = token;
  const button = $("ai-run");
  button.textContent = "Stop";
  button.classList.add("stop");
  try {
    while (page.autoplay === token && page.game && page.game.status === "playing") {
      const ok = await serial(() => (page.autoplay === token ? act("solver-move") : true));
      if (!ok) break;
      await sleep(80);
    }
  } finally {
    if (page.autoplay === token) stopAutoplay();
  }
}

export function stopAutoplay() {
  page.autoplay = null;
  const button = $("ai-run");
  button.textContent = "AI till end";
  button.classList.remove("stop");
}

/** The hint: cells proved safe (green) and mines (red), shown until the board changes. */
export async function toggleHint() {
  if (page.hint) {
    page.hint = null;
    $("hint").setAttribute("aria-pressed", "false");
    hideWhy();
    if (!page.probabilitiesOn) solverNote(SOLVER_NOTE);
    drawBoard();
    return;
  }
  const g = page.game;
  if (!g) return;
  const key = page.boardKey;
  try {
    const hint = await api("POST", `/api/games/${g.id}/hint`, {});
    if (!page.game || page.game.id !== g.id || page.boardKey !== key) return;
    const index = (at) => at.row * g.cols + at.col;
    page.hint = { key, safe: new Set(hint.safe.map(index)), mines: new Set(hint.mines.map(index)), exact: hint.exact };
    $("hint").setAttribute("aria-pressed", "true");
    const what =
      hint.safe.length + hint.mines.length === 0
        ? "Nothing is proved here: every unopened cell could hold a mine. Probabilities show the chances."
        : `Proved: ${hint.safe.length} safe (✓, green), ${hint.mines.length} ${hint.mines.length === 1 ? "mine" : "mines"} (!, red). Shift+click a cell, or press w on it, to see why.`;
    page.hint.note = what + (hint.exact ? "" : " (What the solver finished within its budget: the board is too tangled for all of it.)");
    solverNote(page.hint.note, !hint.exact);
    markHelped();
    drawBoard();
  } catch (e) {
    showError(e);
  }
}

/** Why a cell is safe, a mine or undecided, in the Why panel (and in short on the message
 *  line, which a screen reader reads out). */
export async function explain(row, col) {
  const g = page.game;
  if (!g) return;
  const key = page.boardKey;
  try {
    const why = await api("POST", `/api/games/${g.id}/explain`, { row, col });
    if (!page.game || page.game.id !== g.id || page.boardKey !== key) return;
    $("why-cell").textContent = why.cell;
    const verdict = $("why-verdict");
    verdict.textContent = why.verdict;
    verdict.className = `verdict ${why.verdict}`;
    const lines = $("why-lines");
    lines.replaceChildren(
      ...why.lines.map((line) => {
        const li = document.createElement("li");
        li.textContent = line;
        return li;
      })
    );
    $("why").hidden = false;
    // The last line is the conclusion about the cell itself.
    setMessage(`Why ${why.cell}: ${why.verdict}${why.lines.length ? ". " + why.lines[why.lines.length - 1] : ""}`);
    page.why = { row, col };
    markHelped();
    drawBoard();
  } catch (e) {
    showError(e);
  }
}

export function hideWhy() {
  $("why").hidden = true;
  if (page.why) {
    page.why = null;
    if (page.game) drawBoard();
  }
}

/** The probability overlay, on or off. */
export function toggleProbabilities() {
  page.probabilitiesOn = !page.probabilitiesOn;
  $("probabilities").setAttribute("aria-pressed", String(page.probabilitiesOn));
  $("scale").hidden = !page.probabilitiesOn;
  if (page.probabilitiesOn) refreshChances();
  else {
    solverNote(page.hint ? page.hint.note : SOLVER_NOTE, page.hint && !page.hint.exact);
    drawBoard();
  }
}

/** Asks for the chances of the board as it is now (again after each change while on). */
export const refreshChances = refresher(async () => {
  const g = page.game;
  if (!g || !page.probabilitiesOn) return;
  if (g.status !== "playing") {
    page.chances = null;
    solverNote(`Probabilities: the game is ${g.status}.`);
    drawBoard();
    return;
  }
  const key = page.boardKey;
  try {
    const answer = await api("POST", `/api/games/${g.id}/probabilities`, {});
    if (!page.game || page.game.id !== g.id) return;
    page.chances = { key, chances: answer.chances, exact: answer.exact };
    solverNote(
      answer.exact
        ? "Each unopened cell's exact chance of a mine, in percent, from the numbers and the mine total."
        : "Estimates, not exact: the board is too tangled for the solver's budget.",
      !answer.exact
    );
    markHelped();
  } catch (e) {
    if (!page.game || page.game.id !== g.id) return;
    page.chances = null;
    solverNote(`Probabilities: ${e.message}`, e.status !== 409);
  }
  drawBoard();
});

export function bindSolver() {
  $("ai-move").addEventListener("click", () => solverMove());
  $("ai-run").addEventListener("click", () => toggleAutoplay());
  $("hint").addEventListener("click", () => toggleHint());
  $("probabilities").addEventListener("click", () => toggleProbabilities());
  $("why-close").addEventListener("click", () => {
    const hadFocus = $("why").contains(document.activeElement);
    hideWhy();
    if (hadFocus) focusCursor();
  });
}
