/**
 * Runs the sweep of unheld uploads (cleanup.ts) once when the server is ready and then every
 * `config.attachmentSweep.intervalMs` (0: never). One sweep at a time; a failed sweep is logged and
 * tried again next time; closing the server stops the timer and waits for a running sweep.
 */
import type { FastifyInstance } from 'fastify';
import { sweepAttachments } from './cleanup';

export function installAttachmentSweep(app: FastifyInstance): void {
  const { ctx } = app;
  const { intervalMs, maxAgeMs } = ctx.config.attachmentSweep;
  if (intervalMs <= 0) return;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const run = () => {
    if (running) return;
    const cutoff = new Date(Date.now() - maxAgeMs).toISOString();
    // the registry of now: a publish swaps it
    running = sweepAttachments(ctx.db, ctx.registry, cutoff)
      .then((deleted) => {
        if (deleted > 0) app.log.info({ deleted }, 'attachments no row holds were deleted');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'attachment sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
