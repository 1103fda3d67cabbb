import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

/** Boots Keel: validates configuration, starts everything, prints where to open it. */
let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const { app } = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
console.log(`\n  Keel is running at ${config.publicUrl}\n`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
