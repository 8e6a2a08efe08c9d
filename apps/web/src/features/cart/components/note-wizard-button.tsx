import { FileTextOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import type { CartProps } from '../types';
import { NoteWizard } from './note-wizard';

/** The wizard's name in the product's analytics (spec §2: "note wizard"). */
export const NOTE_WIZARD_ANALYTICS_NAME = 'note wizard';

/** Opens the note wizard: the assessment section drafted for the chosen diagnoses, to edit and copy into the EHR. */
export function NoteWizardButton({ sid, data }: CartProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button icon={<FileTextOutlined aria-hidden />} onClick={() => setIsOpen(true)}>
        Note wizard
      </Button>
      <Modal
        open={isOpen}
        title="Draft the assessment note"
        footer={null}
        width={720}
        destroyOnHidden
        onCancel={() => setIsOpen(false)}
      >
        <div data-analytics-name={NOTE_WIZARD_ANALYTICS_NAME}>
          <NoteWizard key={sid} data={data} />
        </div>
      </Modal>
    </>
  );
}
