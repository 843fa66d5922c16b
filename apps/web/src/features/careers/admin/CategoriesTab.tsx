import type { Job, JobCategory } from '@kw/careers/contract';
import { App, Button, Card, Col, Dropdown, Empty, Row, Tag, Typography } from 'antd';
import { serverMessage } from '../../../api/api.ts';
import { useDeleteJobCategoryMutation } from '../api.ts';

export function CategoriesTab({
  categories,
  jobs,
  onEdit,
}: {
  categories: JobCategory[];
  jobs: Job[];
  onEdit(category: JobCategory): void;
}) {
  const { notification } = App.useApp();
  const [remove] = useDeleteJobCategoryMutation();

  // No confirmation for a category (admin.md §5); its jobs become uncategorised.
  async function onDelete(category: JobCategory) {
    try {
      await remove(category.id).unwrap();
      notification.success({ title: 'Category Deleted' });
    } catch (error) {
      notification.error({ title: 'Failed to Delete Category', description: serverMessage(error) });
    }
  }

  if (categories.length === 0) return <Empty description="No categories found" />;
  return (
    <Row gutter={[16, 16]}>
      {categories.map((category) => {
        const count = jobs.filter((j) => j.categoryId === category.id).length;
        return (
          <Col key={category.id} xs={24} md={12} xl={8}>
            <Card
              title={category.name}
              extra={
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      { key: 'edit', label: 'Edit' },
                      { key: 'delete', label: 'Delete', danger: true },
                    ],
                    onClick: ({ key }) => (key === 'edit' ? onEdit(category) : onDelete(category)),
                  }}
                >
                  <Button aria-label={`Actions for ${category.name}`}>...</Button>
                </Dropdown>
              }
            >
              <Tag color={category.isActive ? 'blue' : 'default'}>
                {category.isActive ? 'Active' : 'Inactive'}
              </Tag>
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                {category.description || 'No description'}
              </Typography.Paragraph>
              <Typography.Text>
                {count} {count === 1 ? 'job' : 'jobs'}
              </Typography.Text>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
