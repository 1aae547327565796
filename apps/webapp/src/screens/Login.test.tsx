// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { gatewayFeaturesStore } from "../lib/gatewayFeatures";
import { setLocale } from "../lib/i18n";
import { LoginScreen } from "./Login";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  gatewayFeaturesStore.set(null);
  act(() => setLocale("en"));
});

function submit(password: string) {
  fireEvent.change(screen.getByLabelText("Benutzername"), { target: { value: "admin" } });
  fireEvent.change(screen.getByLabelText("Passwort"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Anmelden" }));
}

describe("Login screen", () => {
  it("says why the owner was sent here (the page that needs the admin), and the overview it is for (issue 34 §13)", () => {
    history.pushState(null, "", "/login?returnUrl=%2Fsettings%2Fnetwork");
    gatewayFeaturesStore.set({ history: false, alerts: false, devices: true });
    render(<LoginScreen />);
    expect(screen.getByText("/settings/network needs the admin login.")).toBeTruthy();
    // At the top level of several devices: the overview's login (which logs in to every device).
    expect(screen.getByText("Login for the overview of all devices")).toBeTruthy();
    cleanup();
    history.pushState(null, "", "/login");
    gatewayFeaturesStore.set(null);
    render(<LoginScreen />);
    expect(screen.queryByText(/needs the admin login/)).toBeNull();
    expect(screen.queryByText(/^Login for/)).toBeNull();
  });

  it("says a wrong password in the UI language, not the English wire text", async () => {
    act(() => setLocale("de"));
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(new Response("", { status: 401, statusText: "Unauthorized" })),
    );
    render(<LoginScreen />);
    submit("wrong");
    expect((await screen.findByRole("alert")).textContent).toBe("Benutzername oder Passwort falsch");
  });

  it("shows the status text for other failures", async () => {
    act(() => setLocale("de"));
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(new Response("", { status: 500, statusText: "Internal Server Error" })),
    );
    render(<LoginScreen />);
    submit("whatever");
    expect((await screen.findByRole("alert")).textContent).toBe("Internal Server Error");
  });

  it.each([
    [502, "Bad Gateway"],
    [503, "Service Unavailable"],
    [504, "Gateway Timeout"],
  ])("says that the device does not answer for a %i from the gateway, not %s", async (status, statusText) => {
    act(() => setLocale("de"));
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("", { status, statusText })));
    render(<LoginScreen />);
    submit("whatever");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Das Gerät antwortet nicht (das Gateway erreicht es nicht)",
    );
  });

  it("on the overview of several devices, says that one of them does not answer", async () => {
    act(() => setLocale("de"));
    gatewayFeaturesStore.set({ history: false, alerts: false, devices: true });
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(new Response("", { status: 503, statusText: "Service Unavailable" })),
    );
    render(<LoginScreen />);
    submit("whatever");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Eines der Geräte antwortet nicht (das Gateway erreicht es nicht); bitte später erneut versuchen",
    );
  });
});
