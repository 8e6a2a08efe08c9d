/**
 * The analytics' calendar day: the server's local day, as the analysis and the schedule take it. An
 * object, so that a test can hold the day still (`vi.spyOn(riskClock, 'today')`) while the tokens and
 * the database keep the real time.
 */
export const riskClock = {
  today(): string {
    const now = new Date();
    const pad = (value: number): string => String(value).padStart(2, '0');
    return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  },
};
