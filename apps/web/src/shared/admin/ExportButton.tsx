import { App, Button } from 'antd';
import { useState } from 'react';
import type { Notice } from './notify.tsx';

/**
 * 'Export CSV': the server builds the file (see api/download.ts) and the button says how it
 * went. `onExport` resolves with the success notification, or null when it exported nothing
 * (and said why).
 */
export function ExportButton(props: {
  onExport(): Promise<Notice | null>;
  disabled?: boolean;
  primary?: boolean;
}) {
  const { notification } = App.useApp();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      const success = await props.onExport();
      if (success) notification.success(success);
    } catch {
      notification.error({ title: 'Error', description: 'Export failed' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      type={props.primary ? 'primary' : 'default'}
      onClick={run}
      loading={busy}
      disabled={props.disabled}
    >
      Export CSV
    </Button>
  );
}
