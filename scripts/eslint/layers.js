/**
 * Our own ESLint rule `layers/imports`: holds the folder layering of a source tree (STYLE.md). Relative imports are
 * resolved against the importing file; the first folder under `root` is the file's layer.
 *
 * Options (one object):
 * - `root`: the tree, relative to the repository (e.g. "apps/webapp/src");
 * - `order`: layers from lowest to highest; a layer never imports a higher one (folders not listed are not ranked);
 *   a file directly under `root` is a layer of its own, named by its file name (`"app.ts"`), ranked where `order`
 *   lists it;
 * - `rootOnTop`: every file directly under `root` that `order` does not list ranks above every listed layer (the
 *   entry points and composition roots);
 * - `values`: only imports that stay at run time count; type-only ones (`import type`, only `type` specifiers,
 *   `export type`) are erased and may point anywhere;
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

/** An import or export TypeScript erases: `import type`, only `type` specifiers, `export type`. */
function typeOnly(node) {
  if (node.importKind === "type" || node.exportKind === "type") return true;
  const specifiers = node.specifiers ?? [];
  return (
    node.type === "ImportDeclaration" &&
    specifiers.length > 0 &&
    specifiers.every((s) => s.type === "ImportSpecifier" && s.importKind === "type")
  );
}

/** Member of an isolated layer: the sub-folder, or the file itself when it sits directly in the layer. */
const member = (p) => (p.length > 2 ? p[1] : (p[1] ?? "").replace(/\.[^.]+$/, ""));

const rule = {
  meta: {
    type: "problem",
    docs: { description: "Keep the layers of a source tree: no upward imports, isolated members stay apart" },
    schema: [{ type: "object", additionalProperties: true }],
    messages: {
      upward: "{{from}} must not import {{to}} (a higher layer: {{order}}).",
      sibling: "{{from}} must not import {{to}}: members of {{layer}}/ do not import each other.",
      forbidden: "{{from}}/ must not import {{to}}/.",
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const { root, order = [], isolated = [], shared = [], hub = [], forbid = [] } = options;
    const file = context.filename;
    const from = parts(root, file);
    if (!from) return {};
    /** A layer's rank: its place in `order`; a root file not listed is on top with `rootOnTop`; -1 unranked. */
    const rank = (layer, atRoot) => {
      const listed = order.indexOf(layer);
      return listed < 0 && atRoot && options.rootOnTop ? order.length : listed;
    };
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== "string" || !source.startsWith(".")) return;
      if (options.values && typeOnly(node)) return;
      const to = parts(root, resolve(dirname(file), source));
      if (!to) return;
      const [a, b] = [from[0], to[0]];
      const ra = rank(a, from.length === 1);
      const rb = rank(b, to.length === 1);
      if (ra >= 0 && rb > ra) {
        // A folder is named with its slash, a root file as it is.
        const name = (layer, p) => (p.length === 1 ? layer : `${layer}/`);
        const data = { from: name(a, from), to: name(b, to), order: order.join(" → ") };
        context.report({ node, messageId: "upward", data });
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
