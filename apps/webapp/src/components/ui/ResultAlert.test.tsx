// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { ResultAlert } from "./ResultAlert";
import { setLocale } from "../../lib/i18n";

afterEach(() => {
  cleanup();
  setLocale("en");
});

describe("ResultAlert", () => {
  it("shows the translated text of the code with the server's param, variant from type", () => {
    setLocale("de");
    render(
      <ResultAlert
        result={{
          type: "warning",
          message: "Limit must between 1 and 2250!",
          code: 5002,
          param: { max: 2250 },
        }}
      />,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe("Das Limit muss zwischen 1 und 2250 liegen.");
    expect(alert.className).toContain("alert-warning");
  });

  it("falls back to the server's message when the answer has no code (API.md §3.17)", () => {
    render(<ResultAlert result={{ type: "warning", message: "Something unexpected!" }} />);
    expect(screen.getByRole("alert").textContent).toBe("Something unexpected!");
  });

  it("translates the device's code-less network answers by their known message", () => {
    setLocale("fr");
    render(
      <ResultAlert result={{ type: "warning", message: "SSID must between 1 and 32 characters long!" }} />,
    );
    expect(screen.getByRole("alert").textContent).toBe("Nom du Wi-Fi : 1 à 32 caractères.");
  });

  it("says a failed write in words (1006, API.md §9.8)", () => {
    setLocale("de");
    render(<ResultAlert result={{ type: "warning", message: "Write failed!", code: 1006 }} />);
    expect(screen.getByRole("alert").textContent).toContain("Speicher des Geräts ist voll oder defekt");
  });

  it("falls back to the message for a code without a text", () => {
    render(<ResultAlert result={{ type: "success", message: "Something new", code: 99999 }} />);
    expect(screen.getByRole("status").textContent).toBe("Something new");
  });

  it("renders nothing without a result", () => {
    const { container } = render(<ResultAlert result={undefined} />);
    expect(container.innerHTML).toBe("");
  });
});
