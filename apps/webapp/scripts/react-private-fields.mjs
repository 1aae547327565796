// The property names the device build shortens (vite.config.ts `mangleProps`, issue 15 §4, issue 22 §2): fields
// and exports of React that only the bundled copies of react, react-dom and scheduler write and read. The minifier
// renames a matching name everywhere in the one bundle, the app's code included, so a name is in the list only
// when it cannot cross a boundary of the bundle:
//   1. the installed React bundles write or read it as a property (`.name` or `name:`), so it still means something;
//   2. the app's code (apps/webapp/src and packages/api, comments aside) never writes the word, except as a name
//      imported from React: no object of the app, nothing sent as JSON or kept in storage, can carry it. Sources
//      only the gateway build holds (build-kind.mjs GATEWAY_SOURCES, e.g. a class component's
//      `getDerivedStateFromError`) do not count: that build renames no property;
//   3. TypeScript's DOM and ECMAScript declarations never use the word: no DOM property, no event field, no
//      language protocol (`return`, `flags`, `then`, `toJSON`, …);
//   4. it is a compound name (camelCase, `_`-prefixed, `unstable_…`) or one of React's exported names: plain words
//      such as `current`, `pending`, `queue` or `child` stay out even where rules 1-3 would let them in.
// How the list was made (React 19.3.1), and how to remake it for a new React version: run
//   node apps/webapp/scripts/react-private-fields.mjs
// It prints the listed names that no longer pass the rules (take them out) and the names of the installed React
// that pass them but are not listed (candidates: read each one in react-dom-client.production.js and add it only
// when React alone writes and reads it; the bytes it saves are in `npm run build`). Then update the recorded React
// version in scripts/made-for.mjs and run the browser tests on the device build (e2e/).
// scripts/react-private-fields.test.ts runs the same rules: it fails when a listed name breaks one.
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { GATEWAY_SOURCES } from "./build-kind.mjs";
import { withoutComments } from "./purge-css.mjs";

const webapp = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(webapp, "package.json"));

/** The list, grouped by what the names are. */
export const reactPrivateFields = [
  // Fiber, hook, update-queue and root fields.
  "memoizedState stateNode memoizedProps updateQueue pendingProps subtreeFlags containerInfo childLanes",
  "pendingLanes baseState cachePool _fragmentFiber elementType _visibility baseQueue firstBaseUpdate",
  "lastBaseUpdate lastEffect hiddenCallbacks suspendedLanes pingedLanes expiredLanes entangledLanes",
  "callbackNode callbackPriority memoizedValue firstContext refCleanup retryLane",
  "lastRenderedReducer lastRenderedState hasEagerState eagerState revertLane warmLanes shellSuspendCounter",
  "pooledCache pooledCacheLanes hiddenUpdates errorRecoveryDisabledLanes timeoutHandle cancelPendingCommit",
  "pendingChildren isDehydrated baseLanes _currentValue _currentValue2 blockedOn attachedListener",
  "pendingContext hoistableScripts hoistableStyles expirationTimes retryQueue treeContext _retryCache tailMode",
  "memoCache renderingStartTime transitionTypes hydrationErrors _internalRoot treeForkCount imgCount imgBytes",
  "pingCache suspenseyImages isBackwards refCount _reactInternals",
  // React.lazy's payload and the scheduler's task order.
  "_status _result sortIndex",
  // Scheduler's exports and React's shared-internals objects.
  "unstable_now unstable_scheduleCallback unstable_cancelCallback unstable_shouldYield unstable_requestPaint",
  "unstable_getCurrentPriorityLevel unstable_runWithPriority unstable_next unstable_wrapCallback",
  "unstable_forceFrameRate unstable_Profiling unstable_setDisableYieldValue unstable_IdlePriority",
  "unstable_ImmediatePriority unstable_LowPriority unstable_NormalPriority unstable_UserBlockingPriority",
  "__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE",
  "__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE",
  // React's exports as the bundled CommonJS packages write and read them (`t.jsx(…)` ×740, `t.useState` ×80),
  // and its hook dispatcher objects.
  "jsx jsxs Fragment useState useEffect useRef useId useSyncExternalStore useCallback useMemo useContext",
  "useLayoutEffect useInsertionEffect useTransition useReducer useOptimistic useImperativeHandle useFormState",
  "useEffectEvent useDeferredValue useActionState useMemoCache useHostTransitionStatus useFormStatus",
  "useDebugValue useCacheRefresh",
  // Synthetic events, listener bookkeeping and root options, and the class lifecycle names only React calls.
  "optionsOrUseCapture _eventListeners __reactViewTransition isPropagationStopped identifierPrefix",
  "onRecoverableError componentDidMount componentWillMount componentWillReceiveProps UNSAFE_componentWillMount",
  "UNSAFE_componentWillReceiveProps UNSAFE_componentWillUpdate getDerivedStateFromError getDerivedStateFromProps",
  "getSnapshotBeforeUpdate",
]
  .join(" ")
  .split(" ");

/** The installed React bundles the device build contains (production CommonJS, as Vite bundles them). */
const REACT_FILES = [
  ["react", "cjs/react.production.js"],
  ["react", "cjs/react-jsx-runtime.production.js"],
  ["react-dom", "cjs/react-dom.production.js"],
  ["react-dom", "cjs/react-dom-client.production.js"],
  ["scheduler", "cjs/scheduler.production.js"],
];

const packageDir = (name) => dirname(require.resolve(`${name}/package.json`));

/** Rule 1: every name the installed React bundles use as a property (`.name`) or object key (`name:`). */
export function reactPropertyNames() {
  const names = new Set();
  for (const [pkg, file] of REACT_FILES) {
    const code = readFileSync(join(packageDir(pkg), file), "utf8");
    for (const m of code.matchAll(/\.([A-Za-z_$][\w$]*)|[{,]\s*([A-Za-z_$][\w$]*)\s*:/g))
      names.add(m[1] ?? m[2]);
  }
  return names;
}

/** React's exported names (rule 4 lets them in without being compound). */
export function reactExports() {
  const names = new Set();
  for (const id of ["react", "react/jsx-runtime", "react-dom", "react-dom/client", "scheduler"]) {
    for (const k of Object.keys(require(id))) names.add(k);
  }
  return names;
}

const words = (text, into) => {
  for (const w of text.match(/[A-Za-z_$][\w$]*/g) ?? []) into.add(w);
  return into;
};

const sourceFiles = (dir) =>
  readdirSync(dir, { recursive: true })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f));

const IMPORT_FROM_REACT =
  /import\s+(?:type\s+)?(\{[^}]*\})\s*from\s*["'](?:react|react-dom|scheduler)(?:\/[\w/-]*)?["']/g;

/** Rule 2: the words of the app's own code and its wire contract, imports of React's names left out. */
export function appWords() {
  const into = new Set();
  const src = join(webapp, "src");
  const deviceOnly = (file) =>
    !GATEWAY_SOURCES.some((prefix) => relative(src, file).split(sep).join("/").startsWith(prefix));
  for (const file of [
    ...sourceFiles(src).filter(deviceOnly),
    ...sourceFiles(join(webapp, "../../packages/api/src")),
  ]) {
    const code = withoutComments(readFileSync(file, "utf8"));
    // `import { useState } from "react"`: the bundle reads React's export, `t.useState`, where the code says
    // `useState`. Such a binding (and the import) is React's name, not the app's.
    const fromReact = new Set();
    const rest = code.replace(IMPORT_FROM_REACT, (_, names) => {
      for (const m of names.matchAll(/(?:^|[{,])\s*(?:type\s+)?([\w$]+)/g)) fromReact.add(m[1]);
      return "";
    });
    for (const w of words(rest, new Set())) if (!fromReact.has(w)) into.add(w);
  }
  return into;
}

/** Rule 3: every word of TypeScript's library declarations (DOM, ECMAScript, workers). */
export function platformWords() {
  const lib = join(packageDir("typescript"), "lib");
  const into = new Set();
  for (const f of readdirSync(lib))
    if (/^lib\..*\.d\.ts$/.test(f)) words(readFileSync(join(lib, f), "utf8"), into);
  return into;
}

const compound = (name) => /[a-z][A-Z]|^_|^unstable_/.test(name);

/** The rules as one check: why a name may not be renamed, or undefined when it may. */
export function ruleChecker() {
  const [props, exported, app, platform] = [
    reactPropertyNames(),
    reactExports(),
    appWords(),
    platformWords(),
  ];
  return (name) => {
    if (!props.has(name)) return "the installed React bundles no longer use it as a property";
    if (app.has(name)) return "the app's code or the wire contract (packages/api) writes it";
    if (platform.has(name)) return "a DOM or ECMAScript declaration (TypeScript's lib) uses it";
    if (!compound(name) && !exported.has(name)) return "a plain word, not one of React's exports";
    return undefined;
  };
}

/** The minifier's `mangleProps.include`: exactly the listed names. */
export const reactPrivateFieldsPattern = new RegExp(`^(${reactPrivateFields.join("|")})$`);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const why = ruleChecker();
  const listed = new Set(reactPrivateFields);
  const broken = reactPrivateFields.filter((n) => why(n)).map((n) => `  ${n}: ${why(n)}`);
  const candidates = [...reactPropertyNames()].filter((n) => !listed.has(n) && !why(n)).sort();
  console.log(`${reactPrivateFields.length} names listed; ${broken.length} break a rule:`);
  if (broken.length) console.log(broken.join("\n"));
  console.log(
    `${candidates.length} candidates not listed (review each before adding):\n  ${candidates.join(" ")}`,
  );
}
