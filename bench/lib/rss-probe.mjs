// Preloaded with `node --import` into a repograph child when GNU time is missing: at exit it writes
// the process's peak resident set size in bytes to $REPOGRAPH_BENCH_RSS_FILE. It changes nothing else.
import fs from 'node:fs';

const target = process.env.REPOGRAPH_BENCH_RSS_FILE;
if (target) {
  process.on('exit', () => {
    fs.writeFileSync(target, String(process.resourceUsage().maxRSS * 1024));
  });
}
