import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConcurrencyError } from '../errors.ts';
import { composeEmail, type Mailer, type MailMessage } from '../mail.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { defineEvents, UnknownEventError } from './catalogue.ts';
import { commandHandler, sendOnce } from './command-handler.ts';
import { EventStore } from './event-store.ts';

// A tiny tab that can be opened, added to and settled (once, with a receipt e-mail).
const tabEvents = defineEvents({
  TabOpened: z.object({ tabId: z.string() }),
  ItemAdded: z.object({ tabId: z.string(), amount: z.number() }),
  ReceiptSent: z.object({ tabId: z.string(), to: z.string() }),
});
interface Tab {
  open: boolean;
  total: number;
  receiptSent: boolean;
}
const handleTab = commandHandler({
  events: tabEvents,
  initialState: (): Tab => ({ open: false, total: 0, receiptSent: false }),
  evolve(state, event): Tab {
    switch (event.type) {
      case 'TabOpened':
        return { ...state, open: true };
      case 'ItemAdded':
        return { ...state, total: state.total + event.data.amount };
      case 'ReceiptSent':
        return { ...state, receiptSent: true };
    }
  },
});

const metadata = { actor: 'test' };
let tdb: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  tdb = await createTestDatabase();
  store = new EventStore(tdb.db);
});
afterAll(() => tdb.drop());

describe('commandHandler', () => {
  it('given a history, when a command is decided, then the decision sees the folded state and the new state is returned', async () => {
    await handleTab(store, 'tab:1', () => [{ type: 'TabOpened', data: { tabId: '1' } }], {
      metadata,
      newStream: true,
    });
    const result = await handleTab(
      store,
      'tab:1',
      (state, { version }) => {
        expect(state).toEqual({ open: true, total: 0, receiptSent: false });
        expect(version).toBe(1);
        return [{ type: 'ItemAdded', data: { tabId: '1', amount: 5 } }];
      },
      { metadata },
    );
    expect(result.state.total).toBe(5);
    expect(result.version).toBe(2);
  });

  it('given a create on a stream that exists, then it is a conflict and nothing is written', async () => {
    await expect(
      handleTab(store, 'tab:1', () => [{ type: 'TabOpened', data: { tabId: '1' } }], {
        metadata,
        newStream: true,
      }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.streamVersion('tab:1')).toBe(2);
  });

  it('given another writer appends between read and append, then the decision is made again when the caller allows it', async () => {
    // A store whose first read is followed at once by another writer's append.
    let raced = false;
    const racing = Object.create(store) as EventStore;
    racing.readStream = async (streamId, trx) => {
      const history = await store.readStream(streamId, trx);
      if (!raced) {
        raced = true;
        await store.append(
          streamId,
          'any',
          [{ type: 'ItemAdded', data: { tabId: '1', amount: 1 } }],
          {
            metadata,
          },
        );
      }
      return history;
    };
    let calls = 0;
    const result = await handleTab(
      racing,
      'tab:1',
      (state) => {
        calls++;
        return [{ type: 'ItemAdded', data: { tabId: '1', amount: state.total } }];
      },
      { metadata, retryOnConflict: true },
    );
    expect(calls).toBe(2);
    expect(result.version).toBe(4);
    expect(result.state.total).toBe(12);
  });

  it('given facts recorded at the same moment, then each is appended, none read the stream nor clashed', async () => {
    const reading = Object.create(store) as EventStore;
    let reads = 0;
    reading.readStream = async (streamId, trx) => {
      reads++;
      return store.readStream(streamId, trx);
    };
    const before = await store.streamVersion('tab:facts');
    const stored = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        handleTab.record(
          reading,
          'tab:facts',
          () => [{ type: 'ItemAdded', data: { tabId: 'facts', amount: i } }],
          { metadata },
        ),
      ),
    );
    expect(reads).toBe(0);
    expect(stored.map((events) => events.length)).toEqual(Array(8).fill(1));
    expect(await store.streamVersion('tab:facts')).toBe(before + 8);
    const history = await store.readStream('tab:facts');
    expect(handleTab.fold(history).total).toBe(28);
  });

  it('given a stored event whose data does not fit its schema, then folding it fails loudly', async () => {
    await store.append('tab:bad', 0, [{ type: 'ItemAdded', data: { tabId: 'x', amount: 'ten' } }], {
      metadata,
    });
    await expect(handleTab(store, 'tab:bad', () => [], { metadata })).rejects.toBeInstanceOf(
      UnknownEventError,
    );
  });
});

describe('sendOnce', () => {
  it('given the same job delivered twice at the same moment, then one e-mail is sent and recorded', async () => {
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      transport: 'files',
      verify: async () => true,
      async send(message) {
        await new Promise((r) => setImmediate(r));
        sent.push(message);
      },
    };
    await handleTab(store, 'tab:2', () => [{ type: 'TabOpened', data: { tabId: '2' } }], {
      metadata,
      newStream: true,
    });
    const run = () =>
      sendOnce(
        { db: tdb.db, store, mailer },
        handleTab,
        'tab:2',
        (state) =>
          state.receiptSent
            ? null
            : {
                mail: composeEmail({
                  to: 'guest@example.com',
                  subject: 'Receipt',
                  paragraphs: [`Total ${state.total}`],
                  messageId: '<receipt-2@www.example.ca>',
                }),
                recorded: [{ type: 'ReceiptSent', data: { tabId: '2', to: 'guest@example.com' } }],
              },
        metadata,
      );
    const results = await Promise.all([run(), run(), run()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(sent).toHaveLength(1);
    expect((await store.readStream('tab:2')).map((e) => e.type)).toEqual([
      'TabOpened',
      'ReceiptSent',
    ]);
  });
});
