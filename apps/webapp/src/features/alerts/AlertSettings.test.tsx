// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ALERT_LIMITS, type AlertConfigView } from "@dtu/api/alerts";
import { setLocale } from "../../lib/i18n";
import { AlertSettings } from "./AlertSettings";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLocale("en");
});

const view = (): AlertConfigView => ({
  language: "en",
  language_set: true,
  rules: {
    inverter_silent: { enabled: true, minutes: 30 },
    weak_string: { enabled: true, minutes: 60, percent: 60 },
    not_producing: { enabled: true, minutes: 30 },
    event_log: { enabled: true, ignore_ids: [1, 2] },
    dtu_silent: { enabled: true, minutes: 10 },
    meter_silent: { enabled: true, minutes: 10 },
    zeroexport_paused: { enabled: true },
    zeroexport_unreachable: { enabled: true, minutes: 1 },
    radio: { enabled: true, minutes: 10 },
    clock: { enabled: true, minutes: 60 },
    command_failed: { enabled: true },
    daily_summary: { enabled: false },
  },
  channels: {
    mqtt: {
      enabled: false,
      url: "",
      username: "",
      password_set: false,
      topic: "solar/",
      hass: true,
      hass_prefix: "homeassistant/",
    },
    ntfy: { enabled: false, url: "https://ntfy.sh", topic: "", token_set: false },
    webhook: { enabled: true, url: "http://127.0.0.1:9000/hook", secret_set: true },
    email: {
      enabled: false,
      host: "",
      port: 587,
      security: "starttls",
      username: "",
      password_set: false,
      from: "",
      to: "",
    },
    browser: { enabled: true },
  },
});

/** Answers every POST with `answer`, every GET (the config read again after a save) with the view. */
function stubFetch(answer: object) {
  const fetchMock = vi.fn((_url: string, init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(init?.method === "POST" ? answer : view()))),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function posts(fetchMock: ReturnType<typeof stubFetch>): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === "POST")
    .map(([, init]) => JSON.parse(String((init?.body as FormData).get("data"))) as Record<string, unknown>);
}

const field = (name: string) =>
  document.querySelector<HTMLInputElement>(`[name="${name}"]`) as HTMLInputElement;
const ok = { type: "success", message: "Settings saved" };

describe("Settings > Alerts form", () => {
  it("refuses a threshold below 1 minute at its field and sends nothing", async () => {
    const fetchMock = stubFetch(ok);
    render(<AlertSettings initial={view()} />);
    fireEvent.change(field("rules.inverter_silent.minutes"), { target: { value: "0" } });
    fireEvent.change(field("rules.event_log.ignore_ids"), { target: { value: "1, x" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(field("rules.inverter_silent.minutes").getAttribute("aria-invalid")).toBe("true"),
    );
    expect(screen.getByText("Enter event ids from 0 to 65535, separated by commas.")).toBeTruthy();
    expect(posts(fetchMock)).toEqual([]);
  });

  it("takes a channel URL as long as the gateway does, and refuses a longer one at its field", async () => {
    const fetchMock = stubFetch(ok);
    render(<AlertSettings initial={view()} />);
    const url = (length: number) => `http://127.0.0.1:9000/${"a".repeat(length - 22)}`;
    fireEvent.change(field("channels.webhook.url"), { target: { value: url(ALERT_LIMITS.url + 1) } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(field("channels.webhook.url").getAttribute("aria-invalid")).toBe("true"));
    expect(posts(fetchMock)).toEqual([]);
    // 400 characters: more than the form took before, within the gateway's limit.
    fireEvent.change(field("channels.webhook.url"), { target: { value: url(400) } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(
      String((posts(fetchMock)[0] as { channels: { webhook: { url: string } } }).channels.webhook.url),
    ).toHaveLength(400);
  });

  it("shows the gateway's refusal at the field it names", async () => {
    stubFetch({ type: "warning", message: "must be http or https", field: "channels.webhook.url" });
    render(<AlertSettings initial={view()} />);
    fireEvent.change(field("channels.webhook.url"), { target: { value: "ftp://x" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("The gateway refused this value: must be http or https");
    expect(field("channels.webhook.url").getAttribute("aria-invalid")).toBe("true");
    // At the field, not as a second message under the form.
    expect(document.querySelector(".alert-warning")).toBeNull();
  });

  it("keeps a stored secret when its field stays empty, replaces it when typed, clears it only when asked", async () => {
    const fetchMock = stubFetch(ok);
    render(<AlertSettings initial={view()} />);
    expect(screen.getByText("A value is stored. Leave empty to keep it.")).toBeTruthy();
    expect(field("channels.webhook.secret").value).toBe("");
    const save = async (n: number) => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
      await waitFor(() => expect(posts(fetchMock)).toHaveLength(n));
      return (posts(fetchMock)[n - 1]?.channels as { webhook: Record<string, unknown> }).webhook;
    };
    expect(await save(1)).toEqual({ enabled: true, url: "http://127.0.0.1:9000/hook" });
    fireEvent.change(field("channels.webhook.secret"), { target: { value: "new-secret" } });
    expect((await save(2)).secret).toBe("new-secret");
    // After the save the typed secret is gone from the form (stored, shown only as set).
    await waitFor(() => expect(field("channels.webhook.secret").value).toBe(""));
    fireEvent.click(field("channels.webhook.secret.clear"));
    expect(field("channels.webhook.secret").disabled).toBe(true);
    expect((await save(3)).secret).toBe("");
  });

  it("proposes the page's language while nobody chose the alert language, and sends it on save", async () => {
    setLocale("de");
    const fetchMock = stubFetch(ok);
    render(<AlertSettings initial={{ ...view(), language_set: false }} />);
    expect(field("language").value).toBe("de");
    expect(screen.getByText(/^Noch nicht gewählt: Bis zum Speichern/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(posts(fetchMock)[0]?.language).toBe("de");
  });

  it("keeps a chosen alert language whatever the page's language, without the proposal's hint", () => {
    setLocale("fr");
    render(<AlertSettings initial={view()} />);
    expect(field("language").value).toBe("en");
    expect(screen.queryByText(/^Pas encore choisie/)).toBeNull();
  });

  it("shows the gateway's coded refusal at its field in the owner's language", async () => {
    setLocale("de");
    stubFetch({
      type: "warning",
      message: "channels.webhook.url must start with http:// or https://",
      field: "channels.webhook.url",
      code: "url_scheme",
      params: { schemes: "http://, https://" },
    });
    render(<AlertSettings initial={view()} />);
    fireEvent.change(field("channels.webhook.url"), { target: { value: "ftp://x" } });
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await screen.findByText("Die Adresse muss mit http://, https:// beginnen.");
    expect(field("channels.webhook.url").getAttribute("aria-invalid")).toBe("true");
    expect(document.querySelector(".alert-warning")).toBeNull();
  });

  it("says a save's answer in the owner's language for a known code, in the gateway's words for another", async () => {
    setLocale("fr");
    stubFetch({ type: "success", message: "Settings saved.", code: "saved", params: {} });
    render(<AlertSettings initial={view()} />);
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await screen.findByText("Réglages enregistrés.");
    cleanup();
    stubFetch({ type: "danger", message: "Disk on fire.", code: "disk_on_fire", params: {} });
    render(<AlertSettings initial={view()} />);
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await screen.findByText("Disk on fire.");
  });
});

describe("Send a test", () => {
  it("words each channel's failure in the owner's language, an unknown code in the gateway's words", async () => {
    setLocale("de");
    stubFetch({
      results: [
        { channel: "webhook", ok: false, error: "connection refused", code: "conn_refused", params: {} },
        { channel: "browser", ok: false, error: "no page of the app is open", code: "no_page", params: {} },
        { channel: "ntfy", ok: false, error: "a newer gateway's words", code: "brand_new", params: {} },
        { channel: "email", ok: false, error: "an older gateway's words" },
      ],
    });
    render(<AlertSettings initial={view()} />);
    fireEvent.click(screen.getByRole("button", { name: "Test senden" }));
    const list = await screen.findByTestId("test-results");
    expect([...list.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "Webhook: Verbindung abgelehnt",
      "Browser: keine Seite der App war geöffnet",
      "ntfy: a newer gateway's words",
      "E-Mail: an older gateway's words",
    ]);
  });
});
