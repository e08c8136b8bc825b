// The page's pure helpers (js/pure.js): names, times, counters, seeds, chances, the settings'
// checks and the board's size. Run: node --test typesweeper-cli/tests/page/*.test.mjs
// (or cargo test -p typesweeper-cli -- --ignored page_helpers).

import assert from "node:assert/strict";
import { test } from "node:test";

import { cellName, chanceColour, fitCell, formatMillis, isUnopened, led, levelText, newGameJson, percent, seedsAsText } from "../../src/web/page/js/pure.js";

test("cellName counts rows and columns from 1", () => {
  assert.equal(cellName(0, 0), "R1C1");
  assert.equal(cellName(2, 3), "R3C4");
  assert.equal(cellName(15, 29), "R16C30");
});

test("formatMillis writes tenths under a minute, minutes and seconds from one", () => {
  assert.equal(formatMillis(0), "0.0s");
  assert.equal(formatMillis(12345), "12.3s");
  assert.equal(formatMillis(59999), "59.9s");
  assert.equal(formatMillis(60000), "1m00s");
  assert.equal(formatMillis(125999), "2m05s");
  assert.equal(formatMillis(-5), "0.0s", "never negative");
  assert.equal(formatMillis(999.9), "0.9s", "whole milliseconds");
});

test("led shows three digits, a minus sign when negative, clamped", () => {
  assert.equal(led(0), "000");
  assert.equal(led(7), "007");
  assert.equal(led(99), "099");
  assert.equal(led(999), "999");
  assert.equal(led(1234), "999");
  assert.equal(led(-1), "-01");
  assert.equal(led(-99), "-99");
  assert.equal(led(-150), "-99");
  assert.equal(led(12.9), "012");
  assert.equal(led(-0.5), "000");
});

test("seedsAsText keeps u64 seeds exact through JSON.parse", () => {
  const text = '{"id":"ab","seed":18446744073709551615,"best":{"millis":5,"seed":9007199254740993}}';
  const parsed = JSON.parse(seedsAsText(text));
  assert.equal(parsed.seed, "18446744073709551615");
  assert.equal(parsed.best.seed, "9007199254740993");
  assert.equal(parsed.best.millis, 5);
  // A seed already a string, or the word inside a string, is left alone.
  assert.equal(seedsAsText('{"seed":"12","message":"a \\"seed\\":3"}'), '{"seed":"12","message":"a \\"seed\\":3"}');
});

test("isUnopened: hidden, question mark and flag", () => {
  for (const ch of [".", "?", "F"]) assert.ok(isUnopened(ch), ch);
  for (const ch of ["0", "1", "8", "X", "*", "W"]) assert.ok(!isUnopened(ch), ch);
});

test("percent is 0 and 100 only when certain", () => {
  assert.equal(percent(0), 0);
  assert.equal(percent(-0.1), 0);
  assert.equal(percent(NaN), 0);
  assert.equal(percent(0.001), 1);
  assert.equal(percent(0.2), 20);
  assert.equal(percent(0.996), 99);
  assert.equal(percent(1), 100);
});

test("chanceColour: green when safe, red when a mine, the hue falling in between", () => {
  assert.equal(chanceColour(0), "hsl(122, 58%, 46%)");
  assert.equal(chanceColour(100), "hsl(0, 74%, 46%)");
  assert.equal(chanceColour(20), "hsl(61, 72%, 75%)");
  const hue = (pct) => Number(/^hsl\((\d+),/.exec(chanceColour(pct))[1]);
  for (let pct = 1; pct < 99; pct++) assert.ok(hue(pct + 1) <= hue(pct), `${pct}`);
});

test("levelText: a standard level as it is, a custom one as RxC/M within the limits", () => {
  const limits = { max_rows: 100, max_cols: 100 };
  assert.equal(levelText("expert", "", "", "", limits), "expert");
  assert.equal(levelText("custom", "20", "40", "150", limits), "20x40/150");
  assert.equal(levelText("custom", "20", "40", "0", null), "20x40/0");
  assert.throws(() => levelText("custom", "", "40", "150", limits), /whole numbers/);
  assert.throws(() => levelText("custom", "0", "40", "150", limits), /whole numbers/);
  assert.throws(() => levelText("custom", "20", "40", "-1", limits), /whole numbers/);
  assert.throws(() => levelText("custom", "101", "40", "150", limits), /at most 100 rows and 100 columns/);
  assert.equal(levelText("custom", "101", "40", "150", null), "101x40/150", "no limits known yet");
});

test("newGameJson writes a typed seed as the digits typed, a u64", () => {
  const body = { level: "beginner", first_click: "zero" };
  assert.equal(newGameJson(body, ""), '{"level":"beginner","first_click":"zero"}');
  assert.equal(newGameJson(body, "   "), '{"level":"beginner","first_click":"zero"}');
  assert.equal(newGameJson(body, " 18446744073709551615 "), '{"level":"beginner","first_click":"zero","seed":18446744073709551615}');
  assert.equal(newGameJson(body, "007"), '{"level":"beginner","first_click":"zero","seed":7}');
  for (const bad of ["18446744073709551616", "-1", "1.5", "x", "123456789012345678901"]) {
    assert.throws(() => newGameJson(body, bad), { message: `the seed is a whole number from 0 to 18446744073709551615, not "${bad}"` });
  }
});

test("fitCell fits the board in the window, 22 to 40 pixels", () => {
  assert.equal(fitCell(9, 9, 1200, 900), 40);
  assert.equal(fitCell(16, 30, 1200, 900), 25);
  assert.equal(fitCell(16, 30, 1200, 600), 22, "(600 - 250) / 16 is under 22: the board scrolls");
  assert.equal(fitCell(16, 30, 800, 900), 24, "narrow: the panel goes under the board, (800 - 76) / 30");
  assert.equal(fitCell(100, 100, 1920, 1080), 22, "larger boards scroll");
});
