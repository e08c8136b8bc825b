// typesweeper's browser game: the page side of `typesweeper serve`.
//
// The server holds the game (the rules, the timer, the solver); this script draws what it
// sends and turns clicks and keys into its JSON API. One area per section below:
//
//   1. helpers: the DOM, the API, times
//   2. the page's state
//   3. settings: the top bar, new game, restart, question marks, flag mode
//   4. drawing: the board, the counters and face, the status and message lines, the timer
//   5. playing: mouse, touch and keyboard on the board
//   6. the solver: one move, play to the end, hint and why, probabilities
//   7. the compile-time view and the export as a Rust test
//   8. the help overlay
//   9. start
//
// No dependencies and no build step: the server embeds this file as it is.

"use strict";

// ---------------------------------------------------------------------------------------------
// 1. Helpers
// ---------------------------------------------------------------------------------------------

const $ = (id) => document.getElementById(id);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A cell's name as the solver writes it: R3C4, rows and columns from 1. */
const cellName = (row, col) => `R${row + 1}C${col + 1}`;

/** Milliseconds as the terminal game writes them: 12.3s, or 2m05s from a minute. */
function formatMillis(ms) {
  ms = Math.max(0, Math.floor(ms));
  if (ms < 60000) return `${Math.floor(ms / 1000)}.${Math.floor((ms % 1000) / 100)}s`;
  const s = Math.floor((ms % 60000) / 1000);
  return `${Math.floor(ms / 60000)}m${String(s).padStart(2, "0")}s`;
}

/** A counter for the LED displays: three digits, a minus sign when negative. */
function led(n) {
  n = Math.max(-99, Math.min(999, Math.trunc(n)));
  return n < 0 ? "-" + String(-n).padStart(2, "0") : String(n).padStart(3, "0");
}

/** An API error: the server's `{"error": ...}` sentence and the HTTP status. */
class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/**
 * Calls the JSON API. `body` is an object, or a string already in JSON. Answers the parsed
 * body (null for 204); throws an ApiError with the server's sentence on a 4xx or 5xx.
 * Seeds are u64, beyond what a JavaScript number holds exactly: every seed is answered as the
 * string of digits the server sent (a state's also as `seedText`).
 */
async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new ApiError(`the server does not answer (${e.message}): is typesweeper serve still running?`, 0);
  }
  const text = response.status === 204 ? "" : await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(seedsAsText(text));
    } catch (e) {
      data = null;
    }
  }
  if (!response.ok) {
    const said = data && typeof data.error === "string" ? data.error : `${method} ${path}: HTTP ${response.status}`;
    throw new ApiError(said, response.status);
  }
  if (data && Array.isArray(data.board)) data.seedText = String(data.seed);
  return data;
}

/**
 * The API's text with every seed (`"seed":123`, a u64) written as a string of its digits, so
 * JSON.parse keeps it exact (a JavaScript number rounds above 2^53). The pattern can only be a
 * key: inside a JSON string a quote is escaped.
 */
function seedsAsText(text) {
  return text.replace(/"seed":(\d+)/g, '"seed":"$1"');
}

/**
 * Runs the player's and the solver's actions on the game one at a time, in order, so each
 * state drawn is the answer to the latest action.
 */
let queue = Promise.resolve();
function serial(task) {
  const run = queue.then(task);
  queue = run.catch(() => {});
  return run;
}

/**
 * A refresh that runs at most once at a time: asked again while it runs, it runs once more
 * when done (so the last board always gets its answer, and a fast autoplay does not pile up
 * requests).
 */
function refresher(work) {
  let busy = false;
  let again = false;
  return async function refresh() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        await work();
      } while (again);
    } finally {
      busy = false;
    }
  };
}

// ---------------------------------------------------------------------------------------------
// 2. The page's state
// ---------------------------------------------------------------------------------------------

const page = {
  limits: null, // GET /api/limits
  game: null, // the last State the server sent
  boardKey: "", // the board's rows joined: changes when any cell does
  cells: [], // the cell elements, row-major
  looks: [], // what each cell element shows now (skip unchanged cells when drawing)
  cellSize: 0,
  cursor: { row: 0, col: 0 }, // the cell in the tab order, where the keys act
  cursorShown: false, // the cursor shows while the board has the keyboard's focus
  tabCell: null, // the cell element in the tab order
  refocus: false, // the board was rebuilt while it had the focus: give it back
  focusing: false, // the script is moving the focus to the cursor
  touch: null, // a touch on the board, while held: {at, x, y, timer, fired}
  longPressAt: -Infinity, // when the last long-press flagged (the click and menu after it are its own)
  flagMode: false,
  seedTyped: false, // the player typed a seed: New game deals it
  newGameSeq: 0, // the latest new-game request (older answers are dropped)
  autoplay: null, // a token while the solver plays to the end
  hint: null, // {key, safe: Set, mines: Set, exact, note} while the hint is shown
  why: null, // {row, col}: the cell the Why panel explains
  probabilitiesOn: false,
  chances: null, // {key, chances, exact}
  compileOpen: false,
  compile: null, // {key, levels}
  clock: { base: 0, at: 0, running: false },
};

/** The board's character at (row, col): see State.board in the API. */
function charAt(row, col) {
  return page.game ? page.game.board[row][col] : ".";
}

const isUnopened = (ch) => ch === "." || ch === "?" || ch === "F";

// ---------------------------------------------------------------------------------------------
// 3. Settings: the top bar
// ---------------------------------------------------------------------------------------------

const SETTINGS_KEY = "typesweeper.settings";

/** The top bar's settings, remembered across visits. */
function saveSettings() {
  const s = {
    level: $("level").value,
    rows: $("custom-rows").value,
    cols: $("custom-cols").value,
    mines: $("custom-mines").value,
    first_click: $("first-click").value,
    no_guess: $("no-guess").checked,
    marks: $("marks").checked,
  };
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(s));
  } catch (e) {
    // Storage off (private windows): the settings last this visit only.
  }
}

function loadSettings() {
  let s = null;
  try {
    s = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "null");
  } catch (e) {
    s = null;
  }
  if (!s) return;
  if ([...$("level").options].some((o) => o.value === s.level)) $("level").value = s.level;
  if (s.rows) $("custom-rows").value = s.rows;
  if (s.cols) $("custom-cols").value = s.cols;
  if (s.mines) $("custom-mines").value = s.mines;
  if (s.first_click === "safe" || s.first_click === "zero") $("first-click").value = s.first_click;
  $("no-guess").checked = !!s.no_guess;
  $("marks").checked = s.marks !== false;
  showCustom();
}

function showCustom() {
  $("custom").hidden = $("level").value !== "custom";
}

/** The level as the API writes it, or throws a sentence for the message line. */
function levelOf() {
  const level = $("level").value;
  if (level !== "custom") return level;
  const rows = parseInt($("custom-rows").value, 10);
  const cols = parseInt($("custom-cols").value, 10);
  const mines = parseInt($("custom-mines").value, 10);
  if (!(rows > 0 && cols > 0 && mines >= 0)) throw new Error("a custom board needs rows, columns and mines as whole numbers");
  const lim = page.limits;
  if (lim && (rows > lim.max_rows || cols > lim.max_cols)) {
    throw new Error(`a custom board has at most ${lim.max_rows} rows and ${lim.max_cols} columns`);
  }
  return `${rows}x${cols}/${mines}`;
}

/** The new-game request body, as JSON text (the seed written as typed: a u64). */
function newGameBody() {
  const body = {
    level: levelOf(),
    first_click: $("first-click").value,
    no_guess: $("no-guess").checked,
    question_marks: $("marks").checked,
  };
  let json = JSON.stringify(body);
  const seed = $("seed").value.trim();
  if (page.seedTyped && seed !== "") {
    if (!/^\d{1,20}$/.test(seed) || BigInt(seed) > 18446744073709551615n) {
      throw new Error(`the seed is a whole number from 0 to 18446744073709551615, not "${seed}"`);
    }
    json = json.slice(0, -1) + `,"seed":${BigInt(seed).toString()}}`;
  }
  return json;
}

/** Deals a new game from the top bar's settings (a typed seed replays that board). */
async function newGame() {
  stopAutoplay();
  let body;
  try {
    body = newGameBody();
  } catch (e) {
    showError(e);
    return;
  }
  const seq = ++page.newGameSeq;
  if ($("no-guess").checked) setMessage("dealing a board that needs no guess…");
  try {
    const state = await api("POST", "/api/games", body);
    if (seq !== page.newGameSeq) {
      // A newer new game was asked for meanwhile: this one is not needed.
      api("DELETE", `/api/games/${state.id}`).catch(() => {});
      return;
    }
    const old = page.game;
    page.seedTyped = false;
    adopt(state);
    if (old && old.id !== state.id) api("DELETE", `/api/games/${old.id}`).catch(() => {});
  } catch (e) {
    if (seq === page.newGameSeq) showError(e);
  }
}

/** The same board again, from the start. */
function restart() {
  stopAutoplay();
  if (!page.game) return newGame();
  return serial(() => act("restart"));
}

/** Question marks in the right-click cycle, on or off. */
function setMarks(on) {
  $("marks").checked = on;
  saveSettings();
  if (page.game) serial(() => act("marks", { on }));
}

function setFlagMode(on) {
  page.flagMode = on;
  $("flag-mode").setAttribute("aria-pressed", String(on));
  $("board").classList.toggle("flag-mode", on);
}

/** How the player last reached for the page: "pointer" (mouse, pen, touch) or "key". A control
 *  used with the pointer gives the focus back (so the game's keys work right after); one used
 *  from the keyboard keeps it, as everywhere on the web. */
let lastInput = "key";

function bindSettings() {
  document.addEventListener("pointerdown", () => (lastInput = "pointer"), true);
  document.addEventListener("keydown", () => (lastInput = "key"), true);
  $("settings").addEventListener("submit", (e) => {
    e.preventDefault();
    newGame();
  });
  $("level").addEventListener("change", () => {
    showCustom();
    saveSettings();
    // A standard level deals at once (by keyboard too: the list keeps the focus, so the next
    // arrow key deals the next level); a custom one waits for its sizes and New game.
    if ($("level").value !== "custom") newGame();
    else if (lastInput === "pointer") $("custom-rows").focus();
  });
  for (const id of ["first-click", "no-guess"]) {
    $(id).addEventListener("change", () => {
      saveSettings();
      newGame();
    });
  }
  for (const id of ["custom-rows", "custom-cols", "custom-mines"]) {
    $(id).addEventListener("change", saveSettings);
  }
  $("seed").addEventListener("input", () => {
    page.seedTyped = true;
  });
  $("restart").addEventListener("click", () => restart());
  $("marks").addEventListener("change", () => setMarks($("marks").checked));
  $("flag-mode").addEventListener("click", () => setFlagMode(!page.flagMode));
  $("face").addEventListener("click", () => newGame());
  // Buttons, check boxes and lists used with the pointer give the focus back, so the game's
  // keys work right after (text fields keep it: they take keys).
  document.addEventListener("click", (e) => {
    const control = e.target.closest("button, input[type=checkbox], a");
    if (control && lastInput === "pointer") control.blur();
  });
  document.addEventListener("change", (e) => {
    if (e.target.matches("select, input[type=checkbox]") && lastInput === "pointer") e.target.blur();
  });
}

// ---------------------------------------------------------------------------------------------
// 4. Drawing
// ---------------------------------------------------------------------------------------------

/** Takes a state from the server and draws it. A state of another game is dropped. */
function adopt(state) {
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

/** The cell size that fits the board in the window, 22 to 40 pixels (larger boards scroll). */
function fitCell(rows, cols) {
  // Beside the board: the side panel and its gap, the page's padding, the window's padding
  // and borders (as style.css has them), and a little room for a scroll bar.
  const wide = window.innerWidth > 900;
  const side = wide ? 340 + 20 : 0;
  const availW = window.innerWidth - side - 32 - 28 - 16;
  const availH = window.innerHeight - (wide ? 250 : 330);
  const size = Math.floor(Math.min(availW / cols, availH / rows));
  return Math.max(22, Math.min(40, size));
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
function focusCursor() {
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

function sizeBoard() {
  const g = page.game;
  if (!g) return;
  const size = fitCell(g.rows, g.cols);
  if (size !== page.cellSize) {
    page.cellSize = size;
    document.documentElement.style.setProperty("--cell", `${size}px`);
  }
}

/** A chance in whole percent: 0 and 100 only when certain (as the terminal game shows it). */
function percent(p) {
  if (!(p > 0)) return 0;
  if (p >= 1) return 100;
  return Math.min(99, Math.max(1, Math.round(p * 100)));
}

/** Green (proved safe) through pale yellow (about one in five, an untouched cell on most
 *  boards) and orange to red (proved a mine). The hue falls fast at first, so the small chances
 *  that matter when choosing a guess stand apart. */
function chanceColour(pct) {
  if (pct === 0) return "hsl(122, 58%, 46%)";
  if (pct === 100) return "hsl(0, 74%, 46%)";
  const p = pct / 100;
  const hue = 100 * Math.pow(1 - p, 2.2);
  return `hsl(${hue.toFixed(0)}, 72%, ${(79 - p * 20).toFixed(0)}%)`;
}

/** What cell (row, col) shows: its classes, its text, its background. */
function lookOf(row, col) {
  const g = page.game;
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
    const h = page.hint;
    if (h && h.key === page.boardKey) {
      if (h.safe.has(i) && ch !== "F") cls += " hint-safe";
      else if (h.mines.has(i)) cls += " hint-mine";
    }
    const p = page.chances;
    if (page.probabilitiesOn && p && (ch === "." || ch === "?")) {
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
    const overlay = compileOverlay();
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
  const why = page.why;
  if (why && why.row === row && why.col === col) cls += " explained";
  if (page.cursorShown && page.cursor.row === row && page.cursor.col === col) cls += " cursor";
  return { cls, text, bg, ch, label: labelOf(row, col, ch, cls, text) };
}

const STATE_WORDS = { ".": "hidden", F: "flagged", "?": "question mark", X: "mine, hit", "*": "mine", W: "wrong flag", 0: "blank" };

/** What a screen reader says for a cell: its name and what it shows, in words ("R3C4, 2",
 *  "R1C1, flagged, proved mine"), the overlays included. */
function labelOf(row, col, ch, cls, text) {
  const has = (c) => cls.split(" ").includes(c);
  const parts = [cellName(row, col), STATE_WORDS[ch] || ch];
  if (has("hint-safe")) parts.push("proved safe");
  if (has("hint-mine")) parts.push("proved mine");
  if (has("prob")) parts.push(`${text}% mine`);
  const level = $("compile-overlay").value;
  if (has("lvl-safe")) parts.push(`${level} proves safe`);
  if (has("lvl-mine")) parts.push(`${level} proves a mine`);
  if (has("only-complete")) parts.push("only complete decides");
  if (has("last-certain")) parts.push("the solver's last move");
  if (has("last-guess")) parts.push("the solver's last move, a guess");
  if (has("explained")) parts.push("explained");
  return parts.join(", ");
}

/** Draws the board, touching only the cells whose look changed. */
function drawBoard() {
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
  for (let r = 0; r < g.rows; r++) {
    for (let c = 0; c < g.cols; c++) {
      const i = r * g.cols + c;
      const look = lookOf(r, c);
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

let faceShown = "";
function setFace(which) {
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
function markHelped() {
  if (page.game && !page.game.helped) {
    page.game.helped = true;
    $("helped").hidden = false;
  }
}

function setMessage(text, kind) {
  const m = $("message");
  m.textContent = text;
  m.className = `message ${kind || ""}`;
}

/** API errors and bad input go to the message line (never an alert). */
function showError(e) {
  setMessage(e && e.message ? e.message : String(e), "error");
}

/** The timer ticks here from the server's elapsed_ms while the clock runs. */
function tick() {
  const c = page.clock;
  const ms = c.base + (c.running ? performance.now() - c.at : 0);
  $("time-led").textContent = led(Math.floor(ms / 1000));
  $("time").textContent = formatMillis(ms);
}

// ---------------------------------------------------------------------------------------------
// 5. Playing: mouse, touch and keyboard
// ---------------------------------------------------------------------------------------------

/** Posts an action on the game and draws the answer. Answers whether it went through. */
async function act(path, body) {
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

function bindBoard() {
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
    page.cursorShown = lastInput === "key";
    drawBoard();
  });
  board.addEventListener("focusout", (e) => {
    if (board.contains(e.relatedTarget) || !page.cursorShown) return;
    page.cursorShown = false;
    if (page.game) drawBoard();
  });
}

/** Moves the cursor (and the focus, when the board has it) by rows and columns, or to
 *  (row, col) when `to` is given. */
function moveCursor(dr, dc, to) {
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

/** The keys of `typesweeper play` on the board, plus v for the compile-time view and w for
 *  why; Escape anywhere closes the help and the Why panel and stops the solver. */
function onKey(e) {
  if (!$("help").hidden) {
    e.preventDefault();
    hideHelp();
    return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey) {
    if (e.ctrlKey && (e.key === "Home" || e.key === "End") && boardHasKeys(e.target) && page.game) {
      e.preventDefault();
      moveCursor(0, 0, e.key === "Home" ? { row: 0, col: 0 } : { row: page.game.rows - 1, col: page.game.cols - 1 });
    }
    return;
  }
  const t = e.target;
  if (e.key === "Escape") {
    if (t instanceof Element && t.matches("input, select, textarea")) t.blur();
    if (!$("why").hidden && $("why").contains(document.activeElement)) focusCursor();
    hideWhy();
    stopAutoplay();
    return;
  }
  if (!boardHasKeys(t)) return;
  const { row, col } = page.cursor;
  const cursorThen = (f) => {
    if (!page.cursorShown) {
      // The first key shows the cursor where it is, and does nothing else.
      moveCursor(0, 0);
      return;
    }
    f();
  };
  switch (e.key) {
    case "ArrowUp":
    case "k":
      moveCursor(-1, 0);
      break;
    case "ArrowDown":
    case "j":
      moveCursor(1, 0);
      break;
    case "ArrowLeft":
    case "h":
      moveCursor(0, -1);
      break;
    case "ArrowRight":
    case "l":
      moveCursor(0, 1);
      break;
    case "Home":
      moveCursor(0, 0, { row, col: 0 });
      break;
    case "End":
      moveCursor(0, 0, { row, col: page.game ? page.game.cols - 1 : 0 });
      break;
    case " ":
    case "Enter":
      cursorThen(() => playerOpen(row, col));
      break;
    case "f":
      cursorThen(() => playerFlag(row, col));
      break;
    case "c":
      cursorThen(() => playerChord(row, col));
      break;
    case "w":
      cursorThen(() => explain(row, col));
      break;
    case "m":
      setMarks(!$("marks").checked);
      break;
    case "n":
      newGame();
      break;
    case "r":
      restart();
      break;
    case "a":
      solverMove();
      break;
    case "A":
      toggleAutoplay();
      break;
    case "t":
      toggleHint();
      break;
    case "p":
      toggleProbabilities();
      break;
    case "v":
      toggleCompileView();
      break;
    case "?":
      showHelp();
      break;
    default:
      return;
  }
  e.preventDefault();
}

// ---------------------------------------------------------------------------------------------
// 6. The solver
// ---------------------------------------------------------------------------------------------

const SOLVER_NOTE = "The solver plays from what you see. Any help marks the game as helped: it sets no best time.";

function solverNote(text, warn) {
  const note = $("solver-note");
  note.textContent = text;
  note.className = warn ? "note warn" : "note";
}

/** One solver move. */
function solverMove() {
  stopAutoplay();
  return serial(() => act("solver-move"));
}

/** The solver plays to the end, a move every 80 ms; again (or any move of the player's) stops. */
async function toggleAutoplay() {
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

function stopAutoplay() {
  page.autoplay = null;
  const button = $("ai-run");
  button.textContent = "AI till end";
  button.classList.remove("stop");
}

/** The hint: cells proved safe (green) and mines (red), shown until the board changes. */
async function toggleHint() {
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
async function explain(row, col) {
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

function hideWhy() {
  $("why").hidden = true;
  if (page.why) {
    page.why = null;
    if (page.game) drawBoard();
  }
}

/** The probability overlay, on or off. */
function toggleProbabilities() {
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
const refreshChances = refresher(async () => {
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

// ---------------------------------------------------------------------------------------------
// 7. The compile-time view and the export
// ---------------------------------------------------------------------------------------------

/** The level and complete rows the board overlay compares, when the overlay is on and fresh. */
function compileOverlay() {
  const which = $("compile-overlay").value;
  const view = page.compile;
  if (!page.compileOpen || !which || !view || view.key !== page.boardKey) return null;
  const level = view.levels.find((l) => l.level === which);
  const complete = view.levels.find((l) => l.level === "complete");
  if (!level || !complete) return null;
  return { level: level.cells, complete: complete.cells };
}

function toggleCompileView() {
  page.compileOpen = !page.compileOpen;
  $("compile-view").setAttribute("aria-pressed", String(page.compileOpen));
  $("compile").hidden = !page.compileOpen;
  if (page.compileOpen) refreshCompile();
  else drawBoard();
}

function compileNote(text) {
  const li = document.createElement("li");
  li.className = "note";
  li.textContent = text;
  $("compile-rows").replaceChildren(li);
}

/** Asks what each compile-time level decides in the position as it is now. */
const refreshCompile = refresher(async () => {
  const g = page.game;
  if (!g || !page.compileOpen) return;
  const key = page.boardKey;
  try {
    const view = await api("POST", `/api/games/${g.id}/compile-view`, {});
    if (!page.game || page.game.id !== g.id) return;
    page.compile = { key, levels: view.levels };
    drawCompile();
    markHelped();
  } catch (e) {
    if (!page.game || page.game.id !== g.id) return;
    page.compile = null;
    compileNote(e.status === 404 ? "This server has no compile-time view." : e.message);
  }
  drawBoard();
});

/** One line per level: "fragment decides 26 of 421 hidden cells", then whether it finishes
 *  and the first cell it leaves undecided (a click puts the cursor there). */
function drawCompile() {
  const view = page.compile;
  if (!view) return;
  const items = view.levels.map((l) => {
    const li = document.createElement("li");
    const head = document.createElement("div");
    const name = document.createElement("code");
    name.textContent = l.level;
    const count = document.createElement("b");
    count.textContent = String(l.decided);
    head.append(name, " decides ", count, ` of ${l.hidden} hidden ${l.hidden === 1 ? "cell" : "cells"}`);
    const sub = document.createElement("div");
    sub.className = "sub";
    const finishes = document.createElement("b");
    finishes.className = l.finishes ? "yes" : "no";
    finishes.textContent = l.finishes ? "yes" : "no";
    sub.append("finishes ", finishes, ` (${l.expect})`);
    if (l.first_undecided) {
      const { row, col } = l.first_undecided;
      const link = document.createElement("a");
      link.href = "#";
      link.textContent = cellName(row, col);
      link.title = "put the cursor there";
      link.addEventListener("click", (e) => {
        e.preventDefault();
        moveCursor(0, 0, { row, col });
      });
      sub.append(" · first undecided ", link);
    }
    li.append(head, sub);
    return li;
  });
  $("compile-rows").replaceChildren(...items);
}

/** Exports the position as a Rust test of the chosen level, with each file to read, download
 *  or copy. */
let exportUrls = [];
async function exportTest() {
  const g = page.game;
  if (!g) return;
  const body = { level: $("export-level").value, edition: $("export-edition").value };
  const name = $("export-name").value.trim();
  if (name) body.name = name;
  const out = $("export-out");
  try {
    const answer = await api("POST", `/api/games/${g.id}/export`, body);
    for (const url of exportUrls) URL.revokeObjectURL(url);
    exportUrls = [];
    const summary = document.createElement("p");
    summary.className = "summary";
    const kind = document.createElement("span");
    kind.className = `kind ${answer.kind}`;
    kind.textContent = answer.kind === "compile-fail" ? "compile-fail case" : "test";
    summary.append(kind, " ", answer.summary);
    const files = answer.files.map((file) => {
      const box = document.createElement("div");
      box.className = "file";
      const head = document.createElement("div");
      head.className = "file-head";
      const path = document.createElement("code");
      path.textContent = file.path;
      const url = URL.createObjectURL(new Blob([file.contents], { type: "text/plain" }));
      exportUrls.push(url);
      const download = document.createElement("a");
      download.href = url;
      download.download = file.path.split("/").pop();
      download.textContent = "Download";
      const copy = document.createElement("button");
      copy.type = "button";
      copy.className = "btn";
      copy.textContent = "Copy";
      const pre = document.createElement("pre");
      pre.textContent = file.contents;
      copy.addEventListener("click", () => copyText(file.contents, pre, copy));
      head.append(path, download, copy);
      box.append(head, pre);
      return box;
    });
    out.replaceChildren(summary, ...files);
    markHelped();
  } catch (e) {
    const p = document.createElement("p");
    p.className = "note warn";
    p.textContent = e.status === 404 ? "This server cannot export tests." : e.message;
    out.replaceChildren(p);
  }
}

/** Copies text to the clipboard (or, where the clipboard is closed, selects it). */
async function copyText(text, pre, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "Copied";
  } catch (e) {
    const range = document.createRange();
    range.selectNodeContents(pre);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    button.textContent = document.execCommand && document.execCommand("copy") ? "Copied" : "Selected: Ctrl+C";
  }
  setTimeout(() => (button.textContent = "Copy"), 1500);
}

function bindSolver() {
  $("ai-move").addEventListener("click", () => solverMove());
  $("ai-run").addEventListener("click", () => toggleAutoplay());
  $("hint").addEventListener("click", () => toggleHint());
  $("probabilities").addEventListener("click", () => toggleProbabilities());
  $("why-close").addEventListener("click", () => {
    const hadFocus = $("why").contains(document.activeElement);
    hideWhy();
    if (hadFocus) focusCursor();
  });
  $("compile-view").addEventListener("click", () => toggleCompileView());
  $("compile-overlay").addEventListener("change", () => {
    $("compile-legend").hidden = !$("compile-overlay").value;
    drawBoard();
  });
  $("export").addEventListener("click", () => exportTest());
}

// ---------------------------------------------------------------------------------------------
// 8. Help
// ---------------------------------------------------------------------------------------------

/** The element that had the focus before the help opened: it gets it back. */
let focusBeforeHelp = null;

function showHelp() {
  focusBeforeHelp = document.activeElement;
  $("help").hidden = false;
  $("help-dialog").focus();
}

function hideHelp() {
  $("help").hidden = true;
  if (focusBeforeHelp && focusBeforeHelp !== document.body && document.contains(focusBeforeHelp)) focusBeforeHelp.focus();
  focusBeforeHelp = null;
}

function bindHelp() {
  $("help-button").addEventListener("click", (e) => {
    e.stopPropagation();
    showHelp();
  });
  $("help").addEventListener("click", () => hideHelp());
}

// ---------------------------------------------------------------------------------------------
// 9. Start
// ---------------------------------------------------------------------------------------------

async function start() {
  bindSettings();
  bindBoard();
  bindSolver();
  bindHelp();
  document.addEventListener("keydown", onKey);
  window.addEventListener("resize", () => {
    sizeBoard();
  });
  // The game is dropped when the page goes for good (the server would drop it when idle
  // anyway); a page kept in the back/forward cache keeps it, and asks for it again when shown.
  window.addEventListener("pagehide", (e) => {
    if (e.persisted) return;
    if (page.game) fetch(`/api/games/${page.game.id}`, { method: "DELETE", keepalive: true }).catch(() => {});
  });
  window.addEventListener("pageshow", (e) => {
    if (e.persisted) resume();
  });
  setInterval(tick, 100);
  loadSettings();
  try {
    const lim = await api("GET", "/api/limits");
    page.limits = lim;
    $("limits").textContent = `up to ${lim.max_rows} × ${lim.max_cols}`;
    $("custom-rows").max = lim.max_rows;
    $("custom-cols").max = lim.max_cols;
  } catch (e) {
    showError(e);
  }
  await newGame();
}

/** Back (or Forward) to this page, shown again from the browser's cache: the game as the
 *  server has it now, or a new one if it is gone. */
async function resume() {
  stopAutoplay();
  const g = page.game;
  if (!g) return newGame();
  try {
    const state = await api("GET", `/api/games/${g.id}`);
    if (page.game && page.game.id === g.id) adopt(state);
  } catch (e) {
    if (e.status !== 404) {
      showError(e);
      return;
    }
    await newGame();
    setMessage("That game is gone from the server (games idle for a while are dropped): here is a new one.", "error");
  }
}

start();
