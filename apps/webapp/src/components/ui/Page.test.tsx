// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { setLocale } from "../../lib/i18n";
import { Page } from "./Page";
import { useApi } from "./useApi";
import { UNREACHABLE_DETAIL, stubUnreachable } from "../../lib/unanswered.testing";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Demo() {
  const { data, loading, error, reload } = useApi<{ v: number }>("/api/demo");
  return (
    <Page title="Demo" loading={loading} error={error} onReload={reload}>
      {data && <p>value {data.v}</p>}
    </Page>
  );
}

describe("Page + useApi", () => {
  it("shows the error with Retry instead of an endless spinner, and Retry loads again", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response("", { status: 500, statusText: "Internal Server Error" }))
      .mockResolvedValueOnce(new Response('{"v":42}', { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    render(<Demo />);
    expect(screen.getByRole("status")).toBeTruthy(); // spinner first
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Internal Server Error");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect((await screen.findByText("value 42")).textContent).toBe("value 42");
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says in the page's language that the device does not answer, the gateway's words second", async () => {
    setLocale("de");
    try {
      stubUnreachable();
      render(<Demo />);
      const alert = await screen.findByRole("alert");
      const [sentence, detail] = alert.querySelector("span")?.childNodes ?? [];
      expect(sentence?.textContent).toBe(
        "Die Daten konnten nicht geladen werden: Das Gerät antwortet nicht (das Gateway erreicht es nicht)",
      );
      expect(detail?.textContent).toBe(UNREACHABLE_DETAIL);
    } finally {
      act(() => setLocale("en"));
    }
  });
});
