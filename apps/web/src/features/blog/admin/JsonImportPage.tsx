import type { BlogImportPreview } from '@kw/blog/contract';
import { Alert, Button, Card, Col, Descriptions, Input, Row, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { importFailure, useNotified } from '../../../shared/admin/notify.tsx';
import { useServerPreview } from '../../../shared/admin/useServerPreview.ts';
import { formatDate } from '../../../shared/dates.ts';
import { useImportBlogPostMutation, usePreviewBlogImportMutation } from '../api.ts';

const PREVIEW_CHARS = 500;

/** JSON.parse's own message, at once, before the server maps the document. */
function syntaxProblem(source: string): string | null {
  try {
    JSON.parse(source);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : 'Invalid JSON format';
  }
}

/**
 * The featured image the document points to, when it is not there: asked of the site itself
 * (uploaded media and the files the web app ships), as a visitor's browser would.
 */
function useMissingImage(url: string | undefined): string | null {
  const [missing, setMissing] = useState<string | null>(null);
  useEffect(() => {
    setMissing(null);
    if (!url?.startsWith('/')) return;
    const controller = new AbortController();
    fetch(url, { method: 'HEAD', signal: controller.signal })
      .then((res) => setMissing(res.ok ? null : url))
      .catch(() => {});
    return () => controller.abort();
  }, [url]);
  return missing;
}

export function JsonImportPage() {
  const notified = useNotified();
  const [source, setSource] = useState('');
  const [preview] = usePreviewBlogImportMutation();
  const { data, problem } = useServerPreview<BlogImportPreview>(source, preview, syntaxProblem);
  const [importPost, { isLoading }] = useImportBlogPostMutation();
  const post = data?.post;
  const missingImage = useMissingImage(post?.featuredImage);

  const onImport = async () => {
    const imported = await notified(
      () => importPost(source).unwrap(),
      (result) => ({
        title: 'Blog post imported successfully',
        description: result.created
          ? `Created /blog/${result.slug}`
          : `Updated /blog/${result.slug}`,
      }),
      importFailure('Failed to import blog post'),
    );
    if (imported) setSource('');
  };

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        JSON Blog Post Importer
      </Typography.Title>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title="Paste JSON">
            <Input.TextArea
              className="import-source"
              aria-label="JSON source"
              rows={18}
              value={source}
              onChange={(e) => setSource(e.target.value)}
              placeholder='{ "TitlePart": { "Title": "..." }, "MarkdownBodyPart": { "Markdown": "..." } }'
            />
            <div style={{ margin: '12px 0' }} role="status">
              {source.trim() &&
                (problem ? (
                  <Alert type="error" showIcon title={`JSON Error: ${problem}`} />
                ) : (
                  <Alert type="success" showIcon title="Valid JSON structure" />
                ))}
              {post && missingImage && (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginTop: 8 }}
                  title="Featured image not found"
                  description={`${missingImage} does not exist on this site, so the post would show a broken image. Upload the picture in the Media Manager and set it as the post's featured image after importing.`}
                />
              )}
            </div>
            <Button type="primary" onClick={onImport} disabled={!post} loading={isLoading}>
              Import Blog Post
            </Button>
          </Card>
          <Card title="How to use" style={{ marginTop: 16 }}>
            <Typography.Paragraph>
              Paste one content item exported from the old site. Fields are mapped as follows:
            </Typography.Paragraph>
            <ul>
              <li>TitlePart.Title → title (required)</li>
              <li>MarkdownBodyPart.Markdown or HtmlBodyPart.Html → content (one is required)</li>
              <li>AutoroutePart.Path → slug (else made from the title)</li>
              <li>First picture path → featured image under /media/</li>
              <li>CreatedUtc → published date; Published → publication status</li>
              <li>Links to the old site's /media/ → /media/; read time '5 min read'</li>
            </ul>
            <Typography.Text type="secondary">
              Importing the same item again updates the post with the same slug.
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Preview">
            {post ? (
              <>
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label="Title">{post.title}</Descriptions.Item>
                  <Descriptions.Item label="Slug">{post.slug}</Descriptions.Item>
                  <Descriptions.Item label="Excerpt">{post.excerpt || '—'}</Descriptions.Item>
                  <Descriptions.Item label="Tags">
                    {post.tags.length ? post.tags.map((t) => <Tag key={t}>{t}</Tag>) : '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label="Read time">{post.readTime}</Descriptions.Item>
                  <Descriptions.Item label="Status">
                    {post.published ? 'Published' : 'Draft'}
                    {post.publishedAt
                      ? ` — ${formatDate(post.publishedAt, 'longDay', 'calendar')}`
                      : ''}
                  </Descriptions.Item>
                  <Descriptions.Item label="Featured image">
                    {post.featuredImage || '—'}
                  </Descriptions.Item>
                </Descriptions>
                <Typography.Title level={5} style={{ marginTop: 16 }}>
                  Content (first {PREVIEW_CHARS} characters)
                </Typography.Title>
                <pre style={{ whiteSpace: 'pre-wrap' }}>{post.content.slice(0, PREVIEW_CHARS)}</pre>
              </>
            ) : (
              <Typography.Text type="secondary">
                Paste a valid document to see the preview.
              </Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
