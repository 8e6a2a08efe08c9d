import { QuestionCircleOutlined } from '@ant-design/icons';
import type { DxItem } from '@cairn/contracts';
import { Button, Popover, Typography } from 'antd';
import { ruleSourcesOf } from '../utils/evidence';
import { EXPLANATION_GROUP_LABELS, EXPLANATION_GROUP_TEXT } from '../utils/labels';

/** Why the suggestion is shown, and each rule behind it with its published source, once. */
function WhyContent({ item }: { item: DxItem }) {
  const rules = ruleSourcesOf(item.evidence);
  return (
    <div style={{ maxWidth: 440 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: 0.4 }}>
        {EXPLANATION_GROUP_LABELS[item.explanationGroup]}
      </Typography.Text>
      <Typography.Paragraph style={{ marginBottom: rules.length > 0 ? 8 : 0 }}>
        {item.explanation.trim() || EXPLANATION_GROUP_TEXT[item.explanationGroup]}
      </Typography.Paragraph>
      {rules.length > 0 && (
        <>
          <Typography.Text strong>{rules.length === 1 ? 'Rule' : 'Rules'}</Typography.Text>
          <ul aria-label="Rules" style={{ margin: 0, paddingInlineStart: 18 }}>
            {rules.map((rule) => (
              <li key={rule}>
                <Typography.Text>{rule}</Typography.Text>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** "Why": the suggestion's explanation and its rules, once per suggestion, in a popover (issue 16 item 1). */
export function WhyPopover({ item, codeLabel }: { item: DxItem; codeLabel: string }) {
  return (
    <Popover trigger="click" title={`Why ${codeLabel}?`} content={<WhyContent item={item} />} placement="bottomLeft">
      <Button
        type="link"
        size="small"
        icon={<QuestionCircleOutlined aria-hidden />}
        aria-label={`Why ${codeLabel} is suggested`}
        style={{ paddingInline: 4, height: 20, flex: 'none' }}
      >
        Why
      </Button>
    </Popover>
  );
}
