import type { Knex } from 'knex';

// Page views stored before they kept only the visitor's network: each IPv4 address loses its
// last octet, any other address is dropped (analytics' `networkOf` does this for new ones).
// Nothing in a page view can be erased for a person, so it must not identify one.
const IPV4 = String.raw`^(::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$`;

export async function up(knex: Knex): Promise<void> {
  // The patterns go as bindings: knex reads every '?' of the query text as a placeholder.
  await knex.raw(
    `update events
        set data = jsonb_set(data, '{ipAddress}', to_jsonb(
              case when data->>'ipAddress' ~ :pattern
                   then regexp_replace(data->>'ipAddress', :pattern, '\\2.0')
                   else '' end))
      where type = 'PageViewed' and data->>'ipAddress' is not null`,
    { pattern: IPV4 },
  );
}

export async function down(): Promise<void> {
  // The machines' addresses are not kept anywhere: there is no going back.
}
