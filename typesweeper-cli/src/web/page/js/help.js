// The help overlay: opened by the ? button or key, closed by a click or any key; the focus goes
// back where it was.

import { $ } from "./state.js";

/** The element that had the focus before the help opened: it gets it back. */
let focusBeforeHelp = null;

export const helpShown = () => !$("help").hidden;

export function showHelp() {
  focusBeforeHelp = document.activeElement;
  $("help").hidden = false;
  $("help-dialog").focus();
}

export function hideHelp() {
  $("help").hidden = true;
  if (focusBeforeHelp && focusBeforeHelp !== document.body && document.contains(focusBeforeHelp)) focusBeforeHelp.focus();
  focusBeforeHelp = null;
}

export function bindHelp() {
  $("help-button").addEventListener("click", (e) => {
    e.stopPropagation();
    showHelp();
  });
  $("help").addEventListener("click", () => hideHelp());
}
