// typesweeper's browser game: the page side of `typesweeper serve`.
//
// The server holds the game (the rules, the timer, the solver); the page draws what it sends
// and turns clicks and keys into its JSON API. The page's code is native ES modules with no
// dependencies and no build step: the server embeds each file as it is (web/api.rs, mod page,
// lists them; a test checks that every import names a file it serves). This file is the entry
// (index.html loads it as a module); one module per area under js/:
//
//   js/pure.js      the pure helpers: cell names, times, LED counters, the API's seeds, chances
//                   and their colours, what a cell shows and says (lookOf, labelOf), the
//                   settings' checks, the board's size, and the keys' table (key → action).
//                   It imports nothing and touches no DOM: typesweeper-cli/tests/page/ tests it under
//                   `node --test` (cargo test -p typesweeper-cli -- --ignored page_helpers)
//   js/api.js       the api call, ApiError, serial (one action at a time), refresher
//   js/state.js     the page's state (`page`), $ and charAt
//   js/settings.js  the top bar: new game, restart, question marks, flag mode, saved settings
//   js/draw.js      the board, the counters and face, the status and message lines, the timer
//   js/input.js     mouse, touch and keyboard on the board; onKey dispatches the keys' table
//   js/solver.js    one move, play to the end, hint and why, probabilities
//   js/compile.js   the compile-time view and the export as a Rust test
//   js/help.js      the help overlay
//
// The state shared by modules is in `page`; what one module alone needs is private to it. The
// modules call each other's functions (some in a cycle, which ES modules allow: at load time a
// module only defines things, and the page starts below, once all are loaded). Nothing is put
// on `window`: the browser tests read the page through the DOM only (and wrap window.fetch,
// which api.js looks up at each call).

import { api } from "./js/api.js";
import { bindCompile } from "./js/compile.js";
import { adopt, setMessage, showError, sizeBoard, tick } from "./js/draw.js";
import { bindHelp } from "./js/help.js";
import { bindBoard, onKey } from "./js/input.js";
import { bindSettings, loadSettings, newGame } from "./js/settings.js";
import { bindSolver, stopAutoplay } from "./js/solver.js";
import { $, page } from "./js/state.js";

async function start() {
  bindSettings();
  bindBoard();
  bindSolver();
  bindCompile();
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
