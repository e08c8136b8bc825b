// The page's state: one object, read and changed by the other modules (a module that keeps
// something only for itself keeps it private: the action queue in api.js, the face shown in
// draw.js, the export's URLs in compile.js, the focus before the help in help.js).

export const $ = (id) => document.getElementById(id);

export const page = {
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
  // How the player last reached for the page: "pointer" (mouse, pen, touch) or "key". A control
  // used with the pointer gives the focus back (so the game's keys work right after); one used
  // from the keyboard keeps it, as everywhere on the web.
  lastInput: "key",
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
export function charAt(row, col) {
  return page.game ? page.game.board[row][col] : ".";
}
