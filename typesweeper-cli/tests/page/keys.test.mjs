// The keys' table (js/pure.js): each key of `typesweeper play` and the page's own, with and
// without modifiers; and that input.js has a handler for every action in it.

import assert from "node:assert/strict";
import { test } from "node:test";

import { actsAnywhere, ANYWHERE_KEYS, BOARD_KEYS, CTRL_KEYS, CURSOR_FIRST, keyAction } from "../../src/web/page/js/pure.js";

const key = (k, mods = {}) => keyAction({ key: k, ctrlKey: false, altKey: false, metaKey: false, shiftKey: false, ...mods });

test("every key of the board and its action", () => {
  const want = {
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
    Escape: "escape",
  };
  for (const [k, action] of Object.entries(want)) assert.equal(key(k), action, JSON.stringify(k));
  assert.deepEqual(Object.keys({ ...BOARD_KEYS, ...ANYWHERE_KEYS }).sort(), Object.keys(want).sort(), "no other key");
});

test("Shift only makes the key: A and ? act with it", () => {
  assert.equal(key("A", { shiftKey: true }), "autoplay");
  assert.equal(key("?", { shiftKey: true }), "help");
  assert.equal(key("ArrowUp", { shiftKey: true }), "up");
});

test("keys that are not the game's have no action", () => {
  for (const k of ["x", "K", "F", "Tab", "Backspace", "PageDown", "1", "toString", "constructor", "__proto__", ""]) {
    assert.equal(key(k), null, JSON.stringify(k));
  }
});

test("with Ctrl only Home and End act (the corners); with Alt or Meta nothing", () => {
  assert.equal(key("Home", { ctrlKey: true }), "first-cell");
  assert.equal(key("End", { ctrlKey: true }), "last-cell");
  assert.equal(key("End", { ctrlKey: true, metaKey: true }), "last-cell");
  for (const k of ["k", "n", "Escape", "ArrowUp", " ", "?"]) assert.equal(key(k, { ctrlKey: true }), null, `Ctrl+${k}`);
  for (const mods of [{ altKey: true }, { metaKey: true }]) {
    for (const k of ["Home", "End", "n", "Escape", "f"]) assert.equal(key(k, mods), null, `${JSON.stringify(mods)} ${k}`);
  }
  assert.deepEqual(Object.keys(CTRL_KEYS).sort(), ["End", "Home"]);
});

test("only Escape acts anywhere; the cell's actions show the cursor first", () => {
  assert.ok(actsAnywhere("escape"));
  for (const action of new Set([...Object.values(BOARD_KEYS), ...Object.values(CTRL_KEYS)])) assert.ok(!actsAnywhere(action), action);
  assert.deepEqual([...CURSOR_FIRST].sort(), ["chord", "flag", "open", "why"]);
  for (const action of CURSOR_FIRST) assert.ok(Object.values(BOARD_KEYS).includes(action), action);
});

test("input.js handles every action of the table", async () => {
  // The modules only define things when loaded (the page starts in app.js), so node loads
  // input.js and all it imports without a DOM.
  const { KEY_HANDLERS } = await import("../../src/web/page/js/input.js");
  const actions = new Set([...Object.values(BOARD_KEYS), ...Object.values(CTRL_KEYS), ...Object.values(ANYWHERE_KEYS)]);
  assert.deepEqual(Object.keys(KEY_HANDLERS).sort(), [...actions].sort());
  for (const action of actions) assert.equal(typeof KEY_HANDLERS[action], "function", action);
});
