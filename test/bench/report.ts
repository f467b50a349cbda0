import { cpus, freemem, loadavg, release, totalmem, type as osType } from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  freeMemoryGiB: number;
  os: string;
  node: string;
  chromium: string;
  /** 1-minute load average when the run started and when it ended (other work skews the figures). */
  loadAverage: { start: number; end: number };
}

export const loadAverageNow = () => round(loadavg()[0] ?? 0, 2);

export function machine(chromium: string, loadAtStart: number): Machine {
  const cpuList = cpus();
  return {
    cpu: cpuList[0]?.model.trim() ?? 'unknown',
    cores: cpuList.length,
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    freeMemoryGiB: round(freemem() / 2 ** 30, 1),
    os: `${osType()} ${release()}`,
    node: process.version,
    chromium,
    loadAverage: { start: loadAtStart, end: loadAverageNow() },
  };
}

export const round = (value: number, digits = 0) => Number(value.toFixed(digits));
// Tenths under 100 ms, where a budget like 16.7 ms sits.
export const ms = (value: number) => `${Math.abs(value) < 100 ? value.toFixed(1) : Math.round(value)} ms`;
export const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
/** Megabytes of 10^6 bytes, the unit of the budgets. */
export const MB = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** NaN for no values: a figure that was not measured must not look like a pass. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile (q in 0…1): a value that was measured, never an interpolation. */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length))) - 1]!;
}

export type Status = 'ok' | 'MISS' | '';

export interface Row {
  measure: string;
  result: string;
  target?: string;
  status?: Status;
}

export const check = (pass: boolean): Status => (pass ? 'ok' : 'MISS');

export function printTable(title: string, rows: readonly Row[]): void {
  const header: Row = { measure: 'Measure', result: 'Result', target: 'Target' };
  const all = [header, ...rows];
  const width = (key: keyof Row) => Math.max(...all.map((row) => (row[key] ?? '').length));
  const widths = { measure: width('measure'), result: width('result'), target: width('target') };
  const line = (row: Row) =>
    [
      row.measure.padEnd(widths.measure),
      row.result.padEnd(widths.result),
      (row.target ?? '').padEnd(widths.target),
      row.status === 'MISS' ? '✗ MISS' : row.status === 'ok' ? '✓ ok' : '',
    ]
      .join(' │ ')
      .trimEnd();
  const rule = '─'.repeat(widths.measure + widths.result + widths.target + 17);
  console.log(`\n${title}\n${rule}\n${line(header)}\n${rule}`);
  for (const row of rows) console.log(line(row));
  console.log(rule);
}

export function printMachine(info: Machine): void {
  console.log(
    `Machine: ${info.cpu}, ${info.cores} cores, ${info.memoryGiB} GiB RAM (${info.freeMemoryGiB} GiB free), ` +
      `${info.os}; Node ${info.node}; Chromium ${info.chromium}; ` +
      `load average ${info.loadAverage.start} at the start, ${info.loadAverage.end} at the end`,
  );
  if (Math.max(info.loadAverage.start, info.loadAverage.end) > info.cores / 2) {
    console.log('  Note: other work was running on this machine; the figures are pessimistic.');
  }
}
