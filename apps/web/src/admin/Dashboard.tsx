import { Card, Col, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { useListContactSubmissionsQuery } from './backoffice/contactAdminApi.ts';

export function Dashboard() {
  const contacts = useListContactSubmissionsQuery();
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        Dashboard
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} lg={8}>
          <Card>
            <Statistic
              title="Contact Submissions"
              value={contacts.data?.length ?? 0}
              loading={contacts.isLoading}
            />
            <Link to="/admin/contact">Manage</Link>
          </Card>
        </Col>
      </Row>
    </>
  );
}
