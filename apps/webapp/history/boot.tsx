/**
 * Entry of the History chunk (issue 14 §6–7). The device build knows nothing of history: the gateway, when it
 * records history, adds `<script type="module" src="/history/history.js">` to the index page it serves
 * (apps/gateway/src/history/site.ts), and this module joins the running app from the outside, through the app's
 * documented extension points only (src/lib/extension.ts, tested there):
 * - a "History" entry after "Live View" in the navigation (re-added whenever the app re-renders its menu);
 * - the `/history` route: the app shows its not-found page there, which is hidden while this screen is shown;
 * - today's peak power under the live view's totals.
 * Navigation goes through `history.pushState`, which the app's router (src/lib/router.tsx) listens to, so both stay in step.
 * Its own React root and texts; the look comes from the app's Bootstrap classes and theme.
 */
import { createRoot, type Root } from "react-dom/client";
import uPlotCss from "uplot/dist/uPlot.min.css?inline";
import { EXTENSION_IDS, extensionPoints } from "../src/lib/extension";
import { StorageKey } from "../src/lib/storage";
import { getInfo, type Host } from "./api";
import { HistoryApp } from "./HistoryApp";

const PATH = "/history";
const ON = "dtu-history";
const LABELS: Record<string, [string, string]> = {
  en: ["History", "Today's peak"],
  de: ["Verlauf", "Heutige Spitze"],
  fr: ["Historique", "Pointe du jour"],
};
const labels = (): [string, string] => LABELS[document.documentElement.lang] ?? ["History", "Today's peak"];

/** The app's stored login (lib/session.ts: `{ username, authdata }` under StorageKey.user, SEED §3). */
const host: Host = {
  auth() {
    try {
      const raw = localStorage.getItem(StorageKey.user);
      const u = raw ? (JSON.parse(raw) as { authdata?: unknown }) : null;
      return typeof u?.authdata === "string" ? `Basic ${u.authdata}` : null;
    } catch {
      return null;
    }
  },
};

const style = document.createElement("style");
style.textContent = `${uPlotCss}
html.${ON} #${EXTENSION_IDS.screen}{display:none!important}
.history-chart .u-legend{font-size:.8rem;color:var(--bs-body-color)}
.history-summary{display:flex;flex-wrap:wrap;gap:.5rem 2rem}
#history .btn-group{display:inline-flex;flex-wrap:wrap}`;
document.head.append(style);

const screen = document.createElement("main");
screen.id = "history";
screen.className = "container-fluid py-3";
screen.hidden = true;
let root: Root | null = null;

function go(path: string): void {
  history.pushState(null, "", path);
  dispatchEvent(new PopStateEvent("popstate"));
}

function navEntry(): void {
  const list = extensionPoints().menu;
  if (!list) return;
  let link = list.querySelector<HTMLAnchorElement>("a[data-history]");
  if (!link) {
    const li = document.createElement("li");
    li.className = "nav-item";
    link = document.createElement("a");
    link.href = PATH;
    link.dataset.history = "";
    link.addEventListener("click", (e) => {
      e.preventDefault();
      // Close the phone menu as the app's own links do.
      const { toggler } = extensionPoints();
      if (toggler?.getAttribute("aria-expanded") === "true") toggler.click();
      go(PATH);
    });
    li.append(link);
    list.children[0]?.after(li);
  }
  const here = location.pathname === PATH;
  link.className = `nav-link${here ? " active" : ""}`;
  if (here) link.setAttribute("aria-current", "page");
  else link.removeAttribute("aria-current");
  if (link.textContent !== labels()[0]) link.textContent = labels()[0];
}

let peak: { at: number; text: string } = { at: 0, text: "" };
function peakLine(): void {
  if (location.pathname !== "/") return;
  // The live view's row of total cards; without it (not loaded yet), no peak line.
  const { totals } = extensionPoints();
  if (!totals) return;
  let p = document.getElementById("history-peak");
  if (!p) {
    p = document.createElement("p");
    p.id = "history-peak";
    p.className = "small text-body-secondary mt-1 mb-0";
  }
  // Right after the totals, also when the live view re-rendered them (only then: each move is a DOM mutation).
  if (totals.nextElementSibling !== p) totals.after(p);
  if (p.textContent !== peak.text) p.textContent = peak.text;
  if (Date.now() - peak.at > 60_000) {
    peak.at = Date.now();
    void getInfo(host).then(
      (info) => {
        const w = info.today_peak_w;
        peak = {
          at: peak.at,
          text: w === null ? "" : `${labels()[1]}: ${w.toLocaleString(document.documentElement.lang)} W`,
        };
        peakLine();
      },
      () => undefined,
    );
  }
}

function update(): void {
  const on = location.pathname === PATH;
  document.documentElement.classList.toggle(ON, on);
  screen.hidden = !on;
  if (on && !root) {
    document.getElementById("app")?.after(screen);
    root = createRoot(screen);
    root.render(<HistoryApp host={host} />);
  }
  navEntry();
  peakLine();
}

for (const type of ["popstate", "pushState", "replaceState"])
  addEventListener(type, () => queueMicrotask(update));
new MutationObserver(() => {
  navEntry();
  peakLine();
}).observe(document.getElementById("app") ?? document.body, { childList: true, subtree: true });
update();
