import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic, Typography, theme } from 'antd';
import { useId, type CSSProperties } from 'react';
import { formatDifference, formatValue, type ValueFormat } from '../utils/format';

export interface KpiComparison {
  /** The value compared with (last month's, last year's). */
  value: number | null | undefined;
  /** When or what it was, as the sentence ends: 'in February', 'last year'. */
  label: string;
  /** Whether a rise is good news (a recapture rate) or bad (admissions); a rise is good unless told. */
  isHigherBetter?: boolean;
}

export interface KpiTile {
  key: string;
  label: string;
  value: number | null | undefined;
  format: ValueFormat;
  /** What the number means, under it. */
  description?: string;
  comparison?: KpiComparison;
  /** Makes the tile a button that opens the number's patients. */
  onDrill?: () => void;
  /** The button's name, instead of "Open suggestions: 1,204. Show the patients". */
  drillLabel?: string;
}

export interface KpiTilesProps {
  tiles: readonly KpiTile[];
  /** The row's name for screen readers ('Recapture this year'). */
  label: string;
  isLoading?: boolean;
}

/** A button that looks like the tile it fills; the browser's focus ring stays. */
const TILE_BUTTON: CSSProperties = {
  display: 'block',
  width: '100%',
  padding: 0,
  margin: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  color: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
};

type Trend = 'good' | 'bad' | 'same';

/** The change in words, so that it does not rest on colour: "Up 2.3 points from 55.0% in February". */
export function comparisonOf(
  value: number,
  comparison: KpiComparison & { value: number },
  format: ValueFormat,
): { text: string; trend: Trend; isRise: boolean } {
  const change = value - comparison.value;
  const previous = `${formatValue(comparison.value, format)} ${comparison.label}`;
  if (formatDifference(change, format) === formatDifference(0, format)) {
    return { text: `No change from ${previous}`, trend: 'same', isRise: false };
  }
  const isGood = change > 0 === (comparison.isHigherBetter ?? true);
  return {
    text: `${change > 0 ? 'Up' : 'Down'} ${formatDifference(change, format)} from ${previous}`,
    trend: isGood ? 'good' : 'bad',
    isRise: change > 0,
  };
}

/**
 * A row of headline numbers (antd Statistic): each with its format, an optional comparison written in
 * words (and coloured: green when it moved the good way), and, when drillable, the whole tile a button
 * to the patients behind it.
 */
export function KpiTiles({ tiles, label, isLoading = false }: KpiTilesProps) {
  return (
    <Row gutter={[16, 16]} role="list" aria-label={label}>
      {tiles.map((tile) => (
        <Col key={tile.key} xs={24} sm={12} lg={6} role="listitem">
          <KpiTileCard tile={tile} isLoading={isLoading} />
        </Col>
      ))}
    </Row>
  );
}

function KpiTileCard({ tile, isLoading }: { tile: KpiTile; isLoading: boolean }) {
  const { token } = theme.useToken();
  const detailsId = useId();
  const shown = formatValue(tile.value, tile.format);
  const comparison =
    typeof tile.value === 'number' && typeof tile.comparison?.value === 'number'
      ? comparisonOf(tile.value, { ...tile.comparison, value: tile.comparison.value }, tile.format)
      : undefined;
  const colour = { good: token.colorSuccess, bad: token.colorError, same: token.colorTextSecondary };
  const content = (
    <>
      <Statistic title={tile.label} value={shown} loading={isLoading} formatter={() => shown} />
      <div id={detailsId}>
        {comparison && !isLoading && (
          <Typography.Text style={{ color: colour[comparison.trend] }}>
            {comparison.trend !== 'same' &&
              (comparison.isRise ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />)}{' '}
            {comparison.text}
          </Typography.Text>
        )}
        {tile.description && (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {tile.description}
          </Typography.Paragraph>
        )}
      </div>
    </>
  );
  if (!tile.onDrill || isLoading) return <Card size="small">{content}</Card>;
  return (
    <Card size="small" hoverable>
      <button
        type="button"
        style={TILE_BUTTON}
        aria-label={tile.drillLabel ?? `${tile.label}: ${shown}. Show the patients`}
        aria-describedby={detailsId}
        onClick={tile.onDrill}
      >
        {content}
      </button>
    </Card>
  );
}
