import { QualityPage, QualityRates } from '../../../features/quality';

/** /quality-satisfaction-rate, 'Quality Workspace': each measure's performance rate against its target (issue 19). */
export default function QualitySatisfactionRatePage() {
  return (
    <QualityPage
      current="rates"
      title="Performance rates"
      description="Each measure's performance rate by month, provider or clinic, against your organisation's target."
    >
      <QualityRates />
    </QualityPage>
  );
}
