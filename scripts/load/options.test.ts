import { describe, expect, it } from 'vitest';
import { parseOptions, usage, UsageError, type OptionSpec } from './options.ts';

const specs: OptionSpec[] = [
  { flag: 'clients', env: 'CLIENTS', fallback: 1000, help: 'live devices' },
  { flag: 'seconds', env: 'DURATION', fallback: 60, help: 'seconds of edits' },
  {
    flag: 'ramp',
    env: 'RAMP',
    fallback: (o) => Math.max(5, Math.ceil(o.clients! / 100)),
    help: 'seconds over which devices connect',
  },
];

describe('parseOptions', () => {
  it('takes defaults, computing the ones that depend on others', () => {
    expect(parseOptions(specs, [])).toEqual({ clients: 1000, seconds: 60, ramp: 10 });
  });

  it('reads flags as separate or inline values', () => {
    expect(parseOptions(specs, ['--clients', '50', '--seconds=15'])).toEqual({
      clients: 50,
      seconds: 15,
      ramp: 5,
    });
  });

  it('reads the environment, the flag winning over it', () => {
    expect(parseOptions(specs, ['--clients', '20'], { CLIENTS: '300', DURATION: '5' })).toEqual({
      clients: 20,
      seconds: 5,
      ramp: 5,
    });
    expect(parseOptions(specs, [], { CLIENTS: '3000', RAMP: '' }).ramp).toBe(30);
  });

  it('refuses unknown options, missing values and values that are not numbers', () => {
    expect(() => parseOptions(specs, ['--client', '5'])).toThrow(UsageError);
    expect(() => parseOptions(specs, ['--clients'])).toThrow(/needs a value/);
    expect(() => parseOptions(specs, ['--clients', 'many'])).toThrow(/must be a number/);
    expect(() => parseOptions(specs, [], { DURATION: '-1' })).toThrow(/must be a number/);
    expect(() => parseOptions(specs, ['50'])).toThrow(/Unexpected argument/);
  });
});

describe('usage', () => {
  it('lists each option with its variable and default', () => {
    const text = usage('npm run loadtest --', specs);
    expect(text).toMatch(/--clients\s+CLIENTS\s+live devices \(default 1000\)/);
    expect(text).toMatch(/--ramp\s+RAMP\s+seconds over which devices connect$/m);
  });
});
