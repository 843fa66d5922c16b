import { Button, type GetRef, Input, Space, Tooltip } from 'antd';
import { useRef } from 'react';
import { type LinePrefix, setLinePrefix } from '../../../shared/admin/textEdit.ts';
import { useServerPreview } from '../../../shared/admin/useServerPreview.ts';
import { usePreviewJobTextMutation } from '../api.ts';

type Tool = { label: string; title: string; wrap?: [string, string]; prefix?: LinePrefix };

const TOOLS: Tool[] = [
  { label: 'B', title: 'Bold', wrap: ['**', '**'] },
  { label: 'I', title: 'Italic', wrap: ['*', '*'] },
  { label: 'H1', title: 'Heading 1', prefix: '# ' },
  { label: 'H2', title: 'Heading 2', prefix: '## ' },
  { label: '•', title: 'Bullet list', prefix: '- ' },
  { label: '1.', title: 'Numbered list', prefix: '1. ' },
];

/**
 * The job description: a markdown toolbar, 12 rows, and a live preview beside it, rendered and
 * sanitised by the server as the saved job will be.
 */
export function DescriptionEditor({
  value = '',
  onChange,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const ref = useRef<GetRef<typeof Input.TextArea>>(null);
  // The server's own rendering and sanitiser: what the job will store, never the raw text.
  const [preview] = usePreviewJobTextMutation();
  const { data, problem } = useServerPreview(value, (text) => preview(text));
  const html = value.trim() ? (data?.html ?? '') : '';

  function apply(tool: Tool) {
    const area = ref.current?.resizableTextArea?.textArea;
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? value.length;
    const selected = value.slice(start, end);
    let next: string;
    let caret: number;
    if (tool.wrap) {
      const [open, close] = tool.wrap;
      const inner = selected || 'text';
      next = value.slice(0, start) + open + inner + close + value.slice(end);
      caret = start + open.length + inner.length + close.length;
    } else if (tool.prefix) {
      // Every selected line (or the current one) gets this prefix in place of its own.
      const change = setLinePrefix(value, start, end, tool.prefix);
      next = change.value;
      caret = change.end;
    } else return;
    onChange?.(next);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(caret, caret);
    });
  }

  return (
    <div className="description-editor">
      <Space.Compact style={{ marginBottom: 8 }}>
        {TOOLS.map((tool) => (
          <Tooltip key={tool.title} title={tool.title}>
            <Button aria-label={tool.title} onClick={() => apply(tool)}>
              {tool.label}
            </Button>
          </Tooltip>
        ))}
      </Space.Compact>
      <div className="description-panes">
        <Input.TextArea
          id={id}
          ref={ref}
          rows={12}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder="Describe the role. Markdown is welcome: **bold**, lists, headings."
        />
        <section className="description-preview" aria-label="Preview">
          <div className="description-preview-label">Preview</div>
          {problem ? (
            <p style={{ color: '#cf1322' }}>{problem}</p>
          ) : html ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML sanitised by the API (POST /api/jobs/preview), as the job will be stored
            <div dangerouslySetInnerHTML={{ __html: html }} />
          ) : (
            <p style={{ color: '#8c8c8c' }}>Nothing to preview yet.</p>
          )}
        </section>
      </div>
    </div>
  );
}
