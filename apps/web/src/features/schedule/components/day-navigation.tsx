import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, DatePicker, Space, Typography } from 'antd';
import { dayjs, DATE_FORMATS, formatDate } from '../../../lib/dates';

export interface DayNavigationProps {
  /** `YYYY-MM-DD`. */
  isoDate: string;
  onChange: (isoDate: string) => void;
}

export function todayIsoDate(): string {
  return dayjs().format(DATE_FORMATS.isoDate);
}

/** Previous day, today, next day and a date picker; the day reads `ddd MM/DD` (spec §9). */
export function DayNavigation({ isoDate, onChange }: DayNavigationProps) {
  const shift = (days: number) => {
    onChange(dayjs(isoDate).add(days, 'day').format(DATE_FORMATS.isoDate));
  };
  return (
    <Space>
      <Button aria-label="Previous day" icon={<LeftOutlined aria-hidden />} onClick={() => shift(-1)} />
      <Button onClick={() => onChange(todayIsoDate())} disabled={isoDate === todayIsoDate()}>
        Today
      </Button>
      <Button aria-label="Next day" icon={<RightOutlined aria-hidden />} onClick={() => shift(1)} />
      <Typography.Text strong aria-live="polite" data-testid="schedule-day">
        {formatDate(isoDate, 'dayOfWeek')}
      </Typography.Text>
      <DatePicker
        aria-label="Choose a day"
        allowClear={false}
        value={dayjs(isoDate)}
        format={DATE_FORMATS.date}
        onChange={(value) => {
          if (value) onChange(value.format(DATE_FORMATS.isoDate));
        }}
      />
    </Space>
  );
}
