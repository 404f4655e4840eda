// Preloaded with `node --import` into a repograph child: at exit it writes the CPU time the process
// used, user and system, all its threads (the extraction workers too), in milliseconds, to
// $REPOGRAPH_BENCH_CPU_FILE. On a machine others load, wall times of two builds drift apart with
// the load while their CPU times do not. It changes nothing else.
import fs from 'node:fs';

const target = process.env.REPOGRAPH_BENCH_CPU_FILE;
if (target) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    fs.writeFileSync(target, String((usage.userCPUTime + usage.systemCPUTime) / 1000));
  });
}
