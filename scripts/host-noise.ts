/**
 * How busy the host is, measured in the same run as the figures it qualifies: a fixed piece of CPU work
 * (hashing 4 MB with SHA-256 eight times, about 60 ms on a quiet core of these machines), timed before
 * and after every bench section, beside the 1-minute load average. A section whose checks ran much
 * slower than the run's fastest, or whose load exceeded the cores, was measured on a busy host: its
 * figures are marked so that noise neither passes for a regression nor hides one.
 */
import { createHash } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';

/** A check slower than this times the run's fastest marks its section busy. */
export const BUSY_RATIO = 1.3;

const WORK = Buffer.alloc(4 * 1024 * 1024, 7);

/** Milliseconds of the fixed work, the fastest of three tries (a single preemption does not count). */
export function calibrationMs(): number {
  let best = Infinity;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const started = performance.now();
    for (let round = 0; round < 8; round += 1) createHash('sha256').update(WORK).digest();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** One reading of the host. */
export interface HostCheck {
  label: string;
  ms: number;
  load: number;
}

/** Records host checks around sections and says, per section, whether its host was quiet enough to judge. */
export function createHostNoise() {
  const checks: HostCheck[] = [];
  const cores = availableParallelism();
  const check = (label: string): HostCheck => {
    const reading = { label, ms: calibrationMs(), load: loadavg()[0] ?? 0 };
    checks.push(reading);
    return reading;
  };
  return {
    check,
    /** Runs a section between two checks. */
    async around<T>(name: string, section: () => Promise<T>): Promise<T> {
      check(`before ${name}`);
      try {
        return await section();
      } finally {
        check(`after ${name}`);
      }
    },
    /** The verdict lines: each check against the run's fastest, and the sections to read with care. */
    report(): string[] {
      const fastest = Math.min(...checks.map((reading) => reading.ms));
      const lines = [`\nHost noise (fixed CPU work: fastest ${fastest.toFixed(1)} ms in this run; ${cores} cores; busy above ${BUSY_RATIO}x or a load above the cores):`];
      const busy = new Set<string>();
      for (const reading of checks) {
        const ratio = reading.ms / fastest;
        const isBusy = ratio > BUSY_RATIO || reading.load > cores;
        if (isBusy) busy.add(reading.label.replace(/^(before|after) /, ''));
        lines.push(`  ${reading.label.padEnd(22)} ${`${reading.ms.toFixed(1)} ms`.padStart(9)}  x${ratio.toFixed(2)}  load ${reading.load.toFixed(2)}${isBusy ? '  BUSY' : ''}`);
      }
      lines.push(busy.size === 0 ? '  verdict: the host was quiet throughout; the figures can be judged.' : `  verdict: the host was busy during ${[...busy].join(', ')}: do not judge those figures against the budgets; run again on a quiet host.`);
      return lines;
    },
  };
}
