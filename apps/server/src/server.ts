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

// Docker stops a container with SIGTERM and kills it 10 s later; finish before that.
const SHUTDOWN_GRACE_MS = 8_000;

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Closing stops taking connections, ends the longpolls waiting for news (they answer "no
    // news", see LiveRequests) and waits for the other requests; any still running at the
    // deadline are cut rather than killed with the process.
    const deadline = setTimeout(() => {
      app.log.warn('requests still running at the shutdown deadline; closing their connections');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
