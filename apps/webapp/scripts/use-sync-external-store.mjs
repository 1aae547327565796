// wouter imports React's useSyncExternalStore through the `use-sync-external-store` shim, a CommonJS package for
// React < 18. React 19 has the hook itself; vite.config.ts points the shim here (issue 15 §4: ~340 B gz).
export { useSyncExternalStore } from "react";
