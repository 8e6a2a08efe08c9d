import { Tabs } from 'antd';
import { ClinicsPanel } from './clinics-panel';
import { DepartmentsPanel } from './departments-panel';
import { OrganisationSettingsPanel } from './organisation-settings-panel';
import { ProvidersPanel } from './providers-panel';

/**
 * Admin tool, Organisation (issue 17 item 2): the organisation's settings, and its clinics, departments
 * and providers as synced from the EHR, editable, with rows added by hand.
 */
export default function OrganisationSection() {
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'settings', label: 'Settings', children: <OrganisationSettingsPanel /> },
        { key: 'clinics', label: 'Clinics', children: <ClinicsPanel /> },
        { key: 'departments', label: 'Departments', children: <DepartmentsPanel /> },
        { key: 'providers', label: 'Providers', children: <ProvidersPanel /> },
      ]}
    />
  );
}
