import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

/**
 * Keel as `server.ts` boots it, but with the clock its keepers read set KEEL_TEST_AHEAD_MS ahead
 * of the real one, and its cycle keeper passing every KEEL_TEST_CYCLE_KEEPER_MS. For the e2e of
 * a cycle rolling over (e2e/cycle-rollover.spec.ts): browsers on the real clock plan a cycle,
 * and this server, living a week on, finds it ended. Each SIGUSR2 moves that clock a further
 * KEEL_TEST_JUMP_MS on (e2e/webhooks.spec.ts: a day of failed deliveries in a moment). Tests
 * only: production runs server.ts.
 */
const ahead = Number(process.env.KEEL_TEST_AHEAD_MS ?? 0);
const keeperMs = Number(process.env.KEEL_TEST_CYCLE_KEEPER_MS ?? 2_000);
const jump = Number(process.env.KEEL_TEST_JUMP_MS ?? 0);
let jumped = 0;
process.on('SIGUSR2', () => (jumped += jump));
const config = loadConfig();
const { app } = await buildApp(config, {
  now: () => Date.now() + ahead + jumped,
  cycleKeeperMs: keeperMs,
});
await app.listen({ port: config.port, host: config.host });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)));
