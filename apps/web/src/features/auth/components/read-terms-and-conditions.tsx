import { useState } from 'react';
import { acceptTerms } from '../api/terms';
import { Button } from './controls';
import type { StepProps } from './flow';
import { StepFrame } from './step-frame';

/** Shown once after sign-in, until the user accepts the terms and conditions. */
export default function ReadTermsAndConditions({ flow }: StepProps) {
  const [hasRead, setHasRead] = useState(false);
  const [error, setError] = useState<string>();
  const [isSaving, setSaving] = useState(false);

  async function accept() {
    setSaving(true);
    try {
      await acceptTerms();
      flow.complete();
    } catch {
      setError('Your acceptance could not be saved. Please try again.');
      setSaving(false);
    }
  }

  return (
    <StepFrame title="Terms and conditions" error={error}>
      <section
        aria-label="Terms and conditions"
        style={{ maxHeight: 180, overflowY: 'auto', border: '1px solid #e4e4ee', borderRadius: 6, padding: 12 }}
      >
        <p style={{ marginTop: 0 }}>
          Cairn shows protected health information to help you care for your patients and code their visits. Use it only
          for patients you are treating or whose records you are authorised to review, keep your password and
          authenticator to yourself, and sign out on shared computers.
        </p>
        <p>
          Suggestions are decision support, not diagnoses: you remain responsible for every diagnosis you accept and
          send to the health record. Every access to a patient record is written to an audit log.
        </p>
        <p style={{ marginBottom: 0 }}>Your organisation&apos;s agreement with its Cairn operator governs the rest.</p>
      </section>
      <label style={{ display: 'flex', gap: 8, alignItems: 'center', cursor: 'pointer' }}>
        <input
          type="checkbox"
          checked={hasRead}
          onChange={(event) => setHasRead(event.target.checked)}
          style={{ width: 16, height: 16, accentColor: '#5944ef' }}
        />
        I have read and accept the terms and conditions
      </label>
      <Button disabled={!hasRead} isLoading={isSaving} onClick={() => void accept()}>
        Accept and continue
      </Button>
    </StepFrame>
  );
}
