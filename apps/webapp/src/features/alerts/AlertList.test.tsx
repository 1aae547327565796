// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import type { Alert, AlertDelivery, AlertList as AlertListAnswer } from "@dtu/api/alerts";
import { setLocale } from "../../lib/i18n";
import { AlertList } from "./AlertList";

afterEach(() => {
  cleanup();
  setLocale("en");
});

const alert = (deliveries: AlertDelivery[]): Alert => ({
  id: 7,
  kind: "radio",
  severity: "warning",
  serial: null,
  name: "OpenDTU",
  channel: null,
  title: "Funkproblem",
  detail: "",
  started: 1_790_000_000,
  cleared: null,
  acknowledged: false,
  deliveries,
});

const answer = (deliveries: AlertDelivery[], extra: Partial<AlertListAnswer> = {}): AlertListAnswer => ({
  alerts: [alert(deliveries)],
  storage: "database",
  problem: null,
  language: "en",
  language_set: true,
  learning: null,
  ...extra,
});

const items = () =>
  [...document.querySelectorAll("[data-alert] li")].map((li) => [li.textContent, li.className]);

describe("an alert's deliveries", () => {
  it("say 'no page open' plainly, not as a failure; failures in the owner's language; an unknown code in the gateway's words", () => {
    setLocale("de");
    render(
      <AlertList
        answer={answer([
          {
            channel: "browser",
            at: 1,
            ok: false,
            error: "no page of the app is open",
            code: "no_page",
            params: {},
          },
          {
            channel: "webhook",
            at: 1,
            ok: false,
            error: "no answer within 10 s",
            code: "timeout",
            params: { seconds: 10 },
          },
          { channel: "ntfy", at: 1, ok: false, error: "a newer gateway's words", code: "brand_new" as never },
          { channel: "email", at: 1, ok: false, error: "an older gateway's words" },
          { channel: "mqtt", at: 1, ok: true, error: null },
        ])}
        onChanged={() => undefined}
      />,
    );
    expect(items()).toEqual([
      [
        "Browser: keine Seite war geöffnet; erscheint hier, sobald eine geöffnet wird",
        "list-inline-item text-body-secondary",
      ],
      ["Webhook: fehlgeschlagen (keine Antwort innerhalb von 10 s)", "list-inline-item text-danger-emphasis"],
      ["ntfy: fehlgeschlagen (a newer gateway's words)", "list-inline-item text-danger-emphasis"],
      ["E-Mail: fehlgeschlagen (an older gateway's words)", "list-inline-item text-danger-emphasis"],
      ["MQTT: gesendet", "list-inline-item text-success-emphasis"],
    ]);
  });

  it("label the deliveries with the colon of the owner's language (French: a space before it)", () => {
    setLocale("fr");
    render(
      <AlertList
        answer={answer([{ channel: "mqtt", at: 1, ok: true, error: null }])}
        onChanged={() => undefined}
      />,
    );
    expect(document.querySelector("[data-alert] ul")?.parentElement?.textContent).toBe(
      "Envoi : MQTT : envoyée",
    );
  });

  it("words why alerts are kept in memory in the owner's language", () => {
    setLocale("fr");
    render(
      <AlertList
        answer={answer([], {
          storage: "memory",
          problem: "history database not usable (disk I/O error): alerts are kept in memory only",
          problem_code: "db_unusable",
          problem_params: { reason: "disk I/O error" },
        })}
        onChanged={() => undefined}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe(
      "Les alertes ne sont gardées qu'en mémoire et seront perdues au redémarrage : la base de l'historique est inutilisable (disk I/O error)",
    );
  });
});

describe("an alert's words (issue 34 §2, §4)", () => {
  const weak: Alert = {
    ...alert([]),
    kind: "weak_string",
    serial: "116482345678",
    name: "Garage roof",
    channel: 1,
    // Stored in the alert language (German): sent out so, but the screen words it in its own language.
    title: "Garage roof: String East liefert zu wenig",
    detail: "Anteil 10,5 % …",
    facts: { minutes: 30, percent: 60, share: 10.5, usual: 24.25, string: 2, string_name: "East" },
  };
  const shown = () => [
    document.querySelector("[data-alert] h2")?.textContent,
    document.querySelector("[data-alert] p")?.textContent,
  ];

  it("are the page's, from the alert's kind and facts, naming the string as Settings > Inverters does", () => {
    render(<AlertList answer={answer([], { alerts: [weak] })} onChanged={() => undefined} />);
    expect(shown()).toEqual([
      "Garage roof: string East is weak",
      "Share 10.5 % of the inverter's power, usually 24.3 % (alert below 60 % of usual, 30 min).",
    ]);
    cleanup();
    setLocale("fr");
    const unnamed = { ...weak, facts: { ...weak.facts, string_name: "" } };
    render(<AlertList answer={answer([], { alerts: [unnamed] })} onChanged={() => undefined} />);
    expect(shown()[0]).toBe("Garage roof : la chaîne 2 produit trop peu");
  });

  it("word the household meter not answering in the page's language", () => {
    const meter: Alert = {
      ...alert([]),
      kind: "meter_silent",
      serial: null,
      name: "OpenDTU-5E913B",
      channel: null,
      title: "OpenDTU-5E913B: Der Stromzähler antwortet nicht",
      detail: "…",
      facts: { minutes: 10 },
    };
    render(<AlertList answer={answer([], { alerts: [meter] })} onChanged={() => undefined} />);
    expect(shown()).toEqual([
      "OpenDTU-5E913B: the household meter is not answering",
      "No fresh reading from the meter for 10 min: grid power, import and export are unknown.",
    ]);
    cleanup();
    setLocale("de");
    render(<AlertList answer={answer([], { alerts: [meter] })} onChanged={() => undefined} />);
    expect(shown()[0]).toBe("OpenDTU-5E913B: Der Stromzähler antwortet nicht");
  });

  it("word zero export's alerts in the page's language (en, de, fr)", () => {
    const paused: Alert = {
      ...alert([]),
      kind: "zeroexport_paused",
      serial: "116482345678",
      name: "House roof",
      channel: null,
      title: "Zero export paused: the limit of House roof was changed by someone else",
      detail: "…",
      facts: {},
    };
    const silent: Alert = {
      ...paused,
      id: 99,
      kind: "zeroexport_unreachable",
      serial: null,
      name: "OpenDTU-5E913B",
      title: "Zero export: OpenDTU-5E913B (DTU) is not answering",
      facts: { minutes: 1 },
    };
    /** Both alerts' words, one alert rendered at a time. */
    const words = (): (string | null | undefined)[] =>
      [paused, silent].flatMap((a) => {
        render(<AlertList answer={answer([], { alerts: [a] })} onChanged={() => undefined} />);
        const w = shown();
        cleanup();
        return w;
      });
    expect(words()).toEqual([
      "Zero export paused: the limit of House roof was changed by someone else",
      "Zero export sends nothing until it is resumed on its screen: the limit came from the web app, MQTT or another client.",
      "Zero export: OpenDTU-5E913B (DTU) is not answering",
      "No answer from the DTU for 1 min while zero export is on: no limit can be sent, the last ones stay.",
    ]);
    setLocale("de");
    const de = words();
    expect(de[0]).toBe(
      "Nulleinspeisung pausiert: Das Limit von House roof wurde von jemand anderem geändert",
    );
    expect(de[3]).toContain("Seit 1 min keine Antwort von der DTU");
    setLocale("fr");
    const fr = words();
    expect(fr[0]).toBe(
      "Injection zéro en pause : la limite de House roof a été modifiée par quelqu'un d'autre",
    );
    expect(fr[2]).toBe("Injection zéro : OpenDTU-5E913B (DTU) ne répond pas");
  });

  it("an alert stored by an older gateway (no facts) keeps the gateway's words", () => {
    const { facts: _facts, ...old } = weak;
    render(<AlertList answer={answer([], { alerts: [old] })} onChanged={() => undefined} />);
    expect(shown()).toEqual(["Garage roof: String East liefert zu wenig", "Anteil 10,5 % …"]);
  });
});

describe("the alert language", () => {
  const hint = () => screen.queryByRole("status");

  it("unchosen and not the page's language: a hint in the page's language, linking to the alert settings", () => {
    setLocale("de");
    render(<AlertList answer={answer([], { language_set: false })} onChanged={() => undefined} />);
    expect(hint()?.textContent).toBe(
      "Versendete Alarme (MQTT, ntfy, Webhook, E-Mail) werden auf Englisch geschrieben: Die Alarmsprache wurde noch nicht gewählt. In den Alarm-Einstellungen wählen",
    );
    expect(hint()?.querySelector("a")?.getAttribute("href")).toMatch(/\/settings\/alerts$/);
  });

  it("no hint once anyone chose it, nor when it is the page's language", () => {
    setLocale("fr");
    render(<AlertList answer={answer([], { language_set: true })} onChanged={() => undefined} />);
    expect(hint()).toBeNull();
    cleanup();
    setLocale("en");
    render(<AlertList answer={answer([], { language_set: false })} onChanged={() => undefined} />);
    expect(hint()).toBeNull();
  });
});
