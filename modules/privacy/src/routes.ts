import { NotFoundError, RETENTION_KINDS, type RetentionKind, ValidationError } from '@kw/platform';
import { type AppServices, Reply, type RouteDef, route } from '@kw/platform/http';
import { handleRetentionSettings, setRetentionPeriods } from './commands.ts';
import {
  type ErasureResult,
  eraseRequestSchema,
  type PrivacySearchResult,
  privacyEmailQuerySchema,
  type RetentionSettings,
  retentionUpdateSchema,
} from './contract.ts';
import {
  erasePerson,
  exportZip,
  findPerson,
  type Holdings,
  nothingHeld,
  nothingHeldMessage,
  type PrivacyDeps,
} from './erasure.ts';
import { RETENTION_SETTINGS_STREAM } from './events.ts';
import { lastRetentionRun, recentErasures, retentionPeriods, retentionPolicy } from './queries.ts';

export function privacyDeps(services: AppServices): PrivacyDeps {
  if (!services.personalData) throw new Error('The composition gave no personal-data sources');
  return {
    config: services.config,
    db: services.db,
    store: services.store,
    sources: services.personalData,
  };
}

const toSearchResult = (held: Holdings): PrivacySearchResult => ({
  email: held.email,
  nothingHeld: nothingHeld(held),
  message: nothingHeld(held)
    ? nothingHeldMessage(held.email)
    : `${held.records.length} record(s) and ${held.mails.length} e-mail(s) held about ${held.email}.`,
  records: held.records.map((r) => ({
    module: r.module,
    kind: r.kind,
    id: r.id,
    summary: r.summary,
    createdAt: r.createdAt.toISOString(),
    lastChangedAt: r.lastChangedAt.toISOString(),
    files: r.files.map((f) => f.name),
  })),
  mails: held.mails.map(({ name, subject, date }) => ({ name, subject, date })),
  keyHeld: held.keyHeld,
});

async function retentionSettings(services: AppServices): Promise<RetentionSettings> {
  const periods = await retentionPeriods(services.db);
  return {
    periods: (Object.keys(RETENTION_KINDS) as RetentionKind[]).map((kind) => ({
      kind,
      label: RETENTION_KINDS[kind].label,
      days: periods[kind],
      defaultDays: RETENTION_KINDS[kind].defaultDays,
    })),
    lastRun: await lastRetentionRun(services.db),
  };
}

export const privacyRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/privacy/search',
    access: 'admin',
    query: privacyEmailQuerySchema,
    docs: { summary: 'Everything held about one e-mail address, across every module' },
    async handler({ query, services }) {
      return toSearchResult(await findPerson(privacyDeps(services), query.email));
    },
  }),
  route({
    method: 'get',
    path: '/api/privacy/export',
    access: 'admin',
    query: privacyEmailQuerySchema,
    docs: {
      summary: 'An access request answered: a zip of one JSON file and the résumés',
      response: { mediaType: 'application/zip' },
    },
    async handler({ query, services, res }) {
      const held = await findPerson(privacyDeps(services), query.email);
      if (nothingHeld(held)) throw new NotFoundError(nothingHeldMessage(held.email));
      const now = new Date();
      const body = await exportZip(held, now);
      res
        .status(200)
        .type('application/zip')
        .setHeader('Cache-Control', 'no-store')
        .setHeader(
          'Content-Disposition',
          `attachment; filename="personal-data-${now.toISOString().slice(0, 10)}.zip"`,
        )
        .send(body);
    },
  }),
  route({
    method: 'post',
    path: '/api/privacy/erase',
    access: 'admin',
    body: eraseRequestSchema,
    docs: {
      summary: 'Erases a person: records, résumés, mail copies and their key',
      description:
        '200 when complete; 202 when a file could not be deleted yet (the worker retries). 404 when nothing is held.',
    },
    async handler({ body, services, metadata }) {
      const outcome = await erasePerson(privacyDeps(services), body.email, metadata);
      const result: ErasureResult = {
        ...outcome,
        message:
          outcome.status === 'done'
            ? `Erased: ${outcome.records} record(s) and ${outcome.files} file(s).`
            : `Erasure pending: the records and the key are gone; ${outcome.files} file(s) are still to be deleted, and the worker keeps trying.`,
      };
      return outcome.status === 'done' ? result : new Reply(202, result);
    },
  }),
  route({
    method: 'get',
    path: '/api/privacy/erasures',
    access: 'admin',
    docs: { summary: 'Recent erasures, pending or done (salted hashes only, never an address)' },
    async handler({ services }) {
      return { erasures: await recentErasures(services.db) };
    },
  }),
  route({
    method: 'get',
    path: '/api/privacy/retention',
    access: 'admin',
    docs: { summary: 'Settings → Privacy: the retention periods and the last run' },
    handler: ({ services }) => retentionSettings(services),
  }),
  route({
    method: 'put',
    path: '/api/privacy/retention',
    access: 'admin',
    body: retentionUpdateSchema,
    docs: { summary: 'Sets retention periods (days per kind of record)' },
    async handler({ body, services, metadata }) {
      const wanted = Object.fromEntries(
        Object.entries(body.periods).filter(([, days]) => days !== undefined),
      );
      if (Object.keys(wanted).length === 0)
        throw new ValidationError([{ path: 'periods', message: 'Give at least one period' }]);
      await handleRetentionSettings(
        services.store,
        RETENTION_SETTINGS_STREAM,
        (current) => setRetentionPeriods(current, wanted),
        { metadata, retryOnConflict: true },
      );
      return retentionSettings(services);
    },
  }),
  route({
    method: 'get',
    path: '/api/privacy/retention-policy',
    access: 'public',
    docs: { summary: "The privacy policy's retention section: the same periods as the settings" },
    async handler({ services }) {
      return retentionPolicy(services.db);
    },
  }),
];
