/**
 * Command-line options of the load and fault scripts: `npm run loadtest -- --clients 50
 * --seconds 15`. Each option may also come from the environment (CLIENTS=50), the flag winning;
 * a value that is not a non-negative number fails the run at once, before any process starts.
 */

export interface OptionSpec {
  /** The flag without its dashes: `clients` for `--clients`. */
  flag: string;
  /** The environment variable read when the flag is not given. */
  env: string;
  /** The value when neither is given; a function computes it from the other options. */
  fallback: number | ((options: Record<string, number>) => number);
  help: string;
}

export class UsageError extends Error {}

/** Parse `argv` (the arguments after the script's name) against `specs`. */
export function parseOptions(
  specs: readonly OptionSpec[],
  argv: readonly string[],
  env: Record<string, string | undefined> = {},
): Record<string, number> {
  const given = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const match = /^--([a-z][a-z-]*)(?:=(.*))?$/.exec(arg);
    if (!match) throw new UsageError(`Unexpected argument: ${arg}`);
    const [, flag = '', inline] = match;
    if (!specs.some((s) => s.flag === flag)) throw new UsageError(`Unknown option: --${flag}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`--${flag} needs a value`);
    given.set(flag, value);
  }
  const options: Record<string, number> = {};
  const computed: OptionSpec[] = [];
  for (const spec of specs) {
    const raw = given.get(spec.flag) ?? env[spec.env];
    if (raw === undefined || raw === '') {
      if (typeof spec.fallback === 'number') options[spec.flag] = spec.fallback;
      else computed.push(spec);
      continue;
    }
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0)
      throw new UsageError(`--${spec.flag} (${spec.env}) must be a number ≥ 0, not "${raw}"`);
    options[spec.flag] = value;
  }
  for (const spec of computed)
    options[spec.flag] = (spec.fallback as (o: Record<string, number>) => number)(options);
  return options;
}

/** The options' help, one line each. */
export function usage(command: string, specs: readonly OptionSpec[]): string {
  const width = Math.max(...specs.map((s) => s.flag.length)) + 2;
  return [
    `Usage: ${command} [options]  (each option may also be set as its environment variable)`,
    ...specs.map((s) => {
      const fallback = typeof s.fallback === 'number' ? ` (default ${s.fallback})` : '';
      return `  --${s.flag.padEnd(width)} ${s.env.padEnd(18)} ${s.help}${fallback}`;
    }),
  ].join('\n');
}

/**
 * The script's options from its command line and environment: `--help` prints the usage and
 * exits 0; a bad option prints why and the usage, and exits 2.
 */
export function commandLineOptions(
  command: string,
  specs: readonly OptionSpec[],
): Record<string, number> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help')) {
    console.log(usage(command, specs));
    process.exit(0);
  }
  try {
    return parseOptions(specs, argv, process.env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n\n${usage(command, specs)}`);
    process.exit(2);
  }
}
