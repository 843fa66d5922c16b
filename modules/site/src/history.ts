import { describeRecords } from '@kw/platform';
import { siteEvents } from './events.ts';

// How the site's settings read in the audit log.

export const siteSettingsHistory = describeRecords({
  kind: 'site-settings',
  label: 'Site setting',
  events: siteEvents,
  fields: { photo: { label: "Founder's photo" } },
  describe(event) {
    switch (event.type) {
      case 'FounderPhotoSet':
        return {
          action: `Set the founder's photo to ${event.data.originalName}`,
          set: { photo: event.data.url },
        };
      case 'FounderPhotoCleared':
        return { action: "Removed the founder's photo", set: { photo: null } };
    }
  },
});
