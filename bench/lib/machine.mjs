// The machine a figure was measured on, as every bench records it beside its figures.
import os from 'node:os';

export function describeMachine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length, cpuModel: cpus[0]?.model?.trim() ?? 'unknown', totalMemoryBytes: os.totalmem(),
    node: process.version, platform: `${os.platform()} ${os.release()}`,
  };
}
