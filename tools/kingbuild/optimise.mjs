// Run by deck.py with the pinned svgo (tools/svgo): optimise every .svg of <src> into <dst>.
// Usage: node optimise.mjs <src dir> <dst dir>   (svgo is resolved from the working folder)
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const { optimize } = createRequire(join(process.cwd(), "package.json"))("svgo");
const [src, dst] = process.argv.slice(2);
// Inkscape's drawings carry editor metadata and coordinates to six decimals; a tenth of
// a unit is finer than a pixel at any size the page draws (a card is 210 units wide).
for (const f of readdirSync(src).filter((f) => f.endsWith(".svg")).sort()) {
  const out = optimize(readFileSync(`${src}/${f}`, "utf8"), { multipass: true, floatPrecision: 1 });
  writeFileSync(`${dst}/${f}`, out.data);
}
