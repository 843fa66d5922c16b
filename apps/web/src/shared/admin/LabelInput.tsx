import { Button, Input, Space, Tag } from 'antd';
import { useState } from 'react';

/** Tags, categories or technologies: trimmed, no blanks, no duplicates, Enter adds (admin.md §5). */
export function LabelInput({
  value = [],
  onChange,
  placeholder,
  label,
}: {
  value?: string[];
  onChange?: (next: string[]) => void;
  placeholder: string;
  label: string;
}) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const item = draft.trim();
    if (item && !value.includes(item)) onChange?.([...value, item]);
    setDraft('');
  };
  return (
    <div>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label={label}
          placeholder={placeholder}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={(e) => {
            e.preventDefault();
            add();
          }}
        />
        <Button onClick={add}>Add</Button>
      </Space.Compact>
      <div style={{ marginTop: 8, display: 'flex', flexWrap: 'wrap', gap: 4 }}>
        {value.map((item) => (
          <Tag key={item} closable onClose={() => onChange?.(value.filter((v) => v !== item))}>
            {item}
          </Tag>
        ))}
      </div>
    </div>
  );
}
