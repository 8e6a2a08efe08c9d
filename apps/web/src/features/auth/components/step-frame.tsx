import type { ReactNode } from 'react';
import { CONTROLS_CSS } from './controls';

export interface StepFrameProps {
  title: string;
  /** A line under the title saying what to do. */
  intro?: ReactNode;
  /** An error from the last attempt. */
  error?: string;
  /** A notice that is not an error (a dormant account, a code sent). */
  notice?: string;
  children: ReactNode;
}

/** The common frame of every login step: its heading, what to do, and what went wrong. */
export function StepFrame({ title, intro, error, notice, children }: StepFrameProps) {
  return (
    <div style={{ maxWidth: 380, margin: '24px auto 0', display: 'grid', gap: 16 }}>
      <style>{CONTROLS_CSS}</style>
      <h1 style={{ fontSize: 22, fontWeight: 600, margin: 0 }}>{title}</h1>
      {intro && <p style={{ margin: 0, color: 'rgba(0, 0, 0, 0.65)' }}>{intro}</p>}
      {notice && <Notice tone="info">{notice}</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      {children}
    </div>
  );
}

/** A labelled field: the label names the control for screen readers and for tests. */
export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div style={{ display: 'grid', gap: 6 }}>
      <label htmlFor={id} style={{ fontWeight: 500 }}>
        {label}
      </label>
      {children}
    </div>
  );
}

const TONES = {
  info: { background: '#f0efff', border: '#c9c2fb' },
  error: { background: '#fff2f0', border: '#ffccc7' },
} as const;

/** A one-line message box; errors are announced to screen readers as they appear. */
function Notice({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      style={{
        padding: '8px 12px',
        borderRadius: 6,
        background: TONES[tone].background,
        border: `1px solid ${TONES[tone].border}`,
      }}
    >
      {children}
    </div>
  );
}
