import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { withBase } from "../../src/multi/mount";

describe("withBase", () => {
  it('puts the prefix in place of the web app\'s own <base href="/">, so the page has one base', () => {
    const page = '<!doctype html><html lang="en"><head><base href="/"><meta charset="UTF-8"></head></html>';
    const out = withBase(page, "/d/garage/").toString();
    expect(out).toBe(
      '<!doctype html><html lang="en"><head><base href="/d/garage/"><meta charset="UTF-8"></head></html>',
    );
    expect(withBase(out, "/d/garage/").toString()).toBe(out);
  });

  it("gives a page without a base one, first in its head, gzip in and gzip out", () => {
    const page = gzipSync("<html><head><meta charset=utf-8></head></html>");
    const out = withBase(page, "/solar/");
    expect(gunzipSync(out).toString()).toBe(
      '<html><head><base href="/solar/"><meta charset=utf-8></head></html>',
    );
  });
});
