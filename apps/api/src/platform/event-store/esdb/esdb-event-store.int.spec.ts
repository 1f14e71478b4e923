import { describeEventStoreContract } from '../../../../test/support/event-store-contract';
import { EsdbEventStore } from './esdb-event-store';

const url = process.env.EVENTSTORE_URL;

if (url) {
  describeEventStoreContract('EventStoreDB', async () => {
    const store = new EsdbEventStore({ connectionString: url });
    return {
      store,
      // No transactions in EventStoreDB: a writer that is slow to commit is a delayed append.
      appendHeldOpen: async (streamId, events, expected, holdMs) => {
        await new Promise((resolve) => setTimeout(resolve, holdMs));
        return store.appendToStream(streamId, events, expected);
      },
      dispose: () => store.close(),
    };
  });
} else {
  // Written straight to stderr: jest hides console output of a file whose tests are all skipped.
  process.stderr.write('\nEventStoreDB contract: SKIPPED (set EVENTSTORE_URL to run)\n');
  describe.skip('EventStoreDB contract: SKIPPED (set EVENTSTORE_URL to run)', () => {
    it('runs the shared event store contract against EVENTSTORE_URL', () => undefined);
  });
}
