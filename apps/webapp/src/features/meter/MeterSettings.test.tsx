// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { MeterConfigView, MeterResult, MeterTestAnswer } from "@dtu/api/meter";
import { setLocale } from "../../lib/i18n";
import { MeterSettings } from "./MeterSettings";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLocale("en");
});

const view = (over: Partial<MeterConfigView> = {}): MeterConfigView => ({
  enabled: true,
  kind: "tasmota",
  url: "http://192.168.1.50",
  username: "reader",
  password_set: true,
  path: "SML.curr_w",
  path_export: "",
  unit: "W",
  invert: false,
  interval_ms: 1000,
  topic: "",
  ...over,
});

/** Answers POSTs with `post` (status, body) and GETs with the view; records the POSTs' `data`. */
function stubFetch(post: (url: string) => [number, unknown], after: MeterConfigView = view()) {
  const posts: { url: string; data: Record<string, unknown> }[] = [];
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === "POST") {
      const data = JSON.parse(String((init.body as FormData).get("data"))) as Record<string, unknown>;
      posts.push({ url, data });
      const [status, body] = post(url);
      return Promise.resolve(new Response(JSON.stringify(body), { status }));
    }
    return Promise.resolve(new Response(JSON.stringify(after)));
  });
  vi.stubGlobal("fetch", fetchMock);
  return posts;
}

const saved: MeterResult = { type: "success", message: "saved", code: "saved", params: {} };

describe("Settings > Meter", () => {
  it("shows the stored settings of the kind, the password only as set, and saves every field without it", async () => {
    const posts = stubFetch(() => [200, saved]);
    render(<MeterSettings initial={view()} />);
    expect(screen.getByLabelText<HTMLSelectElement>("Kind").value).toBe("tasmota");
    expect(screen.getByLabelText<HTMLInputElement>("Address").value).toBe("http://192.168.1.50");
    const password = screen.getByLabelText<HTMLInputElement>("Password");
    expect(password.value).toBe("");
    expect(screen.getByText("A password is set; type a new one to replace it.")).toBeTruthy();
    expect(screen.getByLabelText("Path of the export power")).toBeTruthy();
    expect(screen.queryByLabelText("MQTT topic")).toBeNull();
    fireEvent.change(screen.getByLabelText("Path of the power"), { target: { value: "SML.in_w" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    await screen.findByText("Meter settings saved.");
    expect(posts[0]?.url).toBe("/api/meter/config");
    expect(posts[0]?.data).toEqual({
      enabled: true,
      kind: "tasmota",
      url: "http://192.168.1.50",
      username: "reader",
      path: "SML.in_w",
      path_export: "",
      unit: "W",
      invert: false,
      interval_ms: 1000,
      topic: "",
    });
  });

  it("sends a typed password, and an empty one to remove it", async () => {
    const posts = stubFetch(() => [200, saved]);
    render(<MeterSettings initial={view()} />);
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "s3cret" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(posts[0]?.data.password).toBe("s3cret"));
    // After the save the field is empty again: the password is write-only.
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>("Password").value).toBe(""));
    fireEvent.click(screen.getByLabelText("Remove the stored password"));
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(posts[1]?.data.password).toBe(""));
  });

  it("shows the gateway's refusal at the field it names, in the page's language (German)", async () => {
    setLocale("de");
    const refusal: MeterResult = {
      type: "danger",
      message: "url: must start with http:// or https://",
      field: "url",
      code: "url_scheme",
      params: { schemes: "http://, https://" },
    };
    stubFetch(() => [400, refusal]);
    render(<MeterSettings initial={view()} />);
    fireEvent.change(screen.getByLabelText("Adresse"), { target: { value: "ftp://x" } });
    fireEvent.click(screen.getByRole("button", { name: /Speichern/ }));
    const url = screen.getByLabelText("Adresse");
    await waitFor(() => expect(url.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("Die Adresse muss mit http://, https:// beginnen.")).toBeTruthy();
    expect(document.querySelector(".alert-danger")).toBeNull();
  });

  it("checks the interval itself and shows the fields of the chosen kind (MQTT: topic, no export path; simulated: none)", async () => {
    const posts = stubFetch(() => [200, saved]);
    render(<MeterSettings initial={view()} />);
    fireEvent.change(screen.getByLabelText("Read every"), { target: { value: "100" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    await waitFor(() =>
      expect(screen.getByLabelText("Read every").getAttribute("aria-invalid")).toBe("true"),
    );
    expect(posts).toEqual([]);
    fireEvent.change(screen.getByLabelText("Kind"), { target: { value: "mqtt" } });
    expect(screen.getByLabelText("MQTT topic")).toBeTruthy();
    expect(screen.queryByLabelText("Path of the export power")).toBeNull();
    fireEvent.change(screen.getByLabelText("Kind"), { target: { value: "sim" } });
    expect(screen.queryByLabelText("Address")).toBeNull();
    expect(screen.queryByLabelText("Password")).toBeNull();
  });

  it("Read now: shows the value found at the path with the settings as typed (not saved)", async () => {
    const found: MeterTestAnswer = {
      ok: true,
      power_w: 412.5,
      phases_w: null,
      found: "412.5",
      ms: 38,
      error: null,
    };
    const posts = stubFetch(() => [200, found]);
    render(<MeterSettings initial={view()} />);
    fireEvent.change(screen.getByLabelText("Path of the power"), { target: { value: "SML.x" } });
    fireEvent.click(screen.getByRole("button", { name: "Read now" }));
    await screen.findByText("Found: 412.5 W (38 ms)");
    expect(screen.getByText("Value at the path: “412.5”")).toBeTruthy();
    expect(posts[0]?.url).toBe("/api/meter/test");
    expect(posts[0]?.data.path).toBe("SML.x");
  });

  it("Read now: says why nothing was read, in French, and marks a refused setting at its field", async () => {
    setLocale("fr");
    const failed: MeterTestAnswer = {
      ok: false,
      power_w: null,
      phases_w: null,
      found: "on",
      ms: 12,
      error: { code: "not_number", params: { path: "SML.x", value: "on" }, message: "not a number" },
    };
    let answer: unknown = failed;
    stubFetch(() => ["type" in (answer as object) ? 400 : 200, answer]);
    render(<MeterSettings initial={view()} />);
    fireEvent.click(screen.getByRole("button", { name: "Lire maintenant" }));
    await screen.findByText("Non lu : le chemin « SML.x » contient « on », pas un nombre");
    answer = {
      type: "danger",
      message: "path: not a valid path",
      field: "path",
      code: "bad_path",
      params: {},
    } satisfies MeterResult;
    fireEvent.click(screen.getByRole("button", { name: "Lire maintenant" }));
    await screen.findByText("Refusé : Chemin non valide (p. ex. a.b[1].c).");
    await waitFor(() =>
      expect(screen.getByLabelText("Chemin de la puissance").getAttribute("aria-invalid")).toBe("true"),
    );
  });
});
