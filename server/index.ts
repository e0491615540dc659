/** Entry point: start the server (server/start.ts) and stop it on SIGINT/SIGTERM. */
import { start, StartupError } from './start';

async function main() {
  const server = await start({ env: process.env, argv: process.argv.slice(2) });
  // The data folder's lock goes with the process, however it ends (kill -9 leaves a stale lock, which
  // the next start detects by its pid).
  process.on('exit', () => server.releaseLock());
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info(`${signal} received, shutting down`);
    try {
      await server.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof StartupError) {
    console.error(`Failed to start: ${error.message}`);
  } else {
    console.error('Failed to start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
