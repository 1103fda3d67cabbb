import { describe, expect, it } from 'vitest';
import {
  connectionsAt,
  connectionsTo,
  parseCpuTicks,
  parseProcNetTcp,
  parseRssBytes,
  TCP_ESTABLISHED,
  TCP_LISTEN,
} from './proc.ts';

describe('/proc parsing', () => {
  it('reads ports, states and inodes from /proc/net/tcp', () => {
    const text = [
      '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
      '   0: 0100007F:9C41 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 123456 1 0000000000000000 100 0 0 10 0',
      '   1: 0100007F:D431 0100007F:9C41 01 00000000:00000000 00:00000000 00000000     0        0 123457 1 0000000000000000 20 4 30 10 -1',
      '',
    ].join('\n');
    expect(parseProcNetTcp(text)).toEqual([
      { localPort: 0x9c41, remotePort: 0, state: TCP_LISTEN, inode: 123456 },
      { localPort: 0xd431, remotePort: 0x9c41, state: TCP_ESTABLISHED, inode: 123457 },
    ]);
  });

  it('reads resident memory from /proc/<pid>/status', () => {
    expect(parseRssBytes('Name:\tnode\nVmPeak:\t  900 kB\nVmRSS:\t  204800 kB\n')).toBe(
      204_800 * 1024,
    );
    expect(parseRssBytes('Name:\tzombie\n')).toBeNull();
  });

  it('reads CPU ticks from /proc/<pid>/stat, whatever the process name holds', () => {
    const stat = '4242 (node (db) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 75 0 0 20 0 11 0';
    expect(parseCpuTicks(stat)).toBe(325);
  });

  it('counts connections to a port by their client ends, and at it by their server ends', () => {
    const entry = (localPort: number, remotePort: number, state = TCP_ESTABLISHED) => ({
      localPort,
      remotePort,
      state,
      inode: 0,
    });
    const entries = [
      entry(5984, 0, TCP_LISTEN),
      // Two connections to 5984 on loopback: each appears from both ends.
      entry(40001, 5984),
      entry(5984, 40001),
      entry(40002, 5984),
      entry(5984, 40002),
      // Closing: not established.
      entry(40003, 5984, '06'),
      entry(8390, 50000),
    ];
    expect(connectionsTo(5984, entries)).toBe(2);
    expect(connectionsAt(5984, entries)).toBe(2);
    expect(connectionsAt(8390, entries)).toBe(1);
    expect(connectionsTo(8390, entries)).toBe(0);
  });
});
