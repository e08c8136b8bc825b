// Playing: the actions posted on the game, and the mouse, touch and keyboard on the board (the
// keys' table is pure.js's BOARD_KEYS; onKey dispatches its actions).

import { api, serial } from "./api.js";
import { toggleCompileView } from "./compile.js";
import { adopt, drawBoard, focusCursor, setFace, showError } from "./draw.js";
import { helpShown, hideHelp, showHelp } from "./help.js";
import { actsAnywhere, CURSOR_FIRST, isUnopened, keyAction } from "./pure.js";
import { newGame, restart, setMarks } from "./settings.js";
import { explain, hideWhy, solverMove, stopAutoplay, toggleAutoplay, toggleHint, toggleProbabilities } from "./solver.js";
import { $, charAt, page } from "./state.js";

/** Posts an action on the game and draws the answer. Answers whether it went through. */
export async function act(path, body) {
  const g = page.game;
  if (!g) return false;
  try {
    const state = await api("POST", `/api/games/${g.id}/${path}`, body === undefined ? {} : body);
    if (page.game && page.game.id === state.id) adopt(state);
    return true;
  } catch (e) {
    if (page.game && page.game.id === g.id) showError(e);
    return false;
  }
}

/** The player opens (row, col): a chord on an open number; in flag mode, an unopened cell is
 *  flagged instead. */
function playerOpen(row, col) {
  if (!page.game) return;
  const ch = charAt(row, col);
  if (page.flagMode && isUnopened(ch)) {
    playerFlag(row, col);
    return;
  }
  stopAutoplay();
  serial(() => act("open", { row, col }));
}

function playerFlag(row, col) {
  if (!page.game) return;
  stopAutoplay();
  serial(() => act("flag", { row, col }));
}

function playerChord(row, col) {
  if (!page.game) return;
  stopAutoplay();
  serial(() => act("chord", { row, col }));
}

function cellOf(event) {
  const cell = event.target.closest(".cell");
  if (!cell) return null;
  return { row: Number(cell.dataset.row), col: Number(cell.dataset.col) };
}

// ---------------------------------------------------------------------------------------------
// Mouse and touch
// ---------------------------------------------------------------------------------------------

/** How long a touch is held to flag (as a right click does), and how far it may slide. */
const LONG_PRESS_MS = 500;
const LONG_PRESS_SLOP = 10;

function endTouch() {
  if (page.touch) clearTimeout(page.touch.timer);
  page.touch = null;
}

/** A touch held on a cell: flag it, once (Chromium may also send a context menu for it). */
function longPress() {
  const t = page.touch;
  if (!t || t.fired) return;
  t.fired = true;
  clearTimeout(t.timer);
  page.longPressAt = performance.now();
  playerFlag(t.at.row, t.at.col);
  if (navigator.vibrate) navigator.vibrate(20);
}

const justLongPressed = () => performance.now() - page.longPressAt < 800;

export function bindBoard() {
  const board = $("board");
  board.addEventListener("mousedown", (e) => {
    const at = cellOf(e);
    if (e.button === 1) e.preventDefault(); // no scrolling on the middle button
    if (!at || !page.game || page.game.status !== "playing") return;
    if (e.button === 0 && isUnopened(charAt(at.row, at.col))) setFace("wow");
  });
  document.addEventListener("mouseup", () => {
    if (page.game) setFace(page.game.status);
  });
  board.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "touch") return;
    const at = cellOf(e);
    endTouch();
    if (!at) return;
    page.touch = { at, x: e.clientX, y: e.clientY, fired: false, timer: setTimeout(longPress, LONG_PRESS_MS) };
  });
  board.addEventListener("pointermove", (e) => {
    const t = page.touch;
    if (t && !t.fired && Math.hypot(e.clientX - t.x, e.clientY - t.y) > LONG_PRESS_SLOP) endTouch();
  });
  for (const type of ["pointerup", "pointercancel"]) {
    board.addEventListener(type, (e) => {
      if (e.pointerType === "touch") endTouch();
    });
  }
  board.addEventListener("click", (e) => {
    const at = cellOf(e);
    if (!at || e.button !== 0 || justLongPressed()) return;
    // Shift+click: why this cell is safe, a mine or undecided (the hint's "why").
    if (e.shiftKey) explain(at.row, at.col);
    else playerOpen(at.row, at.col);
  });
  board.addEventListener("auxclick", (e) => {
    const at = cellOf(e);
    if (at && e.button === 1) {
      e.preventDefault();
      playerChord(at.row, at.col);
    }
  });
  board.addEventListener("contextmenu", (e) => {
    e.preventDefault();
    if (page.touch) {
      // A touch held: the long-press (if its timer has not flagged yet).
      longPress();
      return;
    }
    if (justLongPressed()) return;
    const at = cellOf(e);
    if (at) playerFlag(at.row, at.col);
  });
  // The focus on a cell makes it the cursor; the cursor shows while the keyboard has it.
  board.addEventListener("focusin", (e) => {
    const at = cellOf(e);
    if (!at || !page.game || page.focusing) return;
    page.cursor = at;
    page.cursorShown = page.lastInput === "key";
    drawBoard();
  });
  board.addEventListener("focusout", (e) => {
    if (board.contains(e.relatedTarget) || !page.cursorShown) return;
    page.cursorShown = false;
    if (page.game) drawBoard();
  });
}

// ---------------------------------------------------------------------------------------------
// The keyboard
// ---------------------------------------------------------------------------------------------

/** Moves the cursor (and the focus, when the board has it) by rows and columns, or to
 *  (row, col) when `to` is given. */
export function moveCursor(dr, dc, to) {
  const g = page.game;
  if (!g) return;
  const row = to ? to.row : page.cursor.row + dr;
  const col = to ? to.col : page.cursor.col + dc;
  page.cursorShown = true;
  page.cursor = { row: Math.max(0, Math.min(g.rows - 1, row)), col: Math.max(0, Math.min(g.cols - 1, col)) };
  drawBoard();
  focusCursor();
}

/** Whether the game's keys go to the page now: the board has the focus, or nothing has (after
 *  a click beside the controls). On a button, a link, a list or a field, keys are theirs. */
function boardHasKeys(target) {
  return target === document.body || target === document.documentElement || $("board").contains(target);
}

/** What each action of the keys' table does, given the cursor ({row, col}) and the event. One
 *  that answers false leaves the key to the browser (no preventDefault). */
export const KEY_HANDLERS = {
  up: () => moveCursor(-1, 0),
  down: () => moveCursor(1, 0),
  left: () => moveCursor(0, -1),
  right: () => moveCursor(0, 1),
  "row-start": ({ row }) => moveCursor(0, 0, { row, col: 0 }),
  "row-end": ({ row }) => moveCursor(0, 0, { row, col: page.game ? page.game.cols - 1 : 0 }),
  "first-cell": () => {
    if (!page.game) return false;
    moveCursor(0, 0, { row: 0, col: 0 });
  },
  "last-cell": () => {
    if (!page.game) return false;
    moveCursor(0, 0, { row: page.game.rows - 1, col: page.game.cols - 1 });
  },
  open: ({ row, col }) => playerOpen(row, col),
  flag: ({ row, col }) => playerFlag(row, col),
  chord: ({ row, col }) => playerChord(row, col),
  why: ({ row, col }) => explain(row, col),
  marks: () => setMarks(!$("marks").checked),
  "new-game": () => newGame(),
  restart: () => restart(),
  "solver-move": () => solverMove(),
  autoplay: () => toggleAutoplay(),
  hint: () => toggleHint(),
  probabilities: () => toggleProbabilities(),
  "compile-view": () => toggleCompileView(),
  help: () => showHelp(),
  // Escape, anywhere: leaves a field, closes the Why panel (the focus in it goes back to the
  // board) and stops the solver.
  escape: (at, e) => {
    const t = e.target;
    if (t instanceof Element && t.matches("input, select, textarea")) t.blur();
    if (!$("why").hidden && $("why").contains(document.activeElement)) focusCursor();
    hideWhy();
    stopAutoplay();
    return false;
  },
};

/** The keys: while the help is shown, any key closes it; otherwise the key's action in the
 *  table (pure.js), on the board only unless it acts anywhere. */
export function onKey(e) {
  if (helpShown()) {
    e.preventDefault();
    hideHelp();
    return;
  }
  const action = keyAction(e);
  if (!action || (!actsAnywhere(action) && !boardHasKeys(e.target))) return;
  if (CURSOR_FIRST.includes(action) && !page.cursorShown) {
    // The first key shows the cursor where it is, and does nothing else.
    moveCursor(0, 0);
    e.preventDefault();
    return;
  }
  if (KEY_HANDLERS[action](page.cursor, e) !== false) e.preventDefault();
}
