// The page's pure helpers: names, times, counters, the API's seeds, chances and their colours,
// what a cell shows and says, the settings' checks, the board's size, and the keys' table.
//
// Nothing here touches the DOM, the network or the page's state (all they read comes as
// arguments), and this module imports nothing: node imports it as it is, and
// typesweeper-cli/tests/page/*.test.mjs test it with `node --test`.

/** A cell's name as the solver writes it: R3C4, rows and columns from 1. */
export const cellName = (row, col) => `R${row + 1}C${col + 1}`;

/** Milliseconds as the terminal game writes them: 12.3s, or 2m05s from a minute. */
export function formatMillis(ms) {
  ms = Math.max(0, Math.floor(ms));
  if (ms < 60000) return `${Math.floor(ms / 1000)}.${Math.floor((ms % 1000) / 100)}s`;
  const s = Math.floor((ms % 60000) / 1000);
  return `${Math.floor(ms / 60000)}m${String(s).padStart(2, "0")}s`;
}

/** A counter for the LED displays: three digits, a minus sign when negative. */
export function led(n) {
  n = Math.max(-99, Math.min(999, Math.trunc(n)));
  return n < 0 ? "-" + String(-n).padStart(2, "0") : String(n).padStart(3, "0");
}

/**
 * The API's text with every seed (`"seed":123`, a u64) written as a string of its digits, so
 * JSON.parse keeps it exact (a JavaScript number rounds above 2^53). The pattern can only be a
 * key: inside a JSON string a quote is escaped.
 */
export function seedsAsText(text) {
  return text.replace(/"seed":(\d+)/g, '"seed":"$1"');
}

/** Whether a board character (see State.board in the API) is a cell not opened yet. */
export const isUnopened = (ch) => ch === "." || ch === "?" || ch === "F";

/** A chance in whole percent: 0 and 100 only when certain (as the terminal game shows it). */
export function percent(p) {
  if (!(p > 0)) return 0;
  if (p >= 1) return 100;
  return Math.min(99, Math.max(1, Math.round(p * 100)));
}

/** Green (proved safe) through pale yellow (about one in five, an untouched cell on most
 *  boards) and orange to red (proved a mine). The hue falls fast at first, so the small chances
 *  that matter when choosing a guess stand apart. */
export function chanceColour(pct) {
  if (pct === 0) return "hsl(122, 58%, 46%)";
  if (pct === 100) return "hsl(0, 74%, 46%)";
  const p = pct / 100;
  const hue = 100 * Math.pow(1 - p, 2.2);
  return `hsl(${hue.toFixed(0)}, 72%, ${(79 - p * 20).toFixed(0)}%)`;
}

// ---------------------------------------------------------------------------------------------
// What a cell shows
// ---------------------------------------------------------------------------------------------

/**
 * What cell (row, col) shows: its classes, its text, its background, its character and its
 * label. `view` is what the board is drawn from, all read from the page's state:
 *
 *   game, boardKey, hint, chances, probabilitiesOn, why, cursor, cursorShown (as in `page`),
 *   overlay: the compile-time overlay's rows, {level, complete}, or null when it is off,
 *   overlayLevel: the level the overlay compares (the list's value: "fragment", "pairs", "").
 */
export function lookOf(view, row, col) {
  const g = view.game;
  const ch = g.board[row][col];
  const i = row * g.cols + col;
  const playing = g.status === "playing";
  let cls = "cell";
  let text = "";
  let bg = "";
  switch (ch) {
    case ".":
      cls += " hidden";
      break;
    case "F":
      cls += " flag";
      break;
    case "?":
      cls += " question";
      text = "?";
      break;
    case "X":
      cls += " hit";
      break;
    case "*":
      cls += " mine";
      break;
    case "W":
      cls += " wrong";
      break;
    default: {
      cls += " open";
      if (ch !== "0") {
        cls += ` number n${ch}`;
        text = ch;
      }
    }
  }
  if (playing) {
    const h = view.hint;
    if (h && h.key === view.boardKey) {
      if (h.safe.has(i) && ch !== "F") cls += " hint-safe";
      else if (h.mines.has(i)) cls += " hint-mine";
    }
    const p = view.chances;
    if (view.probabilitiesOn && p && (ch === "." || ch === "?")) {
      const chance = p.chances[row] && p.chances[row][col];
      if (chance !== null && chance !== undefined) {
        const pct = percent(chance);
        cls += " prob";
        if (pct === 0) cls += " certain-safe";
        if (pct === 100) cls += " certain-mine";
        text = String(pct);
        bg = chanceColour(pct);
      }
    }
    const overlay = view.overlay;
    if (overlay) {
      const mine = overlay.level[row][col];
      const complete = overlay.complete[row][col];
      if (mine === "s") cls += " lvl-safe";
      else if (mine === "m") cls += " lvl-mine";
      else if (mine === "?" && (complete === "s" || complete === "m")) cls += " only-complete";
    }
  }
  const last = g.last_move;
  if (last && last.row === row && last.col === col && playing) {
    cls += last.certain ? " last-certain" : " last-guess";
  }
  const why = view.why;
  if (why && why.row === row && why.col === col) cls += " explained";
  if (view.cursorShown && view.cursor.row === row && view.cursor.col === col) cls += " cursor";
  return { cls, text, bg, ch, label: labelOf(row, col, ch, cls, text, view.overlayLevel) };
}

const STATE_WORDS = { ".": "hidden", F: "flagged", "?": "question mark", X: "mine, hit", "*": "mine", W: "wrong flag", 0: "blank" };

/** What a screen reader says for a cell: its name and what it shows, in words ("R3C4, 2",
 *  "R1C1, flagged, proved mine"), the overlays included (`level`: the compile-time overlay's). */
export function labelOf(row, col, ch, cls, text, level) {
  const has = (c) => cls.split(" ").includes(c);
  const parts = [cellName(row, col), STATE_WORDS[ch] || ch];
  if (has("hint-safe")) parts.push("proved safe");
  if (has("hint-mine")) parts.push("proved mine");
  if (has("prob")) parts.push(`${text}% mine`);
  if (has("lvl-safe")) parts.push(`${level} proves safe`);
  if (has("lvl-mine")) parts.push(`${level} proves a mine`);
  if (has("only-complete")) parts.push("only complete decides");
  if (has("last-certain")) parts.push("the solver's last move");
  if (has("last-guess")) parts.push("the solver's last move, a guess");
  if (has("explained")) parts.push("explained");
  return parts.join(", ");
}

/** The cell size that fits a rows x cols board in a window of width x height pixels, 22 to 40
 *  pixels (larger boards scroll). */
export function fitCell(rows, cols, width, height) {
  // Beside the board: the side panel and its gap, the page's padding, the window's padding
  // and borders (as style.css has them), and a little room for a scroll bar.
  const wide = width > 900;
  const side = wide ? 340 + 20 : 0;
  const availW = width - side - 32 - 28 - 16;
  const availH = height - (wide ? 250 : 330);
  const size = Math.floor(Math.min(availW / cols, availH / rows));
  return Math.max(22, Math.min(40, size));
}

// ---------------------------------------------------------------------------------------------
// The settings' checks
// ---------------------------------------------------------------------------------------------

/** The level as the API writes it, from the Level list's value and the custom fields' texts;
 *  throws a sentence for the message line. `limits`: GET /api/limits, or null. */
export function levelText(level, rows, cols, mines, limits) {
  if (level !== "custom") return level;
  rows = parseInt(rows, 10);
  cols = parseInt(cols, 10);
  mines = parseInt(mines, 10);
  if (!(rows > 0 && cols > 0 && mines >= 0)) throw new Error("a custom board needs rows, columns and mines as whole numbers");
  if (limits && (rows > limits.max_rows || cols > limits.max_cols)) {
    throw new Error(`a custom board has at most ${limits.max_rows} rows and ${limits.max_cols} columns`);
  }
  return `${rows}x${cols}/${mines}`;
}

const U64_MAX = 18446744073709551615n;

/** The new-game request body as JSON text, with `seed` (the seed the player typed, "" for none)
 *  written as typed: a u64, beyond what JSON.stringify of a number keeps. Throws a sentence for
 *  the message line when the seed is not one. */
export function newGameJson(body, seed) {
  let json = JSON.stringify(body);
  seed = seed.trim();
  if (seed !== "") {
    if (!/^\d{1,20}$/.test(seed) || BigInt(seed) > U64_MAX) {
      throw new Error(`the seed is a whole number from 0 to 18446744073709551615, not "${seed}"`);
    }
    json = json.slice(0, -1) + `,"seed":${BigInt(seed).toString()}}`;
  }
  return json;
}

// ---------------------------------------------------------------------------------------------
// The keys
// ---------------------------------------------------------------------------------------------

/** The keys of `typesweeper play` on the board, plus v for the compile-time view and w for
 *  why (no Ctrl, Alt or Meta; Shift only as it makes A and ?): key → action. */
export const BOARD_KEYS = Object.freeze({
  ArrowUp: "up",
  k: "up",
  ArrowDown: "down",
  j: "down",
  ArrowLeft: "left",
  h: "left",
  ArrowRight: "right",
  l: "right",
  Home: "row-start",
  End: "row-end",
  " ": "open",
  Enter: "open",
  f: "flag",
  c: "chord",
  w: "why",
  m: "marks",
  n: "new-game",
  r: "restart",
  a: "solver-move",
  A: "autoplay",
  t: "hint",
  p: "probabilities",
  v: "compile-view",
  "?": "help",
});

/** With Ctrl (Alt and Meta act on no key): key → action. */
export const CTRL_KEYS = Object.freeze({ Home: "first-cell", End: "last-cell" });

/** Keys that act wherever the focus is (the others only while the board has the keys). */
export const ANYWHERE_KEYS = Object.freeze({ Escape: "escape" });

/** The actions on the cursor's cell: while the cursor is not shown, their key shows it where it
 *  is and does nothing else. */
export const CURSOR_FIRST = Object.freeze(["open", "flag", "chord", "why"]);

const own = (table, key) => (Object.hasOwn(table, key) ? table[key] : null);

/** The action of a keydown event (or of anything with its key, ctrlKey, altKey and metaKey),
 *  or null when the key is not the game's. */
export function keyAction(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return e.ctrlKey ? own(CTRL_KEYS, e.key) : null;
  return own(ANYWHERE_KEYS, e.key) ?? own(BOARD_KEYS, e.key);
}

/** Whether an action acts wherever the focus is (see ANYWHERE_KEYS). */
export const actsAnywhere = (action) => Object.values(ANYWHERE_KEYS).includes(action);
