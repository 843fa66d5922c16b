import { Button, Card, DatePicker, Form, type FormInstance, Input, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { LabelInput } from '../../../shared/admin/LabelInput.tsx';
import type { PostValues } from './BlogEditor.tsx';

const DATE_TIME_INPUT = 'YYYY-MM-DDTHH:mm';

/** The editor's side column: publishing, featured image, tags, categories and SEO. */
export function BlogSidebar({ form, saving }: { form: FormInstance<PostValues>; saving: boolean }) {
  const featuredImage = Form.useWatch('featuredImage', form);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={16}>
      <Card title="Publishing">
        <Form.Item label="Published" name="published" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label="Published Date" extra="Leave empty to use creation date when publishing">
          <Space.Compact style={{ width: '100%' }}>
            {/* The antd picker, like every other date of the back office; the value stays the
                business's wall clock (YYYY-MM-DDTHH:mm, see dateTimeInput.ts). */}
            <Form.Item
              name="publishedAt"
              noStyle
              getValueProps={(value: string) => ({ value: value ? dayjs(value) : null })}
              normalize={(day: Dayjs | null) => (day ? day.format(DATE_TIME_INPUT) : '')}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                // A day typed without a time is that day at 00:00, not dropped.
                format={['YYYY-MM-DD HH:mm', 'YYYY-MM-DD']}
                // Enter confirms the typed date (the picker's own handler has run by now); it
                // must not also submit the editor's form, which would save and close the post.
                onKeyDown={(event) => {
                  if (event.key === 'Enter') event.preventDefault();
                }}
                aria-label="Published Date"
                style={{ flex: 1 }}
              />
            </Form.Item>
            <Button onClick={() => form.setFieldValue('publishedAt', '')}>Clear Date</Button>
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" block disabled={saving}>
          {saving ? 'Saving...' : 'Save Post'}
        </Button>
      </Card>
      <Card title="Featured Image">
        <Form.Item label="Image URL" name="featuredImage">
          <Input placeholder="/media/..." />
        </Form.Item>
        {featuredImage && (
          <img src={featuredImage} alt="Featured" style={{ maxWidth: '100%', borderRadius: 8 }} />
        )}
      </Card>
      <Card title="Tags">
        <Form.Item name="tags" noStyle>
          <LabelInput label="Add tag" placeholder="Add a tag" />
        </Form.Item>
      </Card>
      <Card title="Categories">
        <Form.Item name="categories" noStyle>
          <LabelInput label="Add category" placeholder="Add a category" />
        </Form.Item>
      </Card>
      <Card title="SEO">
        <Form.Item label="SEO Title" name="seoTitle">
          <Input />
        </Form.Item>
        <Form.Item label="SEO Description" name="seoDescription">
          <Input.TextArea rows={3} />
        </Form.Item>
      </Card>
    </Space>
  );
}
