// The compile-time view (what each level of the compile-time solver decides here, and the board
// overlay comparing one with complete) and the export of the position as a Rust test.

import { api, refresher } from "./api.js";
import { drawBoard, markHelped } from "./draw.js";
import { moveCursor } from "./input.js";
import { cellName } from "./pure.js";
import { $, page } from "./state.js";

/** The level and complete rows the board overlay compares, when the overlay is on and fresh. */
export function compileOverlay() {
  const which = $("compile-overlay").value;
  const view = page.compile;
  if (!page.compileOpen || !which || !view || view.key !== page.boardKey) return null;
  const level = view.levels.find((l) => l.level === which);
  const complete = view.levels.find((l) => l.level === "complete");
  if (!level || !complete) return null;
  return { level: level.cells, complete: complete.cells };
}

export function toggleCompileView() {
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
export const refreshCompile = refresher(async () => {
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

/** The object URLs of the last export's Download links (revoked at the next export). */
let exportUrls = [];

/** Exports the position as a Rust test of the chosen level, with each file to read, download
 *  or copy. */
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

export function bindCompile() {
  $("compile-view").addEventListener("click", () => toggleCompileView());
  $("compile-overlay").addEventListener("change", () => {
    $("compile-legend").hidden = !$("compile-overlay").value;
    drawBoard();
  });
  $("export").addEventListener("click", () => exportTest());
}
