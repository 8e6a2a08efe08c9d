import { DX_NOTE_MAX_LENGTH, type DxCaptureData, type IcdSearchResult } from '@cairn/contracts';
import { Button, Flex, Input, Typography } from 'antd';
import { useId, useState } from 'react';
import { useSnomedFromIcd } from '../api/get-snomed-from-icd';
import { useRecordCartChange } from '../api/record-cart-change';
import { describeApiError } from '../utils/errors';
import { findDecisionVersion } from '../utils/decisions';
import { formatIcdCode } from '../utils/format';
import { IcdCodeFacts } from './icd-code-facts';
import { LoadingState } from '../../../components/loading-state';
import { ErrorState } from '../../../components/error-state';

/**
 * The wizard's second step: the chosen code, the SNOMED CT concept(s) the EHR's problem list would
 * record, an optional note, and Add to cart. Adding a code that already has a decision (a rejected
 * suggestion, say) names that decision's version, as every change does.
 */
export function ChosenCode({
  data,
  chosen,
  onBack,
  onAdded,
}: {
  data: DxCaptureData;
  chosen: IcdSearchResult;
  onBack: () => void;
  onAdded: () => void;
}) {
  const snomed = useSnomedFromIcd(chosen.icdCode);
  const change = useRecordCartChange(data);
  const [note, setNote] = useState('');
  const noteId = useId();

  function add() {
    const trimmed = note.trim();
    const expectedVersion = findDecisionVersion(data, chosen.icdCode) ?? 0;
    change.mutate(
      [{ icdCode: chosen.icdCode, action: 'add', expectedVersion, ...(trimmed === '' ? {} : { note: trimmed }) }],
      { onSuccess: onAdded },
    );
  }

  return (
    <Flex vertical gap={12}>
      <Flex vertical gap={4}>
        <Typography.Text>
          <Typography.Text strong>{formatIcdCode(chosen.icdCode)}</Typography.Text> {chosen.description}
        </Typography.Text>
        <IcdCodeFacts result={chosen} />
      </Flex>
      <Flex vertical gap={4} aria-label="Problem list (SNOMED CT)" role="group">
        <Typography.Text type="secondary">Problem list (SNOMED CT)</Typography.Text>
        {snomed.isFetching && snomed.data === undefined ? (
          <LoadingState label="Loading problem list concepts" size="small" />
        ) : (snomed.data ?? []).length === 0 ? (
          <Typography.Text>No SNOMED CT concept for this code</Typography.Text>
        ) : (
          (snomed.data ?? []).map((concept) => (
            <Typography.Text key={concept.snomedCode}>
              {concept.display} ({concept.snomedCode})
            </Typography.Text>
          ))
        )}
      </Flex>
      <Flex vertical gap={4}>
        <label htmlFor={noteId}>Note (optional)</label>
        <Input.TextArea
          id={noteId}
          value={note}
          maxLength={DX_NOTE_MAX_LENGTH}
          autoSize={{ minRows: 2, maxRows: 6 }}
          onChange={(event) => setNote(event.target.value)}
        />
      </Flex>
      {change.isError && <ErrorState title={describeApiError(change.error)} />}
      <Flex justify="end" gap={8} wrap>
        <Button onClick={onBack} disabled={change.isPending}>
          Back to results
        </Button>
        <Button type="primary" loading={change.isPending} disabled={change.isPending} onClick={add}>
          Add to cart
        </Button>
      </Flex>
    </Flex>
  );
}
