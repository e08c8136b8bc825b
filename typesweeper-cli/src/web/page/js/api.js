// The JSON API: the call, its errors, and the two ways the page paces its requests (one action
// at a time, in order; a refresh at most once at a time).

import { seedsAsText } from "./pure.js";

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** An API error: the server's `{"error": ...}` sentence and the HTTP status. */
export class ApiError extends Error {
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
export async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  let response;
  try {
    // The global fetch, looked up at each call (the browser tests wrap window.fetch).
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

/** The tail of the actions queued by `serial`. */
let queue = Promise.resolve();

/**
 * Runs the player's and the solver's actions on the game one at a time, in order, so each
 * state drawn is the answer to the latest action.
 */
export function serial(task) {
  const run = queue.then(task);
  queue = run.catch(() => {});
  return run;
}

/**
 * A refresh that runs at most once at a time: asked again while it runs, it runs once more
 * when done (so the last board always gets its answer, and a fast autoplay does not pile up
 * requests).
 */
export function refresher(work) {
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
