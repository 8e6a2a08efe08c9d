import { useEffect, useState } from 'react';

/** Spec §9: how long the copy-success indication shows. */
export const COPY_SUCCESS_MS = 3000;

/**
 * Copies text with the browser's clipboard and says so for three seconds. Answers false when the
 * browser refuses (no permission, an insecure page), so that the caller can say to copy by hand.
 */
export function useCopyToClipboard(): { isCopied: boolean; copy: (text: string) => Promise<boolean> } {
  const [copiedAt, setCopiedAt] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (copiedAt === undefined) return;
    const timer = setTimeout(() => setCopiedAt(undefined), COPY_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  async function copy(text: string): Promise<boolean> {
    try {
      await navigator.clipboard.writeText(text);
      setCopiedAt(Date.now());
      return true;
    } catch {
      return false;
    }
  }
  return { isCopied: copiedAt !== undefined, copy };
}
