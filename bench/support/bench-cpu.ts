import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** CPU measurements of the benchmarks: this process, its descendants (Postgres, Dovecot) and the whole machine. */

/** Busy and total CPU time of the whole machine so far (jiffies, from /proc/stat). */
export function machineCpu(): { busy: number; total: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const values = fields.slice(0, 8).map(Number); // guest time is already counted in user
  const idle = values[3] + (values[4] ?? 0);
  const total = values.reduce((sum, v) => sum + v, 0);
  return { busy: total - idle, total };
}

/**
 * CPU time (jiffies) of this process and its descendants (embedded Postgres, Dovecot), by pid. Processes that end
 * between two readings are missed, so the difference is a lower bound; what the machine used beyond it was other work.
 */
export function treeCpu(): Map<number, number> {
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(name), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended meanwhile.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 50; p = stats.get(p)?.parent ?? 0, hops++)
      if (p === process.pid) return true;
    return false;
  };
  const tree = new Map<number, number>();
  for (const [pid, { ticks }] of stats) if (inTree(pid)) tree.set(pid, ticks);
  return tree;
}

/** Starts measuring; the returned function describes the CPU used since, in cores, over `ms` milliseconds. */
export function cpuMeter(): (ms: number) => string {
  const cpuBefore = process.cpuUsage();
  const machineBefore = machineCpu();
  const treeBefore = treeCpu();
  return (ms: number) => {
    const used = process.cpuUsage(cpuBefore);
    const machine = machineCpu();
    const cores = cpus().length;
    const busy = machine.busy - machineBefore.busy;
    const total = machine.total - machineBefore.total;
    let tree = 0;
    for (const [pid, ticks] of treeCpu()) tree += ticks - (treeBefore.get(pid) ?? 0);
    const share = (ticks: number) => ((ticks / total) * cores).toFixed(2);
    return `this Node process (all threads) ${((used.user + used.system) / 1000 / ms).toFixed(2)} cores, with its Postgres and Dovecot ${share(tree)}, whole machine ${share(busy)} of ${cores} cores (other work: ${share(Math.max(0, busy - tree))})`;
  };
}

/** What a process of the benchmark's tree is, by its command: Postgres, Dovecot, or a Node script's file name. */
function processKind(pid: number): string {
  try {
    const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    if (comm.startsWith('postgres')) return 'Postgres';
    if (!comm.startsWith('node'))
      return /^(dovecot|imap|auth|anvil|log|config|stats|indexer)/.test(comm) ? 'Dovecot' : comm;
    const script = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .find((arg) => /\.(ts|js)$/.test(arg) && !arg.includes('swc-register'));
    return script ? script.split('/').at(-1)! : 'node';
  } catch {
    return 'ended';
  }
}

/**
 * Starts measuring the CPU of this process's tree by kind of process (this Node process, Postgres, Dovecot, each forked
 * script); the returned function gives each kind's cores over `ms` milliseconds, busiest first, and the machine's.
 */
export function cpuBreakdownMeter(): (ms: number) => string {
  const kinds = new Map<number, string>();
  const kindOf = (pid: number) => {
    if (pid === process.pid) return 'this process';
    let kind = kinds.get(pid);
    if (!kind) kinds.set(pid, (kind = processKind(pid)));
    return kind;
  };
  const before = treeCpu();
  before.forEach((_, pid) => kindOf(pid));
  const machineBefore = machineCpu();
  const selfBefore = process.cpuUsage();
  return (ms: number) => {
    const machine = machineCpu();
    const cores = cpus().length;
    const total = machine.total - machineBefore.total;
    const byKind = new Map<string, number>();
    for (const [pid, ticks] of treeCpu()) {
      if (pid === process.pid) continue;
      const kind = kindOf(pid);
      byKind.set(kind, (byKind.get(kind) ?? 0) + ticks - (before.get(pid) ?? 0));
    }
    const share = (ticks: number) => ((ticks / total) * cores).toFixed(2);
    const self = process.cpuUsage(selfBefore);
    const parts = [`this process ${((self.user + self.system) / 1000 / ms).toFixed(2)}`];
    for (const [kind, ticks] of [...byKind].sort((a, b) => b[1] - a[1]))
      if (ticks > 0) parts.push(`${kind} ${share(ticks)}`);
    return `${parts.join(', ')}; whole machine ${share(machine.busy - machineBefore.busy)} of ${cores} cores`;
  };
}

/** Milliseconds from the monotonic clock's origin (a CPU profile's clock) to performance.now()'s origin. */
const hrStart = Number(process.hrtime.bigint()) / 1e6 - performance.now();

/**
 * With `node --cpu-prof`: the window from `startedAt` (performance.now()) lasting `ms`, on the profile's clock
 * (microseconds of the monotonic clock), as `start..end`.
 */
export function profileWindow(startedAt: number, ms: number): string {
  return `${Math.round((hrStart + startedAt) * 1000)}..${Math.round((hrStart + startedAt + ms) * 1000)}`;
}
