import type { CaseStudyImportPreview } from '@kw/case-studies/contract';
import { Alert, Button, Card, Input, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import { importFailure, useNotified } from '../../../shared/admin/notify.tsx';
import { useServerPreview } from '../../../shared/admin/useServerPreview.ts';
import { useImportCaseStudiesMutation, usePreviewCaseStudyImportMutation } from '../api.ts';

const PREVIEW_ITEMS = 3;

export function CaseStudyImportPage() {
  const notified = useNotified();
  const [source, setSource] = useState('');
  const [preview] = usePreviewCaseStudyImportMutation();
  const [importAll, { isLoading }] = useImportCaseStudiesMutation();
  const { data: result, problem } = useServerPreview<CaseStudyImportPreview>(source, preview);
  const count = result?.count ?? 0;

  const onImport = async () => {
    const imported = await notified(
      () => importAll(source).unwrap(),
      (done) => ({
        title: 'Case studies imported successfully',
        description: `${done.imported} case studies imported (${done.created} new, ${done.updated} updated).`,
      }),
      importFailure('Failed to import case studies'),
    );
    if (imported) setSource('');
  };

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        Case Study CSV Importer
      </Typography.Title>
      <Card title="Paste CSV" style={{ marginBottom: 16 }}>
        <Input.TextArea
          className="import-source"
          aria-label="CSV source"
          rows={12}
          value={source}
          onChange={(e) => setSource(e.target.value)}
          placeholder="Title,Summary,Content,IsDeleted,IsHidden"
        />
        <div style={{ margin: '12px 0' }} role="status">
          {source.trim() &&
            (problem ? (
              <Alert type="error" showIcon title={problem} />
            ) : result && count === 0 ? (
              <Alert type="warning" showIcon title="Nothing to import" />
            ) : result ? (
              <Alert type="success" showIcon title={`Valid CSV - ${count} case studies found`} />
            ) : null)}
          {source.trim() && !problem && result && result.warnings.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: 8 }}
              title="Check before importing"
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {result.warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              }
            />
          )}
        </div>
        <Button
          type="primary"
          onClick={onImport}
          disabled={!result || count === 0}
          loading={isLoading}
        >
          Import {count} Case Studies
        </Button>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          Columns: Title, Content (HTML), Summary, IsDeleted, IsHidden; optional Slug, Client,
          Industry, Image. Only rows with IsDeleted and IsHidden at 0 are imported, all at once or
          none. Importing the same rows again updates the case studies with the same slug.
        </Typography.Paragraph>
      </Card>
      {result && result.count > 0 && (
        <Card title="Preview">
          <List
            dataSource={result.items.slice(0, PREVIEW_ITEMS)}
            renderItem={(item) => (
              <List.Item>
                <List.Item.Meta
                  title={item.title}
                  description={
                    <>
                      <div>
                        {item.clientName} · {item.industry} · /case-studies/{item.slug}
                      </div>
                      <div>{item.excerpt}</div>
                      <div style={{ marginTop: 4 }}>
                        {item.technologies.map((t) => (
                          <Tag key={t}>{t}</Tag>
                        ))}
                      </div>
                    </>
                  }
                />
              </List.Item>
            )}
          />
          {result.count > PREVIEW_ITEMS && (
            <Typography.Text type="secondary">
              ... and {result.count - PREVIEW_ITEMS} more case studies
            </Typography.Text>
          )}
        </Card>
      )}
    </>
  );
}
