import { FRONTEND_TAB_KEYS, type FrontendTabKey, type OrganisationSettings } from '@cairn/contracts';
import { Alert, App, Button, Checkbox, Flex, InputNumber, Select, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { ErrorState } from '../../../../components/error-state';
import { LoadingState } from '../../../../components/loading-state';
import { isApiError } from '../../../../lib/api-error';
import { useOrganisationSettings } from '../../api/get-organisation-settings';
import { useUpdateOrganisationSettings } from '../../api/update-organisation-settings';

/** The portrait tabs' titles (spec §3 Tabs). */
const TAB_TITLES: Record<FrontendTabKey, string> = {
  DxSummary: 'Diagnosis Summary',
  DocumentsList: 'Documents',
  ClinicalSummary: 'Clinical Summary',
  Quality: 'Quality Insights',
  Ambient: 'Ambient',
};

/** A year's row as edited: the share is empty (null) while the admin types a new one. */
type RiskModelRow = Omit<OrganisationSettings['riskModels'][number], 'v24Percent'> & { v24Percent: number | null };

const modelText = (v24Percent: number) =>
  v24Percent === 0
    ? 'V28 only'
    : v24Percent === 100
      ? 'V24 only'
      : `${String(v24Percent)}% V24, ${String(100 - v24Percent)}% V28`;

/** The organisation's settings: risk model per payment year, tabs shown, overlay-only view, OrganizationQuality. */
export function OrganisationSettingsPanel() {
  const settings = useOrganisationSettings();
  if (settings.isPending) return <LoadingState label="Loading the organisation's settings" />;
  if (settings.isError) {
    return (
      <ErrorState title="The organisation's settings could not be loaded." onRetry={() => void settings.refetch()} />
    );
  }
  return <SettingsForm key={settings.dataUpdatedAt} settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: OrganisationSettings }) {
  const { message } = App.useApp();
  const update = useUpdateOrganisationSettings();
  const [riskModels, setRiskModels] = useState<RiskModelRow[]>(settings.riskModels);
  const [tabs, setTabs] = useState<FrontendTabKey[]>(settings.frontendTabs);
  const [overlayOnlyView, setOverlayOnlyView] = useState(settings.overlayOnlyView);
  const [organizationQuality, setOrganizationQuality] = useState(settings.organizationQuality);

  const setYear = (paymentYear: number, v24Percent: number | null) =>
    setRiskModels((rows) =>
      rows.map((row) => (row.paymentYear === paymentYear ? { ...row, v24Percent, isCmsDefault: false } : row)),
    );
  const resetYear = (paymentYear: number) =>
    setRiskModels((rows) =>
      rows.map((row) =>
        row.paymentYear === paymentYear ? { ...row, v24Percent: row.cmsV24Percent, isCmsDefault: true } : row,
      ),
    );
  // A tab added goes last: the portrait shows tabs in this order.
  const changeTabs = (checked: FrontendTabKey[]) =>
    setTabs([...tabs.filter((tab) => checked.includes(tab)), ...checked.filter((tab) => !tabs.includes(tab))]);
  const save = () =>
    update
      .mutateAsync({
        riskModels: riskModels
          .filter((row) => !row.isCmsDefault)
          .map(({ paymentYear, v24Percent }) => ({ paymentYear, v24Percent: v24Percent ?? 0 })),
        frontendTabs: tabs,
        overlayOnlyView,
        organizationQuality,
      })
      .then(
        () => void message.success('Settings saved. Open browsers get the tabs and views now.'),
        (error: unknown) =>
          void message.error(isApiError(error) ? (error.serverMessage ?? error.message) : 'Not saved.'),
      );
  const rules = settings.flagRuleCounts;

  return (
    <Flex vertical gap={24} style={{ maxWidth: 760 }}>
      <section aria-labelledby="risk-model-heading">
        <Typography.Title level={5} id="risk-model-heading">
          Risk model per payment year
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          The Diagnosis Summary scores a visit with the model of the payment year after it. A year you leave as it is
          follows CMS: 2024 67% V24 and 33% V28, 2025 33% V24 and 67% V28, from 2026 V28 only.
        </Typography.Paragraph>
        <Table<RiskModelRow>
          aria-label="Risk model per payment year"
          rowKey="paymentYear"
          size="small"
          pagination={false}
          dataSource={riskModels}
          columns={[
            { title: 'Payment year', dataIndex: 'paymentYear' },
            {
              title: 'Model',
              render: (_value, row) => (
                <Select<'v28' | 'blend'>
                  aria-label={`Model for ${String(row.paymentYear)}`}
                  value={row.v24Percent === 0 ? 'v28' : 'blend'}
                  onChange={(choice) => setYear(row.paymentYear, choice === 'v28' ? 0 : row.cmsV24Percent || 33)}
                  options={[
                    { value: 'v28', label: 'V28 only' },
                    { value: 'blend', label: 'V24/V28 blend' },
                  ]}
                  style={{ width: 160 }}
                />
              ),
            },
            {
              title: 'V24 share',
              render: (_value, row) =>
                row.v24Percent === 0 ? null : (
                  <InputNumber<number>
                    aria-label={`V24 share in ${String(row.paymentYear)}, percent`}
                    min={1}
                    max={100}
                    precision={0}
                    suffix="%"
                    value={row.v24Percent}
                    onChange={(value) => setYear(row.paymentYear, value)}
                  />
                ),
            },
            {
              title: 'CMS',
              render: (_value, row) =>
                row.isCmsDefault ? (
                  <Typography.Text type="secondary">As CMS ({modelText(row.cmsV24Percent)})</Typography.Text>
                ) : (
                  <Button size="small" onClick={() => resetYear(row.paymentYear)}>
                    Use CMS&apos;s ({modelText(row.cmsV24Percent)})
                  </Button>
                ),
            },
          ]}
        />
      </section>
      <section aria-labelledby="tabs-heading">
        <Typography.Title level={5} id="tabs-heading">
          Tabs shown
        </Typography.Title>
        <Checkbox.Group<FrontendTabKey>
          aria-labelledby="tabs-heading"
          value={tabs}
          onChange={changeTabs}
          options={FRONTEND_TAB_KEYS.map((key) => ({ value: key, label: TAB_TITLES[key] }))}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          In this order: {tabs.map((tab) => TAB_TITLES[tab]).join(', ') || 'none (choose at least one)'}.
        </Typography.Paragraph>
      </section>
      <Flex vertical gap={12}>
        <Flex gap={8} align="center">
          <Switch id="overlay-only-view" checked={overlayOnlyView} onChange={setOverlayOnlyView} />
          <label htmlFor="overlay-only-view">Overlay-only view (Cairn opens only inside the EHR)</label>
        </Flex>
        <Flex gap={8} align="center">
          <Switch id="organization-quality" checked={organizationQuality} onChange={setOrganizationQuality} />
          <label htmlFor="organization-quality">
            OrganizationQuality (users with the quality tool see the Quality Workspace)
          </label>
        </Flex>
      </Flex>
      {rules.frontendTabs + rules.overlayOnlyView + rules.organizationQuality > 0 && (
        <Alert
          type="info"
          showIcon
          title="Some users get other values: targeting rules under Feature flags win over these settings for the users they match."
        />
      )}
      <Button
        type="primary"
        onClick={() => void save()}
        loading={update.isPending}
        disabled={tabs.length === 0 || riskModels.some((row) => row.v24Percent === null)}
      >
        Save settings
      </Button>
    </Flex>
  );
}
