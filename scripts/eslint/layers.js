/**
 * Our own ESLint rule `layers/imports`: holds the folder layering of a source tree (STYLE.md). Relative imports are
 * resolved against the importing file; the first folder under `root` is the file's layer.
 *
 * Options (one object):
 * - `root`: the tree, relative to the repository (e.g. "apps/webapp/src");
 * - `order`: layers from lowest to highest; a layer never imports a higher one (folders not listed are not ranked);
 * - `isolated`: layers whose sub-folders (or files) do not import each other, e.g. the features; `shared` lists
 *   the files inside such a layer that every member may import (e.g. "routes/types.ts"), `hub` the ones that may
 *   import every member (e.g. "routes/index.ts");
 * - `forbid`: extra `{ from, to }` layer pairs that must not import each other.
 */
import { dirname, join, relative, resolve, sep } from "node:path";

const repo = resolve(import.meta.dirname, "../..");

function parts(root, file) {
  const rel = relative(resolve(repo, root), file);
  if (rel.startsWith("..") || rel === "") return null;
  return rel.split(sep);
}

/** Member of an isolated layer: the sub-folder, or the file itself when it sits directly in the layer. */
const member = (p) => (p.length > 2 ? p[1] : (p[1] ?? "").replace(/\.[^.]+$/, ""));

const rule = {
  meta: {
    type: "problem",
    docs: { description: "Keep the layers of a source tree: no upward imports, isolated members stay apart" },
    schema: [{ type: "object", additionalProperties: true }],
    messages: {
      upward: "{{from}}/ must not import {{to}}/ (a higher layer: {{order}}).",
      sibling: "{{from}} must not import {{to}}: members of {{layer}}/ do not import each other.",
      forbidden: "{{from}}/ must not import {{to}}/.",
    },
  },
  create(context) {
    const { root, order = [], isolated = [], shared = [], hub = [], forbid = [] } = context.options[0] ?? {};
    const file = context.filename;
    const from = parts(root, file);
    if (!from || from.length < 2) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const to = parts(root, resolve(dirname(file), source));
      if (!to || to.length < 2) return;
      const [a, b] = [from[0], to[0]];
      const ra = order.indexOf(a);
      const rb = order.indexOf(b);
      if (ra >= 0 && rb > ra) {
        context.report({ node, messageId: "upward", data: { from: a, to: b, order: order.join(" → ") } });
        return;
      }
      if (forbid.some((f) => f.from === a && f.to === b)) {
        context.report({ node, messageId: "forbidden", data: { from: a, to: b } });
        return;
      }
      const fromPath = from.join("/");
      const toPath = to.join("/");
      if (a === b && isolated.includes(a) && member(from) !== member(to)) {
        if (shared.includes(toPath) || hub.includes(fromPath)) return;
        context.report({
          node,
          messageId: "sibling",
          data: { from: join(...from.slice(0, 2)), to: join(...to.slice(0, 2)), layer: a },
        });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default { rules: { imports: rule } };
