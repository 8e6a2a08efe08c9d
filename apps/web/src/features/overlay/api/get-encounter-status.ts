import { getEncounterStatus, type EncounterStatus } from '@cairn/contracts';
import { api } from '../../../lib/api';

/** The visit's encounter in the EHR now: its id, status, and whether it can take diagnoses. */
export async function fetchEncounterStatus(summaryId: string): Promise<EncounterStatus> {
  const { result } = await api.call(getEncounterStatus, { sid: summaryId });
  return result;
}
