// What a cell shows and what a screen reader says for it (js/pure.js's lookOf and labelOf),
// from a view as draw.js builds it.

import assert from "node:assert/strict";
import { test } from "node:test";

import { labelOf, lookOf } from "../../src/web/page/js/pure.js";

// A 2x3 game: row 0 is "1F.", row 1 is "0?2".
const game = (over = {}) => ({ rows: 2, cols: 3, board: ["1F.", "0?2"], status: "playing", last_move: null, ...over });
const view = (over = {}) => {
  const g = over.game || game();
  return {
    game: g,
    boardKey: g.board.join("\n"),
    hint: null,
    chances: null,
    probabilitiesOn: false,
    why: null,
    cursor: { row: 0, col: 0 },
    cursorShown: false,
    overlay: null,
    overlayLevel: "",
    ...over,
  };
};

test("each character's classes, text and label", () => {
  const v = view();
  const look = (row, col) => lookOf(v, row, col);
  assert.deepEqual(look(0, 0), { cls: "cell open number n1", text: "1", bg: "", ch: "1", label: "R1C1, 1" });
  assert.deepEqual(look(0, 1), { cls: "cell flag", text: "", bg: "", ch: "F", label: "R1C2, flagged" });
  assert.deepEqual(look(0, 2), { cls: "cell hidden", text: "", bg: "", ch: ".", label: "R1C3, hidden" });
  assert.deepEqual(look(1, 0), { cls: "cell open", text: "", bg: "", ch: "0", label: "R2C1, blank" });
  assert.deepEqual(look(1, 1), { cls: "cell question", text: "?", bg: "", ch: "?", label: "R2C2, question mark" });
  const lost = view({ game: game({ status: "lost", board: ["X*W", "000"] }) });
  assert.equal(lookOf(lost, 0, 0).label, "R1C1, mine, hit");
  assert.equal(lookOf(lost, 0, 1).cls, "cell mine");
  assert.equal(lookOf(lost, 0, 2).label, "R1C3, wrong flag");
});

test("the hint marks proved cells while its board is shown, never a flag as safe", () => {
  const hint = { key: "1F.\n0?2", safe: new Set([1, 2]), mines: new Set([4]) };
  const v = view({ hint });
  assert.equal(lookOf(v, 0, 1).cls, "cell flag", "a flag is not marked safe");
  assert.equal(lookOf(v, 0, 2).cls, "cell hidden hint-safe");
  assert.equal(lookOf(v, 0, 2).label, "R1C3, hidden, proved safe");
  assert.equal(lookOf(v, 1, 1).label, "R2C2, question mark, proved mine");
  assert.equal(lookOf(view({ hint, boardKey: "older" }), 0, 2).cls, "cell hidden", "a stale hint");
  const over = view({ hint, game: game({ status: "won" }) });
  assert.equal(lookOf(over, 0, 2).cls, "cell hidden", "not once the game is over");
});

test("the probabilities show on hidden and question-mark cells, in percent and colour", () => {
  const chances = { chances: [[null, null, 0.25], [null, 1, null]] };
  const v = view({ chances, probabilitiesOn: true });
  const hidden = lookOf(v, 0, 2);
  assert.equal(hidden.cls, "cell hidden prob");
  assert.equal(hidden.text, "25");
  assert.match(hidden.bg, /^hsl\(/);
  assert.equal(hidden.label, "R1C3, hidden, 25% mine");
  const mark = lookOf(v, 1, 1);
  assert.equal(mark.cls, "cell question prob certain-mine");
  assert.equal(mark.text, "100");
  assert.equal(lookOf(view({ chances, probabilitiesOn: false }), 0, 2).text, "", "off");
});

test("the compile-time overlay: what the level proves, and what only complete does", () => {
  const overlay = { level: ["??s", "?m?"], complete: ["??s", "?mm"] };
  const v = view({ overlay, overlayLevel: "fragment", game: game({ board: ["1F.", "0.."] }) });
  assert.equal(lookOf(v, 0, 2).label, "R1C3, hidden, fragment proves safe");
  assert.equal(lookOf(v, 1, 1).cls, "cell hidden lvl-mine");
  assert.equal(lookOf(v, 1, 1).label, "R2C2, hidden, fragment proves a mine");
  assert.equal(lookOf(v, 1, 2).label, "R2C3, hidden, only complete decides");
});

test("the solver's last move, the explained cell and the cursor", () => {
  const certain = view({ game: game({ last_move: { row: 0, col: 2, certain: true } }) });
  assert.equal(lookOf(certain, 0, 2).label, "R1C3, hidden, the solver's last move");
  const guess = view({ game: game({ last_move: { row: 0, col: 2, certain: false } }) });
  assert.equal(lookOf(guess, 0, 2).cls, "cell hidden last-guess");
  assert.equal(lookOf(guess, 0, 2).label, "R1C3, hidden, the solver's last move, a guess");
  const why = view({ why: { row: 1, col: 2 } });
  assert.equal(lookOf(why, 1, 2).label, "R2C3, 2, explained");
  assert.equal(lookOf(view({ cursorShown: true, cursor: { row: 1, col: 0 } }), 1, 0).cls, "cell open cursor");
  assert.equal(lookOf(view({ cursorShown: false, cursor: { row: 1, col: 0 } }), 1, 0).cls, "cell open");
});

test("labelOf reads the classes it is given", () => {
  assert.equal(labelOf(2, 3, "3", "cell open number n3", "3", ""), "R3C4, 3");
  assert.equal(labelOf(0, 0, ".", "cell hidden lvl-safe", "", "pairs"), "R1C1, hidden, pairs proves safe");
});
