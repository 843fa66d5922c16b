export * from './config.ts';
export {
  type ActorKind,
  type AuditEntry,
  type AuditPage,
  type DeletedItem,
  escapeHtml,
  type FieldChange,
  type HistoryActor,
  type HistoryEntry,
  type HistoryValue,
  idSchema,
  isId,
  type LineChange,
  type RecordHistoryResponse,
} from './contract.ts';
export * from './db.ts';
export * from './embedded-postgres.ts';
export * from './errors.ts';
export * from './event-store/backup.ts';
export * from './event-store/catalogue.ts';
export * from './event-store/command-handler.ts';
export * from './event-store/event-store.ts';
export * from './event-store/recently-deleted.ts';
export * from './event-store/types.ts';
export * from './health.ts';
export * from './history.ts';
export * from './jobs/boss.ts';
export * from './logger.ts';
export * from './mail.ts';
export * from './module.ts';
export * from './notices.ts';
export * from './page-cache.ts';
export * from './personal-data/fields.ts';
export * from './personal-data/keys.ts';
export * from './personal-data/mail-copies.ts';
export * from './personal-data/sources.ts';
export * from './personal-data/zip.ts';
export * from './read-model.ts';
export * from './text/sanitize.ts';
