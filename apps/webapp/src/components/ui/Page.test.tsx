// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Page } from "./Page";
import { useApi } from "./useApi";

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
});
