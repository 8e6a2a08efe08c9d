import type { DxCaptureData } from '@cairn/contracts';

/** What the Diagnosis Summary tab hands each of the cart's widgets: the visit and what it last read of it. */
export interface CartProps {
  sid: string;
  data: DxCaptureData;
}
