// The processes `make bench` starts (API, worker, the bare ceilings) and what it reads of them.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** Progress goes to stderr; stdout carries only the table. */
export const say = (message: string) => process.stderr.write(`bench: ${message}\n`);

export interface Child {
  name: string;
  process: ChildProcess;
  pid: number;
  log: string;
  /** SIGTERM, then waits for the exit (SIGKILL after 15 s). */
  stop(): Promise<void>;
  kill(signal: NodeJS.Signals): void;
  exited(): boolean;
}

/** `node ...nodeArgs <entry> ...args` with its output in a log file of the run. */
export function startNode(
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  logDir: string,
  args: string[] = [],
  nodeArgs: string[] = [],
): Child {
  const log = path.join(logDir, `${name}.log`);
  const out = openSync(log, 'a');
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, entry), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  let exited = false;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  return {
    name,
    process: child,
    pid: child.pid!,
    log,
    exited: () => exited,
    kill: (signal) => {
      if (!exited) child.kill(signal);
    },
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** Runs a node script to its end; its output, or an error with the output's tail. */
export function runNode(entry: string, env: NodeJS.ProcessEnv, args: string[] = []) {
  return new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(root, entry), ...args],
      { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${entry} ${args.join(' ')} failed: ${stderr || stdout}`));
        else resolve(stdout);
      },
    );
  });
}

export const tail = (file: string, lines = 20) => {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
};

/** Polls `check` until it is truthy; fails after `timeoutMs`, naming `what`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined | null | false>,
  timeoutMs: number,
  stepMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** Waits until `url` answers 200, or the child stops (its log's tail in the error). */
export async function waitForHttp(child: Child, url: string, timeoutMs = 60_000): Promise<void> {
  await until(
    `${child.name} answering ${url}`,
    async () => {
      if (child.exited()) throw new Error(`${child.name} stopped:\n${tail(child.log)}`);
      const res = await fetch(url);
      await res.arrayBuffer();
      return res.ok;
    },
    timeoutMs,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${tail(child.log)}`);
  });
}

/** Resident memory of a process, in MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const TICKS_PER_SECOND = 100;

function statOf(pid: number): { ppid: number; cpu: number; reaped: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: the fields follow its closing parenthesis.
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return {
      ppid: fields[1]!,
      cpu: (fields[11]! + fields[12]!) / TICKS_PER_SECOND,
      // Children that ended and were waited for (PostgreSQL's closed connections).
      reaped: (fields[13]! + fields[14]!) / TICKS_PER_SECOND,
    };
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds used by a process; with `tree`, also by its descendants, those alive now and
 * those that ended (counted in their parent once reaped), so the figure only grows.
 */
export function cpuSeconds(pid: number, tree = false): number {
  const self = statOf(pid);
  if (!tree) return self?.cpu ?? 0;
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const ppid = statOf(Number(name))?.ppid;
    if (ppid !== undefined) children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
  }
  let total = (self?.cpu ?? 0) + (self?.reaped ?? 0);
  const stack = [...(children.get(pid) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    const stat = statOf(next);
    total += (stat?.cpu ?? 0) + (stat?.reaped ?? 0);
    stack.push(...(children.get(next) ?? []));
  }
  return total;
}

/** The machine's busy CPU seconds (all cores, every process) from /proc/stat. */
export function machineBusySeconds(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const [user, nice, system, , , irq, softirq, steal] = line
    .split(/\s+/)
    .slice(1)
    .map(Number) as number[];
  return (user! + nice! + system! + irq! + softirq! + steal!) / TICKS_PER_SECOND;
}

export interface CpuSplit {
  seconds: number;
  /** Cores used on average by each, over `seconds`. */
  cores: Record<string, number>;
}

/** Measures how many cores each named process (tree) used while `work` ran. */
export async function cpuDuring<T>(
  processes: Record<string, { pid: number; tree?: boolean }>,
  work: () => Promise<T>,
): Promise<{ result: T; split: CpuSplit }> {
  const read = () => {
    const values: Record<string, number> = {};
    for (const [name, p] of Object.entries(processes)) values[name] = cpuSeconds(p.pid, p.tree);
    values['load generator (bench)'] =
      process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6;
    values.machine = machineBusySeconds();
    return values;
  };
  const before = read();
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const after = read();
  const cores: Record<string, number> = {};
  for (const name of Object.keys(after)) cores[name] = (after[name]! - before[name]!) / seconds;
  const ours = Object.entries(cores)
    .filter(([name]) => name !== 'machine')
    .reduce((sum, [, value]) => sum + value, 0);
  cores['everything else on the machine'] = Math.max(0, cores.machine! - ours);
  return { result, split: { seconds, cores } };
}
