import { QUALITY_TARGET_MAX, QUALITY_TARGET_MIN, type QualityMeasureRates } from '@cairn/contracts';
import { Alert, Button, Flex, InputNumber, Typography } from 'antd';
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { useSetQualityTarget } from '../api/set-quality-target';
import { formatPercent } from '../utils/rates';

export interface TargetEditorProps {
  measure: QualityMeasureRates;
  /** The caller may set the organisation's targets (an admin or a quality lead of the whole organisation). */
  canSetTargets: boolean;
}

/** Whose target it is, in words. */
function targetSource(measure: QualityMeasureRates): string {
  return measure.target.isDefault ? 'Cairn’s default' : 'set by your organisation';
}

/** Why a change was refused: the server's words for a refused value, else a general sentence. */
function refusalOf(error: unknown): string {
  if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.serverMessage) {
    return error.serverMessage;
  }
  return 'The target could not be saved. Try again.';
}

/**
 * The measure's target: read-only for most users; for those allowed, a percentage to type and save,
 * or Cairn's default to go back to. Saved, the chart and table are drawn against it at once.
 */
export function TargetEditor({ measure, canSetTargets }: TargetEditorProps) {
  const inputId = useId();
  const [draft, setDraft] = useState<number | null>(measure.target.percent);
  const saving = useSetQualityTarget();
  const summary = `Target ${formatPercent(measure.target.percent)} (${targetSource(measure)})`;
  if (!canSetTargets) return <Typography.Text>{summary}</Typography.Text>;
  const save = (targetPercent: number | null) =>
    saving.mutate({ measureId: measure.measureId, targetPercent }, { onSuccess: (target) => setDraft(target.percent) });
  const isUnchanged = draft === measure.target.percent;
  return (
    <Flex vertical gap="small">
      <Flex
        component="form"
        gap="small"
        align="center"
        wrap
        onSubmit={(event) => {
          event.preventDefault();
          if (draft !== null) save(draft);
        }}
      >
        <label htmlFor={inputId}>{`${measure.measureId} target (%)`}</label>
        <InputNumber<number>
          id={inputId}
          min={QUALITY_TARGET_MIN}
          max={QUALITY_TARGET_MAX}
          step={1}
          precision={1}
          value={draft}
          onChange={(value) => setDraft(value)}
          style={{ width: 110 }}
        />
        <Button type="primary" htmlType="submit" loading={saving.isPending} disabled={draft === null || isUnchanged}>
          Save target
        </Button>
        {!measure.target.isDefault && (
          <Button onClick={() => save(null)} disabled={saving.isPending}>
            Use Cairn’s default
          </Button>
        )}
        <Typography.Text type="secondary" role="status">
          {saving.isSuccess ? `Saved. ${summary}.` : summary}
        </Typography.Text>
      </Flex>
      {saving.isError && <Alert type="error" showIcon title={refusalOf(saving.error)} />}
    </Flex>
  );
}
