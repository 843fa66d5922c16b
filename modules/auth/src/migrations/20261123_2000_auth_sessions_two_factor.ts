import type { Db } from '@kw/platform';

export async function up(knex: Db): Promise<void> {
  // Sign-in counters: not a projection, since an attempt is counted before its password is
  // checked (under a row lock), and every API process shares them.
  await knex.schema.createTable('login_throttle', (t) => {
    t.text('key').primary();
    t.specificType('recent', 'timestamptz[]').notNullable().defaultTo('{}');
    t.integer('strikes').notNullable().defaultTo(0);
    t.timestamp('blocked_until', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['updated_at']);
  });
  // The read model of sessions (AdminSessionStarted / …Ended and what ends them all).
  await knex.schema.createTable('admin_sessions', (t) => {
    t.uuid('id').primary();
    t.text('username').notNullable();
    t.text('ip_address').notNullable();
    t.text('user_agent').notNullable();
    t.timestamp('signed_in_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('ended_at', { useTz: true });
    t.text('ended_reason');
    t.index(['username', 'ended_at']);
  });
  // Two-factor sign-in: the TOTP secret encrypted (AES-256-GCM), recovery codes as keyed hashes.
  await knex.schema.alterTable('admin_credentials', (t) => {
    t.text('totp_secret');
    t.text('totp_pending_secret');
    t.timestamp('totp_enabled_at', { useTz: true });
    t.bigInteger('totp_last_step');
    t.specificType('recovery_code_hashes', 'text[]').notNullable().defaultTo('{}');
  });
}

export async function down(knex: Db): Promise<void> {
  await knex.schema.alterTable('admin_credentials', (t) => {
    t.dropColumns(
      'totp_secret',
      'totp_pending_secret',
      'totp_enabled_at',
      'totp_last_step',
      'recovery_code_hashes',
    );
  });
  await knex.schema.dropTable('admin_sessions');
  await knex.schema.dropTable('login_throttle');
}
