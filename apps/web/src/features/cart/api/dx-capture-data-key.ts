/**
 * The prefix of the Diagnosis Summary tab's query (owned by the tab): every change the cart makes
 * refreshes it, whatever grouping the tab asked for.
 */
export function dxCaptureDataKey(sid: string): readonly ['dxCaptureData', string] {
  return ['dxCaptureData', sid];
}
