import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { servicePageMeta } from './pages.ts';
import { servicePageWords } from './service-page-schemas.ts';

const contentDir = path.join(import.meta.dirname, '../content');
const fileOf = (key: string) => `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.json`;

describe("the service pages' words", () => {
  it.each(Object.keys(servicePageWords))(
    '%s.json has every field its page shows, and no other',
    (key) => {
      const json = JSON.parse(readFileSync(path.join(contentDir, fileOf(key)), 'utf8'));
      const result = servicePageWords[key as keyof typeof servicePageWords].safeParse(json);
      expect(result.error?.issues ?? []).toEqual([]);
    },
  );

  it('every file is a page with metadata, and every service page has its file', () => {
    const files = readdirSync(contentDir).sort();
    expect(files).toEqual(Object.keys(servicePageWords).map(fileOf).sort());
    expect(Object.keys(servicePageWords).sort()).toEqual(Object.keys(servicePageMeta).sort());
  });
});
