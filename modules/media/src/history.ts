import { describeRecords } from '@kw/platform';
import { mediaEvents } from './events.ts';

// How a media file's events read in the audit log.

export const mediaHistory = describeRecords({
  kind: 'media',
  label: 'Media file',
  events: mediaEvents,
  fields: { name: { label: 'Name' }, size: { label: 'Size (bytes)' } },
  describe(event) {
    switch (event.type) {
      case 'MediaUploaded':
        return {
          action: `Uploaded ${event.data.originalName}`,
          set: { name: event.data.originalName, size: event.data.size },
          lifecycle: 'live',
        };
      case 'MediaDeleted':
        return { action: 'Deleted', lifecycle: 'deleted' };
    }
  },
});
