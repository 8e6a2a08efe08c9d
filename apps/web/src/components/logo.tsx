import { LOGO_SIZES, type LogoSize } from '../config/constants';

/** Cairn's mark and name; heights Small 30, Base 38, Large 44 px (spec §2). */
export function Logo({ size = 'Base', withName = true }: { size?: LogoSize; withName?: boolean }) {
  const height = LOGO_SIZES[size];
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, height }} data-logo-size={size}>
      <img src="/cairn.svg" alt="Cairn" width={height} height={height} />
      {withName && <span style={{ fontWeight: 700, fontSize: height * 0.5, color: '#2d2480' }}>Cairn</span>}
    </span>
  );
}
