import { sockets } from "@dtu/api/endpoints";
import { useEffect, useId, useRef, useState } from "react";
import { announce } from "../../lib/notify";
import { useT } from "../../lib/i18n";
import { useStore } from "../../lib/store";
import { ConsoleSocket } from "./socket";
import { socketUrl } from "../../lib/base";

function browserSocket(): ConsoleSocket {
  return new ConsoleSocket(socketUrl(location, sockets.console), {
    connect(url, onText) {
      const ws = new WebSocket(url);
      ws.onmessage = (e) => {
        if (typeof e.data === "string") onText(e.data);
      };
      return ws;
    },
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
    now: () => new Date(),
  });
}

/** Copies with the Clipboard API, else (plain http on a LAN address is not a secure context) by selection. */
async function copyText(text: string, area: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!area) return false;
    area.select();
    // execCommand is deprecated but the only copy path outside a secure context.
    const ok = document.execCommand("copy");
    area.setSelectionRange(0, 0);
    return ok;
  }
}

export function ConsoleView() {
  const t = useT();
  const id = useId();
  const [sock] = useState(browserSocket);
  const text = useStore(sock.text);
  const [follow, setFollow] = useState(true);
  const area = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    sock.start();
    return () => sock.stop();
  }, [sock]);

  useEffect(() => {
    const el = area.current;
    if (follow && el) el.scrollTop = el.scrollHeight;
  }, [text, follow]);

  const copy = async () => {
    const ok = await copyText(text, area.current);
    announce(ok ? "console.copied" : "console.copyFailed", ok ? "success" : "danger");
  };

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 className="h6 mb-0 flex-grow-1">
          <label htmlFor={`${id}-log`}>{t("console.log")}</label>
        </h2>
        <div className="form-check form-switch mb-0">
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            id={`${id}-follow`}
            checked={follow}
            onChange={(e) => setFollow(e.target.checked)}
          />
          <label className="form-check-label" htmlFor={`${id}-follow`}>
            {t("console.autoScroll")}
          </label>
        </div>
        <div className="d-flex gap-2">
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => sock.clear()}>
            {t("console.clear")}
          </button>
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void copy()}>
            {t("console.copy")}
          </button>
        </div>
      </div>
      <textarea
        ref={area}
        id={`${id}-log`}
        className="form-control font-monospace small"
        rows={24}
        readOnly
        spellCheck={false}
        value={text}
      />
    </section>
  );
}
