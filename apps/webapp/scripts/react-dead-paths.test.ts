import { describe, expect, it } from "vitest";
import { installedVersion, madeFor } from "./made-for.mjs";
import {
  ALWAYS_FALSE,
  EDITS,
  REACT_DOM_CLIENT,
  appSources,
  installedClient,
  withoutDeadPaths,
} from "./react-dead-paths.mjs";

// Issue 33 §3: the device build drops react-dom's paths this app never takes (scripts/react-dead-paths.mjs). Each
// edit holds only for the exact react-dom it was written for and for what the app's code does; both are checked
// here, so a new react-dom or app code that takes one of those paths fails before a flash image is made.
const { file: clientFile, text: client } = installedClient();
const app = appSources();
const using = (re: RegExp) => app.filter((s) => re.test(s.text)).map((s) => s.file);

describe("react-dead-paths", () => {
  it("was written for the react-dom installed and pinned", () => {
    expect(madeFor["react-dom"]?.version).toBe("19.3.1");
    expect(installedVersion("react-dom")).toBe("19.3.1");
    expect(REACT_DOM_CLIENT.test(clientFile)).toBe(true);
  });

  it("finds every text it edits in the installed react-dom, and the result still parses", () => {
    const out = withoutDeadPaths(client);
    expect(out.length).toBeLessThan(client.length);
    for (const v of ALWAYS_FALSE) {
      expect(out).not.toContain(v.declaration);
      expect(out.slice(out.indexOf(v.without))).not.toMatch(new RegExp(`(?<![\\w$.])${v.name}(?![\\w$])`));
    }
    for (const e of EDITS) expect(out).not.toContain(e.find);
    expect(() => new Function("exports", "require", "process", out)).not.toThrow();
  });

  it("fails, naming the change, when react-dom's text is not the one the edits were written for", () => {
    const moreWrites = client.replace("isHydrating = !0;", "isHydrating = !0;\n  isHydrating = !0;");
    expect(() => withoutDeadPaths(moreWrites)).toThrow(
      /`isHydrating` written 7 and read 33 times, not 6 and 33/,
    );
    const moved = client.replace(
      "var shouldStartViewTransition = !1,",
      "var shouldStartViewTransition = !1;\nvar",
    );
    expect(() => withoutDeadPaths(moved)).toThrow(/declaration of `shouldStartViewTransition` not found/);
    const renamed = client.replace("  L: preload,\n", "  L: preloadAs,\n");
    expect(() => withoutDeadPaths(renamed)).toThrow(/resource hints/);
  });

  it("the app takes none of those paths: no hydration, resource hints, form actions, transitions or view transitions", () => {
    // 1: only createRoot; 2: react-dom only through react-dom/client.
    expect(using(/\bhydrateRoot\b/)).toEqual([]);
    expect(using(/from\s+["']react-dom(?!\/client["'])[^"']*["']/)).toEqual([]);
    expect(using(/from\s+["']react-dom\/client["']/)).toEqual(["main.tsx"]);
    // 3: no form action props and nothing that starts a transition; 4: no <ViewTransition>.
    expect(using(/\b(formAction|action)=\{/)).toEqual([]);
    expect(
      using(/\b(useTransition|startTransition|useFormStatus|useActionState|useOptimistic|ViewTransition)\b/),
    ).toEqual([]);
  });
});
