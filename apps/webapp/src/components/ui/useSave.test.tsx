// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { setLocale } from "../../lib/i18n";
import { ResultAlert } from "./ResultAlert";
import { useSave } from "./useSave";
import { stubUnreachable } from "../../lib/unanswered.testing";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Demo({ name = "go" }: { name?: string }) {
  const { busy, result, save } = useSave();
  return (
    <section aria-label={name}>
      <ResultAlert result={result} />
      <button type="button" disabled={busy} onClick={() => void save("/api/demo", { a: 1 })}>
        {name}
      </button>
    </section>
  );
}

describe("useSave", () => {
  it("posts `data` and shows the answer with its variant", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(new Response('{"type":"success","message":"Settings saved!","code":1001}'));
    vi.stubGlobal("fetch", fetchMock);
    render(<Demo />);
    fireEvent.click(screen.getByRole("button", { name: "go" }));
    const ok = await screen.findByRole("status");
    expect(ok.className).toContain("alert-success");
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.method).toBe("POST");
    expect((init.body as FormData).get("data")).toBe('{"a":1}');
  });

  it("turns a failed request into a danger alert with the server's message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(new Response('{"message":"500 Internal Server Error: x"}', { status: 500 })),
    );
    render(<Demo />);
    fireEvent.click(screen.getByRole("button", { name: "go" }));
    const alert = await screen.findByRole("alert");
    expect(alert.className).toContain("alert-danger");
    expect(alert.textContent).toBe("500 Internal Server Error: x");
  });

  it("says in the page's language that the device does not answer when the gateway cannot reach it", async () => {
    setLocale("de");
    try {
      stubUnreachable();
      render(<Demo />);
      fireEvent.click(screen.getByRole("button", { name: "go" }));
      expect((await screen.findByRole("alert")).textContent).toBe(
        "Das Gerät antwortet nicht (das Gateway erreicht es nicht)",
      );
    } finally {
      setLocale("en");
    }
  });

  it("a new action clears every notice on the page, not only its own (issue 11)", async () => {
    const answers = [
      '{"type":"success","message":"Settings saved!","code":1001}',
      '{"type":"warning","message":"Values are missing!","code":1005}',
    ];
    vi.stubGlobal(
      "fetch",
      vi.fn().mockImplementation(() => Promise.resolve(new Response(answers.shift()))),
    );
    render(
      <>
        <Demo name="first" />
        <Demo name="second" />
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: "first" }));
    await screen.findByRole("status");
    fireEvent.click(screen.getByRole("button", { name: "second" }));
    const warning = await screen.findByRole("alert");
    expect(screen.getByRole("region", { name: "second" }).contains(warning)).toBe(true);
    expect(screen.queryByRole("status")).toBeNull();
  });
});
