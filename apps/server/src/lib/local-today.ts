/** Today in the server's time zone (`YYYY-MM-DD`): the day the analysis, the schedule and the dashboards take. */
export function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
