import type { Job, JobCategory } from '@kw/careers/contract';
import { Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { serverMessage } from '../../../api/api.ts';
import { useNotified } from '../../../shared/admin/notify.tsx';
import { HistoryButton } from '../../activity/admin/HistoryDrawer.tsx';
import { useDeleteJobCategoryMutation } from '../api.ts';
import { EditDeleteMenu } from './EditDialog.tsx';

export function CategoriesTab({
  categories,
  jobs,
  onEdit,
}: {
  categories: JobCategory[];
  jobs: Job[];
  onEdit(category: JobCategory): void;
}) {
  const notified = useNotified();
  const [remove] = useDeleteJobCategoryMutation();

  // No confirmation for a category (admin.md §5); its jobs become uncategorised.
  const onDelete = (category: JobCategory) =>
    notified(
      () => remove(category.id).unwrap(),
      { title: 'Category Deleted' },
      (error) => ({ title: 'Failed to Delete Category', description: serverMessage(error) }),
    );

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
                <Space size="small">
                  <HistoryButton kind="job-category" id={category.id} title={category.name} />
                  <EditDeleteMenu
                    label={`Actions for ${category.name}`}
                    onEdit={() => onEdit(category)}
                    onDelete={() => onDelete(category)}
                  />
                </Space>
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
