import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { MEAT_ELEMENTS } from '@cairn/contracts';
import { Alert, Button, Flex, Input, Typography } from 'antd';
import { useId, useState } from 'react';
import type { AssessmentDraft } from '../api/draft-assessment-note';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard';
import { formatIcdCode } from '../utils/format';

const MEAT_LABELS: Record<(typeof MEAT_ELEMENTS)[number], string> = {
  monitor: 'Monitor',
  evaluate: 'Evaluate',
  assess: 'Assess',
  treat: 'Treat',
};

/** The drafted text for the provider to edit and copy, with each diagnosis's supporting evidence (MEAT). */
export function NoteDraft({ draft }: { draft: AssessmentDraft }) {
  const [text, setText] = useState(draft.text);
  const { isCopied, copy } = useCopyToClipboard();
  const [copyFailed, setCopyFailed] = useState(false);
  const textId = useId();

  async function copyText() {
    setCopyFailed(!(await copy(text)));
  }

  return (
    <Flex vertical gap={8}>
      <label htmlFor={textId}>Assessment note</label>
      <Input.TextArea
        id={textId}
        value={text}
        autoSize={{ minRows: 6, maxRows: 16 }}
        onChange={(event) => setText(event.target.value)}
      />
      <Flex justify="end" align="center" gap={8}>
        <Button
          icon={isCopied ? <CheckOutlined aria-hidden /> : <CopyOutlined aria-hidden />}
          onClick={() => void copyText()}
        >
          {isCopied ? 'Copied' : 'Copy to clipboard'}
        </Button>
      </Flex>
      {copyFailed && (
        <Alert type="warning" showIcon title="The browser did not allow copying: select the text and copy it" />
      )}
      <section aria-label="Supporting evidence">
        {draft.diagnoses.map((diagnosis) => (
          <Flex key={diagnosis.icdCode} vertical gap={2} style={{ marginBottom: 8 }}>
            <Typography.Text strong>
              {formatIcdCode(diagnosis.icdCode)} {diagnosis.description}
            </Typography.Text>
            {MEAT_ELEMENTS.map((element) => {
              const line = diagnosis.meat[element];
              return line === undefined ? null : (
                <Typography.Text key={element}>
                  <Typography.Text type="secondary">{MEAT_LABELS[element]}:</Typography.Text> {line}
                </Typography.Text>
              );
            })}
          </Flex>
        ))}
      </section>
    </Flex>
  );
}
