import type { ClinicalResultFlag } from '@cairn/contracts';
import { Tag } from 'antd';
import { FLAG_LABELS } from '../utils/format';

/** A result out of its reference range, or interpreted as abnormal. */
export function ResultFlag({ flag }: { flag: ClinicalResultFlag | null }) {
  if (!flag) return null;
  return (
    <Tag color={flag === 'low' ? 'blue' : 'red'} variant="solid">
      {FLAG_LABELS[flag]}
    </Tag>
  );
}
