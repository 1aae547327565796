// Build-only Vite plugin (issue 33 §3): code paths of react-dom that this app never takes, taken out of the bundle.
// The minifier cannot see that they are dead (each hangs on a module variable or an object React fills at start);
// these edits say so in react-dom's own text, and the minifier then drops every branch and function only they reach.
//
// 1. Hydration. The app renders with `createRoot` into an empty element (src/main.tsx), never `hydrateRoot`, and
//    nothing it renders comes from a server, so `isHydrating` stays false for the page's whole life: written here
//    as that constant.
// 2. Resource hints. `preload`, `preinit`, `prefetchDNS`… are exports of the `react-dom` entry, which the app never
//    imports (only `react-dom/client`); the client's dispatcher for them is left as the entry's default (no-ops).
// 3. Form actions. React's handling of `<form action={fn}>` (and transitions started while a form submits): the app
//    writes no `action` or `formAction` prop and starts no transition, so the submit event's action listener is not
//    added. Submit handlers (`onSubmit`) are untouched.
//
// They read react-dom's internals, so they hold only for the exact version pinned in apps/webapp/package.json:
// every edit must find its text exactly as often as written below, or the build fails naming it;
// react-dead-paths.test.ts runs them on the installed file and checks the app's sources for what they assume.

import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { appSource } from "./real-styles.mjs";

/** The file the device build takes react-dom's client from (package.json `exports`, production condition). */
export const REACT_DOM_CLIENT = /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;

/**
 * Module variables that stay false in this app (edits 1 and 4): where each is declared (the edit applies from there
 * on: an earlier function of react-dom has a parameter named `isHydrating`), the text of that declaration without it,
 * and how often react-dom 19.3.1 writes and reads it after that.
 */
export const ALWAYS_FALSE = [
  {
    name: "isHydrating",
    declaration: "  nextHydratableInstance = null,\n  isHydrating = !1,\n",
    without: "  nextHydratableInstance = null,\n",
    writes: 6,
    reads: 33,
  },
  {
    name: "shouldStartViewTransition",
    declaration: "var shouldStartViewTransition = !1,\n  appearingViewTransitions = null;",
    without: "var appearingViewTransitions = null;",
    writes: 3,
    reads: 1,
  },
];

/**
 * The exact texts of react-dom 19.3.1 that edits 2 and 3 replace, each found once.
 */
export const EDITS = [
  {
    why: "2. resource hints: the entry's no-op dispatcher",
    find:
      "  D: prefetchDNS,\n  C: preconnect,\n  L: preload,\n  m: preloadModule,\n  X: preinitScript,\n" +
      "  S: preinitStyle,\n  M: preinitModuleScript\n};",
    replace:
      "  D: previousDispatcher.D,\n  C: previousDispatcher.C,\n  L: previousDispatcher.L,\n  m: previousDispatcher.m,\n" +
      "  X: previousDispatcher.X,\n  S: previousDispatcher.S,\n  M: previousDispatcher.M\n};",
  },
  {
    why: "3. form actions: no action listener on submit",
    find:
      "      extractEvents$1(\n        dispatchQueue,\n        domEventName,\n        targetInst,\n        nativeEvent,\n" +
      "        nativeEventTarget\n      );\n",
    replace: "",
  },
];

function fail(what) {
  throw new Error(`react-dead-paths: ${what} in react-dom's client: re-check the edits for this version`);
}

/** `code` with the module variable `v` (one of ALWAYS_FALSE) as the constant false; throws when the text differs. */
export function asFalse(code, v) {
  const at = code.indexOf(v.declaration);
  if (at < 0 || code.indexOf(v.declaration, at + 1) >= 0)
    fail(`the declaration of \`${v.name}\` not found once`);
  const write = new RegExp(`(?<![\\w$])${v.name} = ![01](?![\\w$])`, "g");
  const read = new RegExp(`(?<![\\w$.])${v.name}(?![\\w$])`, "g");
  const rest = code.slice(at + v.declaration.length);
  const writes = rest.match(write)?.length ?? 0;
  const reads = (rest.match(read)?.length ?? 0) - writes;
  if (writes !== v.writes || reads !== v.reads) {
    fail(`\`${v.name}\` written ${writes} and read ${reads} times, not ${v.writes} and ${v.reads}`);
  }
  return code.slice(0, at) + v.without + rest.replace(write, "!1").replace(read, "!1");
}

/** Every edit applied to react-dom's client; throws naming the first one whose text is not found exactly once. */
export function withoutDeadPaths(code) {
  let out = ALWAYS_FALSE.reduce(asFalse, code);
  for (const e of EDITS) {
    const at = out.indexOf(e.find);
    if (at < 0 || out.indexOf(e.find, at + 1) >= 0) fail(`the text of edit "${e.why}" not found once`);
    out = out.slice(0, at) + e.replace + out.slice(at + e.find.length);
  }
  return out;
}

export function reactDeadPaths() {
  return {
    name: "dtu-react-dead-paths",
    apply: "build",
    transform(code, id) {
      return REACT_DOM_CLIENT.test(id.split("?")[0]) ? { code: withoutDeadPaths(code), map: null } : null;
    },
  };
}

/** The installed react-dom's client as the device build reads it (for the test). */
export function installedClient() {
  const require = createRequire(join(appSource, "main.tsx"));
  const file = join(require.resolve("react-dom/client"), "../cjs/react-dom-client.production.js");
  return { file, text: readFileSync(file, "utf8") };
}

/** Every source file of the app but tests, relative to src/, with its text (for the test). */
export function appSources(dir = appSource) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return appSources(path);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name)
      ? [{ file: path.slice(appSource.length + 1), text: readFileSync(path, "utf8") }]
      : [];
  });
}
