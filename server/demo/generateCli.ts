/**
 * `npm run generate -- <module.name> <count>`: adds <count> generated rows to an entity of the
 * database named by DATABASE_URL (as the server: migrated, tables synced, seeded when fresh).
 */
import { buildApp } from '../app';
import { generateRows } from './generate';

async function main(): Promise<void> {
  const [key, countText] = process.argv.slice(2).filter((a) => a !== '--');
  const count = Number(countText);
  if (!key || !Number.isInteger(count) || count < 1) {
    console.error('usage: npm run generate -- <module.name> <count>   (e.g. sales.customer 1000000)');
    process.exit(2);
  }
  const app = await buildApp({ logger: false });
  try {
    let last = 0;
    const result = await generateRows(app.ctx, key, count, {
      onProgress: (done, total) => {
        if (done - last < 100_000 && done !== total) return;
        last = done;
        console.log(`${key}: ${done.toLocaleString('en')} / ${total.toLocaleString('en')}`);
      },
    });
    const perSecond = Math.round(result.inserted / (result.ms / 1000));
    console.log(
      `${key}: ${result.inserted} rows in ${(result.ms / 1000).toFixed(1)} s (${perSecond} rows/s)`,
    );
  } finally {
    await app.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
