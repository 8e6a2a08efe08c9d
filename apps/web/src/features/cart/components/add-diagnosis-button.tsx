import { PlusOutlined } from '@ant-design/icons';
import type { IcdSearchResult } from '@cairn/contracts';
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { CartProps } from '../types';
import { ChosenCode } from './chosen-code';
import { IcdSearchResults } from './icd-search-results';

/** The wizard's name in the product's analytics (spec §2: "add-diagnosis wizard"). */
export const ADD_DIAGNOSIS_ANALYTICS_NAME = 'add-diagnosis wizard';

/** The search asks once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;

/** Adds a diagnosis Cairn did not suggest: search the catalog, choose a code, add it to the cart. */
export function AddDiagnosisButton({ sid, data }: CartProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button icon={<PlusOutlined aria-hidden />} onClick={() => setIsOpen(true)}>
        Add diagnosis
      </Button>
      <Modal
        open={isOpen}
        title="Add a diagnosis"
        footer={null}
        width={640}
        destroyOnHidden
        onCancel={() => setIsOpen(false)}
      >
        {/* Keyed by visit: a search typed for one patient never carries over to another. */}
        <AddDiagnosisWizard key={sid} data={data} onAdded={() => setIsOpen(false)} />
      </Modal>
    </>
  );
}

function AddDiagnosisWizard({ data, onAdded }: { data: CartProps['data']; onAdded: () => void }) {
  const [searchText, setSearchText] = useState('');
  const debouncedText = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<IcdSearchResult | undefined>(undefined);
  return (
    <div data-analytics-name={ADD_DIAGNOSIS_ANALYTICS_NAME}>
      {chosen ? (
        <ChosenCode data={data} chosen={chosen} onBack={() => setChosen(undefined)} onAdded={onAdded} />
      ) : (
        <>
          <Input
            aria-label="Search diagnoses"
            placeholder="Code or description"
            allowClear
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            style={{ marginBottom: 12 }}
          />
          <IcdSearchResults sid={data.sid} searchText={debouncedText} onChoose={setChosen} />
        </>
      )}
    </div>
  );
}
