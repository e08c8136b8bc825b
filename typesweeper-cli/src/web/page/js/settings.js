// The top bar: the settings of the next game (remembered across visits), new game, restart,
// question marks and flag mode; and the focus a control gives back after a click.

import { api, serial } from "./api.js";
import { adopt, setMessage, showError } from "./draw.js";
import { act } from "./input.js";
import { levelText, newGameJson } from "./pure.js";
import { stopAutoplay } from "./solver.js";
import { $, page } from "./state.js";

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

export function loadSettings() {
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

/** The new-game request body, as JSON text (the seed written as typed: a u64); throws a
 *  sentence for the message line. */
function newGameBody() {
  const body = {
    level: levelText($("level").value, $("custom-rows").value, $("custom-cols").value, $("custom-mines").value, page.limits),
    first_click: $("first-click").value,
    no_guess: $("no-guess").checked,
    question_marks: $("marks").checked,
  };
  return newGameJson(body, page.seedTyped ? $("seed").value : "");
}

/** Deals a new game from the top bar's settings (a typed seed replays that board). */
export async function newGame() {
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
export function restart() {
  stopAutoplay();
  if (!page.game) return newGame();
  return serial(() => act("restart"));
}

/** Question marks in the right-click cycle, on or off. */
export function setMarks(on) {
  $("marks").checked = on;
  saveSettings();
  if (page.game) serial(() => act("marks", { on }));
}

function setFlagMode(on) {
  page.flagMode = on;
  $("flag-mode").setAttribute("aria-pressed", String(on));
  $("board").classList.toggle("flag-mode", on);
}

export function bindSettings() {
  document.addEventListener("pointerdown", () => (page.lastInput = "pointer"), true);
  document.addEventListener("keydown", () => (page.lastInput = "key"), true);
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
    else if (page.lastInput === "pointer") $("custom-rows").focus();
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
    if (control && page.lastInput === "pointer") control.blur();
  });
  document.addEventListener("change", (e) => {
    if (e.target.matches("select, input[type=checkbox]") && page.lastInput === "pointer") e.target.blur();
  });
}
