import { defineConfig, type UserConfig } from "vite";
import react from "@vitejs/plugin-react";
import cssInjectedByJs from "vite-plugin-css-injected-by-js";
import { packLocales } from "./scripts/pack-locales.mjs";
import { purgeCss } from "./scripts/purge-css.mjs";
import { GATEWAY_SOURCES, gatewayBuild } from "./scripts/build-kind.mjs";

// The device serves exactly index.html.gz and js/app.js.gz (API.md §3.21): one JS file, CSS inside it,
// no other assets. scripts/postbuild.mjs compresses them and adds favicons, manifest and zones.json.gz.
const target = process.env.DTU_TARGET ?? "http://localhost:8080";

// Classes the source builds at run time (`alert-${type}`): the purge cannot see them, so list them here. Only
// the variants those places can produce (issue 15 §4: each unused button variant costs ~450 B of CSS); a class
// written out in the source is kept anyway.
// `text-bg-*`: Badge's variants, the live states' colours (features/live/state.ts) and the toasts' variants. The
// `bg-*`, `text-*` and `border-*` colour utilities are only ever written out, so the purge keeps the ones named.
const safelist = [
  /^text-bg-(primary|secondary|success|danger|warning|info|dark)$/,
  /^alert-(success|warning|danger|info)$/, // ResultAlert (device result types), Toasts
  /^btn-(primary|danger|warning)$/, // ConfirmModal's `variant`
  /^modal-lg$/, // Modal.tsx `size` (the only size the screens use)
];

// The device build's purge leaves out the gateway screens' sources: classes only they use keep no CSS there.
const purge = (exclude: string[]) =>
  purgeCss({ src: new URL("./src", import.meta.url).pathname, safelist, exclude });

const reactPrivateFields = new RegExp(
  `^(${[
    "memoizedState stateNode sibling alternate memoizedProps updateQueue pendingProps subtreeFlags containerInfo",
    "childLanes pendingLanes dehydrated baseState cachePool _fragmentFiber elementType _visibility baseQueue",
    "firstBaseUpdate lastBaseUpdate lastEffect hiddenCallbacks suspendedLanes pingedLanes expiredLanes",
    "entangledLanes entanglements callbackNode callbackPriority memoizedValue firstContext refCleanup deletions",
    "retryLane lastRenderedReducer lastRenderedState hasEagerState eagerState revertLane warmLanes",
    "shellSuspendCounter pooledCache pooledCacheLanes hiddenUpdates errorRecoveryDisabledLanes timeoutHandle",
    "cancelPendingCommit pendingChildren isDehydrated lanes baseLanes _currentValue _currentValue2 blockedOn",
    "unsuspend attachedListener pendingContext hoistableScripts hoistableStyles expirationTimes retryQueue",
    "treeContext _retryCache tailMode memoCache renderingStartTime transitionTypes hydrationErrors _internalRoot",
    "treeForkCount imgCount imgBytes pingCache suspenseyImages isBackwards dependencies instance callbacks refCount",
    "_reactInternals stylesheets",
    // Scheduler's exports and React's shared-internals objects: written and read only by the bundled packages.
    "unstable_now unstable_scheduleCallback unstable_cancelCallback unstable_shouldYield unstable_requestPaint",
    "unstable_getCurrentPriorityLevel unstable_runWithPriority unstable_next unstable_wrapCallback",
    "unstable_forceFrameRate unstable_Profiling unstable_setDisableYieldValue unstable_IdlePriority",
    "unstable_ImmediatePriority unstable_LowPriority unstable_NormalPriority unstable_UserBlockingPriority",
    "__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE __DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE",
    // React's exports as the bundled CommonJS packages write and read them (`t.jsx(…)` ×740, `t.useState` ×80)
    // and its hook dispatcher objects: never named from outside the bundle.
    "jsx jsxs Fragment useState useEffect useRef useId useSyncExternalStore useCallback useMemo useContext",
    "useLayoutEffect useInsertionEffect useTransition useReducer useOptimistic useImperativeHandle useFormState",
    "useEffectEvent useDeferredValue useActionState useMemoCache useHostTransitionStatus useFormStatus",
    "useDebugValue useCacheRefresh",
    // Fiber links and flags, and refs' `current` (React creates refs; our code only reads and writes them).
    "return child flags current",
    // Hook and class update queues (`queue`, `shared`, `pending`, `payload`), React.lazy's payload (`_status`,
    // `_result`) and the scheduler's task order (`sortIndex`). No data or DOM property of the app has these
    // names; `pending` also names a private field of features/live/liveStore.ts, renamed alike in this one bundle.
    "queue shared pending payload _status _result sortIndex",
    // More internals (update queues, synthetic events, root options) and the class lifecycle names, which only
    // React calls: the bundle has no class component of ours.
    "callback dispatch element optionsOrUseCapture _eventListeners __reactViewTransition isPropagationStopped",
    "nativeEvent identifierPrefix onRecoverableError componentDidMount componentWillMount componentWillReceiveProps",
    "UNSAFE_componentWillMount UNSAFE_componentWillReceiveProps UNSAFE_componentWillUpdate getDerivedStateFromError",
    "getDerivedStateFromProps getSnapshotBeforeUpdate",
  ]
    .join(" ")
    .replaceAll(" ", "|")})$`,
);

const device: UserConfig = {
  plugins: [react(), cssInjectedByJs(), packLocales()],
  // public/ holds the favicons; postbuild copies them, so Vite must not copy them (and not inline assets).
  publicDir: false,
  build: {
    outDir: "../../webapp_dist",
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: false,
    rollupOptions: {
      output: {
        entryFileNames: "js/app.js",
        codeSplitting: false,
        // React DOM's private fiber, hook and root fields (issue 15 §4): read and written only inside this one
        // bundle, never by name from outside (not DOM, JSX props or wire data), so short names are safe. ~2 kB gz.
        minify: {
          compress: true,
          mangle: { toplevel: true },
          codegen: true,
          mangleProps: { include: reactPrivateFields },
        },
      },
    },
  },
  css: {
    postcss: { plugins: [purge(GATEWAY_SOURCES)] },
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3 still uses @import and legacy colour functions; its warnings are not ours.
        quietDeps: true,
        silenceDeprecations: ["import", "global-builtin", "color-functions", "if-function"],
      },
    },
  },
  server: {
    proxy: {
      "/api": target,
      "/zones.json": target,
      "/livedata": { target, ws: true },
      "/console": { target, ws: true },
    },
  },
};

// Two builds of one app (README "Two builds"): `vite build` is the device build above; `vite build --mode gateway`
// the gateway build (scripts/build-kind.mjs: its own folder, lazy chunks for the gateway's screens). The constant
// __GATEWAY_BUILD__ is false in the device build, so every gateway screen's code and texts are dropped from it.
export default defineConfig(({ mode }) =>
  mode === "gateway"
    ? gatewayBuild(device, purge([]))
    : { ...device, define: { __GATEWAY_BUILD__: "false" } },
);
