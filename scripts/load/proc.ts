/**
 * What the load and fault scripts read about Keel's processes from Linux's /proc: resident
 * memory, CPU time, children (the embedded database is a child of the server), and the TCP
 * connections between them. Parsing is kept apart from reading so it can be tested on text.
 */
import fs from 'node:fs';

export interface TcpEntry {
  localPort: number;
  remotePort: number;
  /** The kernel's state code: '01' established, '0A' listening. */
  state: string;
  inode: number;
}

export const TCP_ESTABLISHED = '01';
export const TCP_LISTEN = '0A';

/** The rows of /proc/net/tcp or /proc/net/tcp6 (the header line is skipped). */
export function parseProcNetTcp(text: string): TcpEntry[] {
  const entries: TcpEntry[] = [];
  for (const line of text.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10) continue;
    const port = (address: string) => parseInt(address.split(':')[1] ?? '', 16);
    entries.push({
      localPort: port(fields[1]!),
      remotePort: port(fields[2]!),
      state: fields[3]!,
      inode: Number(fields[9]),
    });
  }
  return entries;
}

/** VmRSS from /proc/<pid>/status, in bytes. */
export function parseRssBytes(status: string): number | null {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return match ? Number(match[1]) * 1024 : null;
}

/** utime + stime from /proc/<pid>/stat, in clock ticks (the name may hold spaces and parens). */
export function parseCpuTicks(stat: string): number | null {
  const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of the whole line; the slice starts at field 3.
  const utime = Number(after[11]);
  const stime = Number(after[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? utime + stime : null;
}

const read = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

export function rssBytes(pid: number): number | null {
  const status = read(`/proc/${pid}/status`);
  return status === null ? null : parseRssBytes(status);
}

/** CPU seconds the process has used so far (user + system); Linux's tick is 1/100 s. */
export function cpuSeconds(pid: number): number | null {
  const stat = read(`/proc/${pid}/stat`);
  const ticks = stat === null ? null : parseCpuTicks(stat);
  return ticks === null ? null : ticks / 100;
}

/**
 * Seconds the process's main thread has waited for a CPU while ready to run, from
 * /proc/<pid>/schedstat (on a shared machine, the share of time other work held the cores).
 */
export function cpuWaitSeconds(pid: number): number | null {
  const fields = read(`/proc/${pid}/schedstat`)?.trim().split(' ');
  const waited = Number(fields?.[1]);
  return fields && Number.isFinite(waited) ? waited / 1e9 : null;
}

/** Direct children of `pid`, read from every process's parent id. */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    if (!stat) continue;
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === pid) children.push(Number(name));
  }
  return children;
}

export function commandLine(pid: number): string {
  return (read(`/proc/${pid}/cmdline`) ?? '').split('\0').join(' ');
}

/** The socket inodes a process holds open. */
export function socketInodes(pid: number): Set<number> {
  const inodes = new Set<number>();
  let fds: string[];
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes;
  }
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(Number(match[1]));
    } catch {
      /* closed meanwhile */
    }
  }
  return inodes;
}

export function tcpEntries(): TcpEntry[] {
  return [read('/proc/net/tcp'), read('/proc/net/tcp6')].flatMap((text) =>
    text ? parseProcNetTcp(text) : [],
  );
}

/** The ports `pid` listens on. */
export function listeningPorts(pid: number, entries = tcpEntries()): number[] {
  const inodes = socketInodes(pid);
  return [
    ...new Set(
      entries.filter((e) => e.state === TCP_LISTEN && inodes.has(e.inode)).map((e) => e.localPort),
    ),
  ];
}

/**
 * Established connections to `port` from anywhere on this machine, counted by their client ends
 * (on loopback both ends are in the table). Reading the table alone, not every process's file
 * descriptors: with thousands of sockets open, that reading took the probe seconds.
 */
export function connectionsTo(port: number, entries: readonly TcpEntry[]): number {
  return entries.filter((e) => e.state === TCP_ESTABLISHED && e.remotePort === port).length;
}

/** Established connections accepted on `port`, counted by their server ends. */
export function connectionsAt(port: number, entries: readonly TcpEntry[]): number {
  return entries.filter((e) => e.state === TCP_ESTABLISHED && e.localPort === port).length;
}
