// A ring of small TypeScript modules, each calling the next, for tests that need a startup index
// that takes a while: `version` changes each module's body (a commit editing some of them).

/** `count` modules src/m0.ts ... src/m<count-1>.ts, each importing and calling the next. */
export function moduleRing(count, version) {
  const files = {};
  for (let i = 0; i < count; i++) {
    const next = (i + 1) % count;
    files[`src/m${i}.ts`] = `import { f${next} } from './m${next}';\nexport function f${i}(n: number): number {\n  return n > ${version} ? f${next}(n - 1) : ${i};\n}\n`;
  }
  return files;
}
