// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { renderMarkup } from "./markup";

afterEach(cleanup);

it("renders bold and https links as elements and keeps HTML as text", () => {
  const { container } = render(
    <p>{renderMarkup("a **b** [c](https://x.example/y) <img src=x onerror=alert(1)> [d](javascript:e)")}</p>,
  );
  expect(container.querySelector("strong")?.textContent).toBe("b");
  const links = container.querySelectorAll("a");
  expect(links).toHaveLength(1);
  expect(links[0]?.getAttribute("href")).toBe("https://x.example/y");
  expect(links[0]?.getAttribute("rel")).toBe("noopener noreferrer");
  expect(container.querySelector("img")).toBeNull();
  expect(container.textContent).toBe("a b c <img src=x onerror=alert(1)> [d](javascript:e)");
});

it("returns plain text unchanged", () => {
  expect(renderMarkup("plain")).toEqual(["plain"]);
});
