// Container health check: healthy while this host's worker wrote its heartbeat lately.
import { hostname } from 'node:os';
import pg from 'pg';

const client = new pg.Client({
  connectionString: process.env.DATABASE_URL,
  connectionTimeoutMillis: 3000,
});
try {
  await client.connect();
  const { rows } = await client.query<{ age: number | null }>(
    `select extract(epoch from now() - max(beat_at))::float as age from worker_heartbeat where worker_id like $1`,
    [`${hostname()}:%`],
  );
  const age = rows[0]?.age;
  process.exitCode = age !== null && age !== undefined && age < 30 ? 0 : 1;
} catch {
  process.exitCode = 1;
} finally {
  await client.end().catch(() => {});
}
