#!/usr/bin/env node
// Plays D. Hill's JSMinesweeper solver on boards read from standard input, one game per line,
// and writes one result per line in the format `typesweeper bench --record` writes.
//
//   node play.js SOURCES [--guesses FILE] < boards
//
// SOURCES is a local copy of JSMinesweeper's sources: the repository's root (with Minesweeper/)
// or its Minesweeper folder. None of JSMinesweeper's code is part of typesweeper; this file only
// loads it, as the browser page does, and drives it as the bulk run in its main.js does
// (`bulkRun`: play style "no flags", advanced guessing, full probability, not hardcore; each
// reply's first clear is played, then the reply's further certain clears until a guess).
//
// Input line:  `seed rows cols mines click m1,m2,...` (click and mines as row-major indices;
//              the first click is made before the solver is asked anything).
// Output line: `seed won guesses cpu_us` (won 1 or 0; guesses: clears the solver played that it
//              did not know to be safe; cpu_us: this process's CPU time for the game).
// With --guesses FILE, every guess is also written there as `seed move row col safety` (0-based
// row and column, move = clears played before it, the first click included).
"use strict";

const fs = require("fs");
const path = require("path");
const readline = require("readline");

function usage(message) {
    process.stderr.write(`play.js: ${message}\nusage: node play.js SOURCES [--guesses FILE] < boards\n`);
    process.exit(2);
}

const args = process.argv.slice(2);
if (args.length < 1) {
    usage("missing the path to JSMinesweeper's sources");
}
let guessFile = null;
for (let i = 1; i < args.length; i++) {
    if (args[i] === "--guesses" && i + 1 < args.length) {
        guessFile = fs.openSync(args[++i], "w");
    } else {
        usage(`unexpected argument ${args[i]}`);
    }
}

let root = path.resolve(args[0]);
if (fs.existsSync(path.join(root, "Minesweeper", "client"))) {
    root = path.join(root, "Minesweeper");
}
if (!fs.existsSync(path.join(root, "client", "solver_main.js"))) {
    usage(`${args[0]} has no Minesweeper/client/solver_main.js`);
}

// The solver's files, in the order the page loads what they need. Compression.js only serves the
// board's file formats; when a copy lacks it, the board gets an empty stand-in.
const files = [
    "Utility/PrimeSieve.js",
    "Utility/Binomial.js",
    "client/Tile.js",
    "client/Board.js",
    "client/SolutionCounter.js",
    "client/solver_probability_engine.js",
    "client/Brute_force.js",
    "client/BruteForceAnalysis.js",
    "client/EfficiencyHelper.js",
    "client/LongTermRiskHelper.js",
    "client/solver_main.js",
];
const optional = { "Utility/Compression.js": "class Compressor {}" };

// What the page's main.js and MinesweeperGame.js define for the solver: the action codes, the
// mine marker of the brute force, the UI hooks (here silent), the analysis-mode switch, the
// binomial cache, and `board`, the board on screen (LongTermRiskHelper reads it).
let source = `"use strict";
const ACTION_CLEAR = 1;
const ACTION_FLAG = 2;
const ACTION_CHORD = 3;
const BOMB = 9;
function showMessage(text) {}
function sleep(ms) { return Promise.resolve(); }
let analysisMode = false;
let binomialCache = null;
let board = null;
`;
for (const [file, standIn] of Object.entries(optional)) {
    const full = path.join(root, file);
    source += fs.existsSync(full) ? fs.readFileSync(full, "utf8") + "\n" : standIn + "\n";
}
for (const file of files) {
    source += `// ---- ${file}\n` + fs.readFileSync(path.join(root, file), "utf8") + "\n";
}
source += `
binomialCache = new BinomialCache(5000, 500, new Binomial(65000, 500));
return {
    solver,
    Board,
    show(b) { board = b; },
    PLAY_STYLE_NOFLAGS,
};
`;

// The solver writes its progress with console.log; keep standard output for the results.
const quiet = () => {};
console.log = quiet;
console.info = quiet;
console.warn = quiet;
const js = new Function(source)();

function neighbours(rows, cols, i) {
    const r = Math.floor(i / cols);
    const c = i % cols;
    const out = [];
    for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
            if ((dr || dc) && r + dr >= 0 && r + dr < rows && c + dc >= 0 && c + dc < cols) {
                out.push((r + dr) * cols + c + dc);
            }
        }
    }
    return out;
}

async function playGame(seed, rows, cols, mines, click, mineCells) {
    const cells = rows * cols;
    const mine = new Uint8Array(cells);
    for (const m of mineCells) {
        mine[m] = 1;
    }
    const number = new Uint8Array(cells);
    for (let i = 0; i < cells; i++) {
        for (const n of neighbours(rows, cols, i)) {
            number[i] += mine[n];
        }
    }
    const open = new Uint8Array(cells);
    let opened = 0;
    const safe = cells - mines;

    // The solver's view: a JSMinesweeper board, x = column, y = row.
    const view = new js.Board(0, cols, rows, mines, seed, "safe");
    js.show(view);

    // Opens a cell as the game does (a zero opens its neighbours); false on a mine.
    const reveal = (start) => {
        if (mine[start]) {
            return false;
        }
        const stack = [start];
        while (stack.length > 0) {
            const i = stack.pop();
            if (open[i]) {
                continue;
            }
            open[i] = 1;
            opened++;
            view.getTile(i).setValue(number[i]);
            if (number[i] === 0) {
                for (const n of neighbours(rows, cols, i)) {
                    if (!open[n]) {
                        stack.push(n);
                    }
                }
            }
        }
        return true;
    };

    const options = {
        playStyle: js.PLAY_STYLE_NOFLAGS,
        verbose: false,
        advancedGuessing: true,
        fullProbability: true,
        hardcore: false,
    };

    const start = process.cpuUsage();
    let alive = reveal(click);
    let moves = 1;
    let guesses = 0;
    let loopCheck = 0;
    while (alive && opened < safe) {
        loopCheck++;
        if (loopCheck > 10000) {
            alive = false; // as the bulk run: a game the solver cannot finish is not won
            break;
        }
        const reply = await js.solver(view, options);
        for (let i = 0; i < reply.actions.length; i++) {
            const action = reply.actions[i];
            if (action.action === 3 || action.action === 2) {
                continue; // chords and flags are not played (none come in this play style)
            }
            if (i === 0 || action.prob === 1) {
                const at = action.y * cols + action.x;
                if (!open[at]) {
                    if (action.prob !== 1) {
                        guesses++;
                        if (guessFile !== null) {
                            fs.writeSync(guessFile, `${seed} ${moves} ${action.y} ${action.x} ${action.prob}\n`);
                        }
                    }
                    moves++;
                    alive = reveal(at);
                }
                if (!alive || opened === safe) {
                    break;
                }
            }
            if (action.prob !== 1) {
                break; // do no more actions after a guess
            }
        }
    }
    const used = process.cpuUsage(start);
    const won = alive && opened === safe;
    return `${seed} ${won ? 1 : 0} ${guesses} ${used.user + used.system}\n`;
}

async function main() {
    await js.solver(null); // as the page's start-up: the solver publishes solver.countSolutions
    const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
    for await (const line of input) {
        const words = line.trim().split(/\s+/);
        if (words.length === 0 || words[0] === "") {
            continue;
        }
        if (words.length < 5) {
            throw new Error(`bad board line: ${line}`);
        }
        const [seed, rows, cols, mines, click] = words;
        const mineCells = words.length > 5 && words[5] !== "" ? words[5].split(",").map(Number) : [];
        if (mineCells.length !== Number(mines)) {
            throw new Error(`board line for seed ${seed} lists ${mineCells.length} mines, not ${mines}`);
        }
        const result = await playGame(seed, Number(rows), Number(cols), Number(mines), Number(click), mineCells);
        process.stdout.write(result);
    }
    if (guessFile !== null) {
        fs.closeSync(guessFile);
    }
}

main().catch((e) => {
    process.stderr.write(`play.js: ${e && e.stack ? e.stack : e}\n`);
    process.exit(1);
});
