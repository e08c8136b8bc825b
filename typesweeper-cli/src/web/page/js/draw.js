// Drawing: a state from the server adopted, the board (built once per size, then only the
// cells whose look changed), the counters and the face, the status, information and message
// lines, and the timer.

import { compileOverlay, refreshCompile } from "./compile.js";
import { cellName, fitCell, formatMillis, led, lookOf } from "./pure.js";
import { hideWhy, refreshChances, SOLVER_NOTE, solverNote } from "./solver.js";
import { $, page } from "./state.js";

/** Takes a state from the server and draws it. A state of another game is dropped. */
export function adopt(state) {
  const fresh = !page.game || page.game.id !== state.id;
  page.game = state;
  const key = state.board.join("\n");
  const changed = fresh || key !== page.boardKey;
  page.boardKey = key;
  if (fresh) {
    page.chances = null;
    page.compile = null;
    $("seed").value = state.seedText;
    page.cursor = {
      row: Math.min(page.cursor.row, state.rows - 1),
      col: Math.min(page.cursor.col, state.cols - 1),
    };
    hideWhy();
    $("export-out").replaceChildren();
  }
  // The clock ticks here from the server's time, until the next state.
  page.clock = { base: state.elapsed_ms, at: performance.now(), running: state.running };
  if (changed) boardChanged();
  draw();
}

/** After any change of the board: the hint and the explanation no longer hold; the overlays
 *  that are on are asked for again. */
function boardChanged() {
  if (page.hint) {
    page.hint = null;
    $("hint").setAttribute("aria-pressed", "false");
    if (!page.probabilitiesOn) solverNote(SOLVER_NOTE);
  }
  hideWhy();
  if (page.probabilitiesOn) refreshChances();
  if (page.compileOpen) refreshCompile();
}

function draw() {
  const g = page.game;
  if (!g) return;
  drawBoard();
  drawStatus();
}

/** Builds the board's elements for a rows x cols game: a grid of rows of cells, one of them in
 *  the tab order (the cursor's: the arrow keys move it). */
function buildBoard(rows, cols) {
  const board = $("board");
  const hadFocus = board.contains(document.activeElement);
  board.setAttribute("aria-rowcount", String(rows));
  board.setAttribute("aria-colcount", String(cols));
  const cells = [];
  const fragment = document.createDocumentFragment();
  for (let r = 0; r < rows; r++) {
    const line = document.createElement("div");
    line.className = "row";
    line.setAttribute("role", "row");
    for (let c = 0; c < cols; c++) {
      const cell = document.createElement("div");
      cell.className = "cell hidden";
      cell.dataset.row = r;
      cell.dataset.col = c;
      cell.setAttribute("role", "gridcell");
      cell.tabIndex = -1;
      line.appendChild(cell);
      cells.push(cell);
    }
    fragment.appendChild(line);
  }
  board.replaceChildren(fragment);
  board.dataset.rows = rows;
  board.dataset.cols = cols;
  page.cells = cells;
  page.looks = new Array(cells.length).fill("");
  page.tabCell = null;
  page.refocus = hadFocus;
}

/** The cursor's cell element. */
function cursorCell() {
  const g = page.game;
  return g ? page.cells[page.cursor.row * g.cols + page.cursor.col] : null;
}

/** Puts the focus on the cursor's cell (and scrolls it into view). */
export function focusCursor() {
  const cell = cursorCell();
  if (!cell) return;
  page.focusing = true;
  try {
    cell.focus({ preventScroll: true });
  } finally {
    page.focusing = false;
  }
  cell.scrollIntoView({ block: "nearest", inline: "nearest" });
}

/** The cells' size that fits the board in the window. */
export function sizeBoard() {
  const g = page.game;
  if (!g) return;
  const size = fitCell(g.rows, g.cols, window.innerWidth, window.innerHeight);
  if (size !== page.cellSize) {
    page.cellSize = size;
    document.documentElement.style.setProperty("--cell", `${size}px`);
  }
}

/** Draws the board, touching only the cells whose look changed. */
export function drawBoard() {
  const g = page.game;
  const board = $("board");
  if (page.cells.length !== g.rows * g.cols || board.dataset.cols !== String(g.cols)) {
    buildBoard(g.rows, g.cols);
  }
  sizeBoard();
  // For tests and tools that read the page: which game this board is.
  board.dataset.gameId = g.id;
  board.dataset.level = g.level;
  board.dataset.firstClick = g.first_click;
  board.dataset.seed = g.seedText;
  board.dataset.status = g.status;
  board.classList.toggle("locked", g.status !== "playing");
  // What the cells are drawn from (see lookOf), the same for every cell.
  const view = {
    game: g,
    boardKey: page.boardKey,
    hint: page.hint,
    chances: page.chances,
    probabilitiesOn: page.probabilitiesOn,
    why: page.why,
    cursor: page.cursor,
    cursorShown: page.cursorShown,
    overlay: compileOverlay(),
    overlayLevel: $("compile-overlay").value,
  };
  for (let r = 0; r < g.rows; r++) {
    for (let c = 0; c < g.cols; c++) {
      const i = r * g.cols + c;
      const look = lookOf(view, r, c);
      const key = `${look.cls}|${look.text}|${look.bg}|${look.ch}|${look.label}`;
      if (page.looks[i] === key) continue;
      page.looks[i] = key;
      const cell = page.cells[i];
      cell.className = look.cls;
      cell.textContent = look.text;
      cell.style.backgroundColor = look.bg;
      cell.dataset.state = look.ch;
      cell.setAttribute("aria-label", look.label);
    }
  }
  // One tab stop: the cursor's cell.
  const tab = cursorCell();
  if (tab !== page.tabCell) {
    if (page.tabCell) page.tabCell.tabIndex = -1;
    if (tab) tab.tabIndex = 0;
    page.tabCell = tab;
  }
  if (page.refocus) {
    page.refocus = false;
    focusCursor();
  }
}

/** The face on the button between the counters. */
const FACES = (() => {
  const head = '<circle cx="12" cy="12" r="10.5" fill="#ffdd00" stroke="#000" stroke-width="1.2"/>';
  const eyes = '<circle cx="8.6" cy="9.4" r="1.4"/><circle cx="15.4" cy="9.4" r="1.4"/>';
  const smile = '<path d="M7.3 14.2q4.7 4.6 9.4 0" fill="none" stroke="#000" stroke-width="1.5" stroke-linecap="round"/>';
  const svg = (inner) => `<svg viewBox="0 0 24 24" aria-hidden="true">${head}<g fill="#000">${inner}</g></svg>`;
  return {
    playing: svg(eyes + smile),
    wow: svg(eyes + '<circle cx="12" cy="15.6" r="2.2" fill="none" stroke="#000" stroke-width="1.5"/>'),
    won: svg(
      '<path d="M4.2 8.6h15.6" stroke="#000" stroke-width="1.2"/><path d="M5.2 8.2h5.6l-.6 3.4H6.2zM13.2 8.2h5.6l-1 3.4h-4z"/>' + smile
    ),
    lost: svg(
      '<path d="M7 7.8l3.2 3.2M10.2 7.8 7 11M13.8 7.8l3.2 3.2M17 7.8 13.8 11" stroke="#000" stroke-width="1.4"/>' +
        '<path d="M7.6 17.2q4.4-4 8.8 0" fill="none" stroke="#000" stroke-width="1.5" stroke-linecap="round"/>'
    ),
  };
})();

/** The face the button shows now (it is redrawn only when it changes). */
let faceShown = "";

export function setFace(which) {
  if (which === faceShown) return;
  faceShown = which;
  $("face").innerHTML = FACES[which];
}

/** The counters, the face, the status line, the information line and the message. */
function drawStatus() {
  const g = page.game;
  // A won game shows every mine flagged, so its counter reads 0 as the classic game's does
  // (the server counts only the player's own flags).
  const minesLeft = g.status === "won" ? 0 : g.mines_left;
  $("mines-led").textContent = led(minesLeft);
  $("mines-left").textContent = String(minesLeft);
  setFace(g.status);
  const status = $("status");
  status.textContent = g.status;
  status.className = `state ${g.status}`;
  $("helped").hidden = !g.helped;
  $("seed-shown").textContent = g.seedText;
  $("best").textContent = g.best ? formatMillis(g.best.millis) : "none yet";
  $("best-line").title = g.best
    ? `best time for ${g.best_key}: ${formatMillis(g.best.millis)}, seed ${g.best.seed}`
    : `no best time for ${g.best_key} yet`;
  $("best-line").firstChild.textContent = `best (${g.best_key}) `;

  const names = { beginner: "Beginner", intermediate: "Intermediate", expert: "Expert" };
  const level = names[g.level] ? `${names[g.level]} ${g.rows}×${g.cols}` : `Custom ${g.rows}×${g.cols}`;
  let info = `${level}, ${g.mines} mines · first click ${g.first_click}`;
  if (g.no_guess) {
    info += g.opened_for_you
      ? ` · no guess: ${cellName(g.opened_for_you.row, g.opened_for_you.col)} was opened for you`
      : " · no guess (none found: an ordinary board)";
  }
  if (!g.question_marks) info += " · no ? marks";
  $("info").textContent = info;
  $("marks").checked = g.question_marks;

  setMessage(g.message || "", { won: "good", lost: "bad" }[g.status] || "");
  tick();
}

/** Marks the game as helped on the page when a solver answer (not a state) helped it. */
export function markHelped() {
  if (page.game && !page.game.helped) {
    page.game.helped = true;
    $("helped").hidden = false;
  }
}

export function setMessage(text, kind) {
  const m = $("message");
  m.textContent = text;
  m.className = `message ${kind || ""}`;
}

/** API errors and bad input go to the message line (never an alert). */
export function showError(e) {
  setMessage(e && e.message ? e.message : String(e), "error");
}

/** The timer ticks here from the server's elapsed_ms while the clock runs. */
export function tick() {
  const c = page.clock;
  const ms = c.base + (c.running ? performance.now() - c.at : 0);
  $("time-led").textContent = led(Math.floor(ms / 1000));
  $("time").textContent = formatMillis(ms);
}
