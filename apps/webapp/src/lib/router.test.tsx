// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Link, navigate, Redirect, routeOf, useLocation, useSearch } from "./router";

afterEach(() => {
  cleanup();
  history.replaceState(null, "", "/");
});

function Where() {
  return (
    <output>
      {useLocation()}
      {useSearch()}
    </output>
  );
}

describe("router", () => {
  it("a link click navigates in the app and re-renders the readers of the location", () => {
    render(
      <>
        <Link href="/info/ntp?x=1">NTP</Link>
        <Where />
      </>,
    );
    const before = history.length;
    fireEvent.click(screen.getByText("NTP"));
    expect(screen.getByRole("status").textContent).toBe("/info/ntp?x=1");
    expect(history.length).toBe(before + 1);
  });

  it("a click with a modifier key is left to the browser (new tab), the app does not move", () => {
    render(
      <>
        <Link href="/about">About</Link>
        <Where />
      </>,
    );
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true });
    screen.getByText("About").dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(screen.getByRole("status").textContent).toBe("/");
  });

  it("the back button (popstate) and navigate() from outside React both update the location", () => {
    render(<Where />);
    const before = history.length;
    act(() => navigate("/settings/ntp"));
    expect(screen.getByRole("status").textContent).toBe("/settings/ntp");
    act(() => navigate("/settings/ntp?a=1", true));
    // The second replaced the first's entry.
    expect(history.length).toBe(before + 1);
    expect(screen.getByRole("status").textContent).toBe("/settings/ntp?a=1");
    act(() => {
      history.replaceState(null, "", "/about");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(screen.getByRole("status").textContent).toBe("/about");
  });

  it("a redirect replaces the current history entry", () => {
    history.replaceState(null, "", "/firmware/upgrade");
    const before = history.length;
    render(
      <>
        <Redirect to="/login?returnUrl=%2Ffirmware%2Fupgrade" />
        <Where />
      </>,
    );
    expect(screen.getByRole("status").textContent).toBe("/login?returnUrl=%2Ffirmware%2Fupgrade");
    expect(history.length).toBe(before);
  });

  it("route keys ignore a trailing slash and letter case, as the device's paths do", () => {
    expect(routeOf("/")).toBe("/");
    expect(routeOf("/Info/System/")).toBe("/info/system");
    expect(routeOf("/about")).toBe("/about");
  });
});
