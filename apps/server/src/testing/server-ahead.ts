import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

/**
 * Keel as `server.ts` boots it, but with the clock its keepers read set KEEL_TEST_AHEAD_MS ahead
 * of the real one, and its cycle keeper passing every KEEL_TEST_CYCLE_KEEPER_MS. For the e2e of
 * a cycle rolling over (e2e/cycle-rollover.spec.ts): browsers on the real clock plan a cycle,
 * and this server, living a week on, finds it ended. Tests only: production runs server.ts.
 */
const ahead = Number(process.env.KEEL_TEST_AHEAD_MS ?? 0);
const keeperMs = Number(process.env.KEEL_TEST_CYCLE_KEEPER_MS ?? 2_000);
const config = loadConfig();
const { app } = await buildApp(config, { now: () => Date.now() + ahead, cycleKeeperMs: keeperMs });
await app.listen({ port: config.port, host: config.host });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)));
