import { RECENT_ACTIVITY_POLL_MS } from '@kw/activity/contract';
import { Alert, Card, Skeleton, Typography } from 'antd';
import { useSystemStatusQuery } from '../api.ts';

function Indicator({ ok, label, detail }: { ok: boolean; label: string; detail: string }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', padding: '6px 0' }}>
      <span>
        <span
          aria-hidden
          style={{
            display: 'inline-block',
            width: 10,
            height: 10,
            borderRadius: '50%',
            marginRight: 8,
            background: ok ? '#22c55e' : '#ef4444',
          }}
        />
        {label}
      </span>
      <Typography.Text type={ok ? 'secondary' : 'danger'}>{detail}</Typography.Text>
    </div>
  );
}

/** The website, database, worker, queue and e-mail, each green or red, polled. */
export function SystemStatusCard() {
  const { data, isError } = useSystemStatusQuery(undefined, {
    pollingInterval: RECENT_ACTIVITY_POLL_MS,
  });
  return (
    <Card title="System Status">
      {isError && <Alert type="error" title="Failed to fetch system status" showIcon />}
      {!data && !isError && <Skeleton active paragraph={{ rows: 3 }} />}
      {data && (
        <>
          <Indicator ok label="Website" detail="Operational" />
          <Indicator
            ok={data.database.ok}
            label="Database"
            detail={
              data.database.ok ? `Operational (${data.database.latencyMs} ms)` : 'Unreachable'
            }
          />
          <Indicator
            ok={data.worker.ok}
            label="Background worker"
            detail={
              data.worker.heartbeatAgeSeconds === null
                ? 'Not running'
                : `${data.worker.ok ? 'Operational' : 'Stalled'} (heartbeat ${Math.round(data.worker.heartbeatAgeSeconds)} s ago)`
            }
          />
          <Indicator
            ok={data.queue.backlog !== null && data.queue.backlog < 100}
            label="Job queue"
            detail={data.queue.backlog === null ? 'Unknown' : `${data.queue.backlog} waiting`}
          />
          <Indicator
            ok={data.email.ok}
            label="Email service"
            detail={`${data.email.ok ? 'Operational' : 'Unreachable'} (${data.email.transport === 'smtp' ? 'SMTP' : 'saved to files'})`}
          />
        </>
      )}
    </Card>
  );
}
