import { Alert, Button, Card, Empty, Flex, Input, Skeleton, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

const SKELETON_ROWS = 5;

export interface FrameLabels {
  title: string;
  subtitle: string;
  /** 'blog posts', 'case studies': in the search, the error and the empty states. */
  noun: string;
  /** 'posts', 'case studies': in the count. */
  countNoun: string;
  newLabel: string;
  firstLabel: string;
}

/**
 * What the Blog Manager and the Case Study Manager share (admin.md §5): the heading with Back
 * and New, the list's load error, the search with its count, skeletons while loading, and the
 * two empty states (nothing yet, nothing matching).
 */
export function ManagerFrame(
  props: FrameLabels & {
    shown: number;
    total: number;
    isLoading: boolean;
    isError: boolean;
    search: string;
    onSearch(search: string): void;
    onNew(): void;
    /** More buttons beside Back and New. */
    extra?: ReactNode;
    children: ReactNode;
  },
) {
  const navigate = useNavigate();
  return (
    <>
      <Flex justify="space-between" align="start" wrap gap={12} style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={1} style={{ fontSize: 26, margin: 0 }}>
            {props.title}
          </Typography.Title>
          <Typography.Text type="secondary">{props.subtitle}</Typography.Text>
        </div>
        <Space wrap>
          <Button onClick={() => navigate(-1)}>Back to Dashboard</Button>
          {props.extra}
          <Button type="primary" onClick={props.onNew}>
            {props.newLabel}
          </Button>
        </Space>
      </Flex>
      {props.isError && (
        <Alert
          type="error"
          showIcon
          title={`Failed to fetch ${props.noun}`}
          style={{ marginBottom: 16 }}
        />
      )}
      <Flex align="center" gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder={`Search ${props.noun}...`}
          aria-label={`Search ${props.noun}`}
          allowClear
          value={props.search}
          onChange={(e) => props.onSearch(e.target.value)}
          style={{ maxWidth: 420 }}
        />
        <Typography.Text type="secondary">
          {props.shown} of {props.total} {props.countNoun}
        </Typography.Text>
      </Flex>
      {props.isLoading ? (
        Array.from({ length: SKELETON_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
          <Card key={i} style={{ marginBottom: 12 }}>
            <Skeleton active paragraph={{ rows: 2 }} />
          </Card>
        ))
      ) : props.shown === 0 ? (
        <Card>
          {props.total === 0 ? (
            <Empty description={`No ${props.noun} created yet.`}>
              <Button type="primary" onClick={props.onNew}>
                {props.firstLabel}
              </Button>
            </Empty>
          ) : (
            <Empty description={`No ${props.noun} found matching your search.`}>
              <Button onClick={() => props.onSearch('')}>Clear Search</Button>
            </Empty>
          )}
        </Card>
      ) : (
        props.children
      )}
    </>
  );
}

/** One item of a manager's list: title, Published or Draft, its badges, then View, Edit, Delete. */
export function ManagerRow(props: {
  title: string;
  published: boolean;
  /** The public page, shown once published (null: none yet, e.g. a post scheduled for later). */
  viewHref: string | null;
  /** In place of the Published or Draft badge (a scheduled post's date). */
  status?: ReactNode;
  badges?: ReactNode;
  onEdit(): void;
  onDelete(): void;
  children: ReactNode;
}) {
  return (
    <Card className="admin-row" role="article" aria-label={props.title}>
      <Flex justify="space-between" gap={16} wrap>
        <div style={{ flex: 1, minWidth: 240 }}>
          <Space wrap>
            <Typography.Title level={3} style={{ fontSize: 18, margin: 0 }}>
              {props.title}
            </Typography.Title>
            {props.status ??
              (props.published ? <Tag color="green">Published</Tag> : <Tag>Draft</Tag>)}
            {props.badges}
          </Space>
          {props.children}
        </div>
        <Space>
          {props.published && props.viewHref && (
            <Button href={props.viewHref} target="_blank" aria-label={`View ${props.title}`}>
              View
            </Button>
          )}
          <Button onClick={props.onEdit} aria-label={`Edit ${props.title}`}>
            Edit
          </Button>
          <Button danger onClick={props.onDelete} aria-label={`Delete ${props.title}`}>
            Delete
          </Button>
        </Space>
      </Flex>
    </Card>
  );
}
