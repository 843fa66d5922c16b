import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Not a projection: the hash is never in an event.
  await knex.schema.createTable('admin_credentials', (t) => {
    t.text('username').primary();
    t.text('password_hash').notNullable();
    t.integer('token_version').notNullable().defaultTo(1);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('login_attempts', (t) => {
    t.bigInteger('position').primary();
    t.text('username').notNullable();
    t.text('ip_address').notNullable();
    t.boolean('succeeded').notNullable();
    t.timestamp('attempted_at', { useTz: true }).notNullable();
    t.index(['username', 'attempted_at']);
    t.index(['ip_address', 'attempted_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_attempts');
  await knex.schema.dropTable('admin_credentials');
}
