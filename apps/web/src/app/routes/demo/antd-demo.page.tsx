import { Alert, Button, Card, Flex, Input, Select, Space, Tag, Typography } from 'antd';

/** /antd-demo: the theme of spec §9 at a glance (control heights, radius, primary colour, type). */
export default function AntdDemoPage() {
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title="Controls: large 40, standard 32, small 24">
        <Flex gap={12} align="center" wrap>
          <Button type="primary" size="large">
            Large
          </Button>
          <Button type="primary">Standard</Button>
          <Button type="primary" size="small">
            Small
          </Button>
          <Input placeholder="Standard input" style={{ width: 200 }} aria-label="Standard input" />
          <Select
            aria-label="Model"
            style={{ width: 160 }}
            defaultValue="v28"
            options={[
              { value: 'v28', label: 'CMS-HCC V28' },
              { value: 'v24', label: 'CMS-HCC V24' },
            ]}
          />
        </Flex>
      </Card>
      <Card title="Type and colour">
        <Typography.Title level={3}>Inter 14 px, primary #5944EF</Typography.Title>
        <Typography.Paragraph>
          <Tag color="purple">HCC 37</Tag>
          <Tag color="blue">Recapture</Tag>
          <Tag color="gold">Suspect</Tag>
        </Typography.Paragraph>
        <Alert type="info" showIcon title="Alerts show for 2.5 seconds in the app." />
      </Card>
    </Space>
  );
}
